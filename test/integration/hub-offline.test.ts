/**
 * A desk that loses the hub (a TCP proxy cut) keeps working: its triage actions are journaled, shown as pending,
 * and applied once when the hub is back; a claim that lost meanwhile is told with who and when. Against a real
 * PostgreSQL, with two desks' full triage (session, live feed, journal).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/log/logger';
import type { LostClaim, TriageStatus } from '../../main/triage/shared-triage';
import { createOfficeDesk, type OfficeDesk } from '../../main/triage/office-desk';
import { createTestOffice, type TestOffice } from '../helpers/hub-office';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { waitUntil } from '../helpers/wait';

let server: PrivatePostgres;
let office: TestOffice;
let proxy: TcpProxy;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hub-offline-'));
const desks: OfficeDesk[] = [];

beforeAll(async () => {
  server = await startPrivatePostgres();
  office = await createTestOffice(server);
  proxy = await startTcpProxy({ host: server.host, port: server.port });
});

afterAll(async () => {
  for (const desk of desks) await desk.stop().catch(() => undefined);
  await proxy.close();
  server.destroy();
  fs.rmSync(work, { recursive: true, force: true });
});

interface TestDesk {
  desk: OfficeDesk;
  login: string;
  changed: string[];
  statuses: TriageStatus[];
  lost: LostClaim[];
}

async function startDesk(login: string, options: { viaProxy: boolean }): Promise<TestDesk> {
  const { session, address, password } = await office.person(login, login);
  await session.close();
  const changed: string[] = [];
  const statuses: TriageStatus[] = [];
  const lost: LostClaim[] = [];
  const desk = createOfficeDesk({
    address: options.viaProxy ? { ...address, port: proxy.port } : address,
    credentials: { password },
    officeKey: office.officeKey,
    deskId: crypto.randomUUID(),
    dataDir: fs.mkdtempSync(path.join(work, `${login}-`)),
    fileKey: crypto.randomBytes(32),
    log: silentLogger,
    onChanged: (ids) => changed.push(...ids),
    onStatus: (status) => statuses.push(status),
    onLostClaim: (claim) => lost.push(claim),
  });
  desks.push(desk);
  await desk.start();
  return { desk, login: address.user, changed, statuses, lost };
}

describe('a desk offline', () => {
  it('journals its actions while the hub is away, shows them pending, applies each once when it is back, and says which claim lost', async () => {
    const maria = await startDesk('off_maria', { viaProxy: false });
    const tom = await startDesk('off_tom', { viaProxy: true });
    expect(tom.desk.triage.status().state).toBe('connected');
    const [contested, noted] = ['940000000000000001', '940000000000000002'];

    proxy.cut();
    expect(await tom.desk.triage.act({ faxId: contested, kind: 'claim' })).toEqual({ queued: true });
    expect(await tom.desk.triage.act({ faxId: noted, kind: 'note', text: 'Called back, waiting for the form' })).toEqual({ queued: true });
    expect(await tom.desk.triage.act({ faxId: noted, kind: 'handled', handled: true })).toEqual({ queued: true });
    expect(tom.desk.triage.status()).toMatchObject({ state: 'offline', pending: 3 });
    // What Tom did shows on his desk at once, marked as not yet shared.
    expect(tom.desk.triage.view(contested)).toMatchObject({ claim: { by: tom.login }, pending: 1 });
    expect(tom.desk.triage.view(noted)).toMatchObject({ notes: 1, handled: { by: tom.login }, pending: 2 });

    // Meanwhile Maria, online, claims the same fax.
    expect(await maria.desk.triage.act({ faxId: contested, kind: 'claim' })).toMatchObject({ queued: false, claim: { won: true } });

    proxy.restore();
    await waitUntil(() => tom.desk.triage.status().pending, (count) => count === 0, { what: "Tom's journal to empty", timeoutMs: 20_000 });
    expect(tom.lost).toEqual([{ faxId: contested, by: maria.login, since: expect.any(Number) as number }]);
    expect(tom.desk.triage.view(contested)?.claim?.by).toBe(maria.login);
    await waitUntil(() => maria.desk.triage.view(noted), (view) => view?.notes === 1 && view.handled?.by === tom.login, { what: "Tom's note and mark on Maria's desk" });
    expect(tom.statuses.map((status) => status.state)).toContain('offline');
    expect(tom.desk.triage.status().state).toBe('connected');

    // Once each on the hub.
    expect(server.sql(office.address.database, `SELECT count(*) FROM fax_hub.notes WHERE fax_id = '${noted}'`).trim()).toBe('1');
    // In the order of his desk's entries (seq): `at` is to the millisecond, and a drain can write two in one.
    expect(server.sql(office.address.database, `SELECT action FROM fax_hub.audit WHERE actor = '${tom.login}' ORDER BY seq`).trim().split('\n')).toEqual(['noted', 'handled']);
  });

  it('a desk that starts while the hub is away reads what changed meanwhile once it is back (no notification brings it)', async () => {
    const ada = await startDesk('cold_ada', { viaProxy: false });
    const faxId = '940000000000000004';
    proxy.cut();
    const cy = await startDesk('cold_cy', { viaProxy: true });
    expect(cy.desk.triage.status().state).toBe('offline');
    expect(await ada.desk.triage.act({ faxId, kind: 'claim' })).toMatchObject({ queued: false, claim: { won: true } });
    await ada.desk.triage.act({ faxId, kind: 'note', text: 'Waiting for the lab' });
    proxy.restore();
    await waitUntil(() => cy.desk.triage.view(faxId), (view) => view?.claim?.by === ada.login && view.notes === 1, { what: "Ada's claim and note on Cy's desk", timeoutMs: 20_000 });
    expect(cy.changed).toContain(faxId);
  });

  it('an action made online answers at once; a claim lost online is answered, not told as lost', async () => {
    const ana = await startDesk('on_ana', { viaProxy: false });
    const ben = await startDesk('on_ben', { viaProxy: false });
    const faxId = '940000000000000003';
    expect(await ana.desk.triage.act({ faxId, kind: 'claim' })).toMatchObject({ queued: false, claim: { won: true } });
    expect(await ben.desk.triage.act({ faxId, kind: 'claim' })).toMatchObject({ queued: false, claim: { won: false, by: ana.login } });
    expect(ben.lost).toEqual([]);
    await waitUntil(() => ben.desk.triage.view(faxId)?.claim?.by, (by) => by === ana.login, { what: "Ana's claim on Ben's desk" });
  });
});
