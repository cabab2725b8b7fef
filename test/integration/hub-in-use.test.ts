/**
 * The office hub as an office uses it, on a real PostgreSQL of this file's own (it is stopped and started here):
 * desks with their full triage (one link, change feed, journal) through the hub going away and coming back —
 * stopped and started again, the network cut, the connection gone silent as a laptop's does asleep. What was
 * queued reaches the hub in order, each once, within 30 s of it answering again; a claim that lost meanwhile is
 * told by name. Three claims at once end with one owner on every desk. A removed person's desk says so, sends
 * nothing more and keeps what waits. A flood of notifications costs a handful of reads.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/log/logger';
import type { HubSession } from '../../main/hub/hub-session';
import type { LostClaim, TriageStatus } from '../../main/triage/shared-triage';
import { createOfficeDesk, type OfficeDesk } from '../../main/triage/office-desk';
import { createTestOffice, type TestOffice } from '../helpers/hub-office';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { waitUntil } from '../helpers/wait';

let server: PrivatePostgres;
let office: TestOffice;
let proxy: TcpProxy;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hub-in-use-'));
const desks: OfficeDesk[] = [];
const sessions: HubSession[] = [];

beforeAll(async () => {
  server = await startPrivatePostgres();
  office = await createTestOffice(server);
  proxy = await startTcpProxy({ host: server.host, port: server.port });
});

afterAll(async () => {
  for (const desk of desks) await desk.stop().catch(() => undefined);
  for (const session of sessions) await session.close().catch(() => undefined);
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
  removals: Array<{ login: string; by: string | null }>;
  reads: () => number;
  officeChanges: () => number;
}

let faxNumber = 0;
const newFax = (): string => `95${String(++faxNumber).padStart(16, '0')}`;

/** A desk as the app runs it, with quick timings where a test would otherwise wait on the defaults' seconds. */
async function startDesk(login: string, options: { viaProxy?: boolean } = {}): Promise<TestDesk> {
  const { session, address, password } = await office.person(login, login);
  await session.close();
  const changed: string[] = [];
  const statuses: TriageStatus[] = [];
  const lost: LostClaim[] = [];
  const removals: TestDesk['removals'] = [];
  let reads = 0;
  let officeChanges = 0;
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
    onRemovalHeard: (removed, by) => removals.push({ login: removed, by }),
    onOfficeChanged: () => (officeChanges += 1),
    heartbeatMs: 400,
    queryTimeoutMs: 2_000,
  });
  desks.push(desk);
  await desk.start();
  // Counts the desk's reads of changed faxes (each is one query of the triage by ids).
  const hub = await desk.triage.withSession((current) => Promise.resolve(current));
  const triage = hub.triage.bind(hub);
  hub.triage = (faxIds) => {
    if (faxIds !== undefined) reads += 1;
    return triage(faxIds);
  };
  return { desk, login: address.user, changed, statuses, lost, removals, reads: () => reads, officeChanges: () => officeChanges };
}

async function adminSession(): Promise<HubSession> {
  const session = await office.admin();
  sessions.push(session);
  return session;
}

const sql = (statement: string): string => server.sql(office.address.database, statement).trim();

/** Waits until `probe` gives the same value for a whole second (a desk's reads come at most every half second). */
async function settled(probe: () => number): Promise<void> {
  let last = probe();
  let since = Date.now();
  await waitUntil(
    () => {
      const now = probe();
      if (now !== last) [last, since] = [now, Date.now()];
      return Date.now() - since;
    },
    (quiet) => quiet >= 1_000,
    { what: 'the desk to settle' },
  );
}

describe('queues drain', () => {
  it('after the hub is stopped and started again: everything queued reaches it in order, each once; a claim that lost meanwhile is told by name', async () => {
    const tom = await startDesk('restart_tom');
    const [claimed, released, noted, contested] = [newFax(), newFax(), newFax(), newFax()];
    server.stop();
    await waitUntil(() => tom.desk.triage.status().state, (state) => state === 'offline', { what: "Tom's desk to see the hub gone" });
    // A claim, then its release: sent out of order the release would come first and the claim stay.
    const made = [
      { faxId: released, kind: 'claim' as const },
      { faxId: released, kind: 'release' as const },
      { faxId: noted, kind: 'note' as const, text: 'Called the lab back' },
      { faxId: noted, kind: 'handled' as const, handled: true },
      { faxId: claimed, kind: 'claim' as const },
      { faxId: contested, kind: 'claim' as const },
    ];
    for (const action of made) expect(await tom.desk.triage.act(action)).toEqual({ queued: true });
    const held = tom.desk.triage.status();
    expect(held).toMatchObject({ state: 'offline', pending: made.length, hold: { reason: 'unreachable' } });
    expect(held.hold?.since).toBeLessThanOrEqual(Date.now());

    server.start();
    // Maria, on the hub the moment it is back, claims a fax Tom claimed while it was away.
    const maria = await adminSession();
    expect(await maria.claim(contested)).toMatchObject({ won: true });
    // How soon after the hub is back is the desk's retry cadence (a unit test on its clock: hub-room's backoff); here
    // only that it drains, however loaded the machine.
    await waitUntil(() => tom.desk.triage.status().pending, (count) => count === 0, { what: "Tom's queue to drain", timeoutMs: 90_000 });

    expect(sql(`SELECT string_agg(action || ' ' || fax_id, ',' ORDER BY seq) FROM fax_hub.audit WHERE actor = '${tom.login}'`).split(',')).toEqual([
      `claimed ${released}`,
      `released ${released}`,
      `noted ${noted}`,
      `handled ${noted}`,
      `claimed ${claimed}`,
    ]);
    expect(sql(`SELECT fax_id || '=' || claimed_by FROM fax_hub.claims WHERE fax_id IN ('${claimed}', '${released}', '${contested}') ORDER BY fax_id`).split('\n').sort()).toEqual(
      [`${claimed}=${tom.login}`, `${contested}=${maria.login}`].sort(),
    );
    expect(sql(`SELECT count(*) FROM fax_hub.notes WHERE fax_id = '${noted}'`)).toBe('1');
    expect(tom.lost).toEqual([{ faxId: contested, by: maria.login, since: expect.any(Number) as number }]);
    await waitUntil(() => tom.desk.triage.view(contested)?.claim?.by, (by) => by === maria.login, { what: "Maria's claim on Tom's desk" });
    expect(tom.desk.triage.status()).toMatchObject({ state: 'connected', pending: 0, hold: null });
  });

  it('after the network was cut, and after the connection went silent as a laptop asleep leaves it: what waits goes in order once it is back', async () => {
    const ana = await startDesk('cut_ana', { viaProxy: true });
    const [first, second] = [newFax(), newFax()];
    proxy.cut();
    expect(await ana.desk.triage.act({ faxId: first, kind: 'claim' })).toEqual({ queued: true });
    expect(await ana.desk.triage.act({ faxId: first, kind: 'assign', assignee: ana.login })).toEqual({ queued: true });
    proxy.restore();
    await waitUntil(() => ana.desk.triage.status().pending, (count) => count === 0, { what: 'the queue after the cut', timeoutMs: 30_000 });

    proxy.stall();
    // Nothing resets the connection: the desk finds out by asking, and its actions wait.
    expect(await ana.desk.triage.act({ faxId: second, kind: 'claim' })).toEqual({ queued: true });
    expect(await ana.desk.triage.act({ faxId: second, kind: 'note', text: 'Faxed back the form' })).toEqual({ queued: true });
    await waitUntil(() => ana.desk.triage.status().state, (state) => state === 'offline', { what: 'the silent connection found out', timeoutMs: 10_000 });
    proxy.restore();
    await waitUntil(() => ana.desk.triage.status().pending, (count) => count === 0, { what: 'the queue after the silence', timeoutMs: 90_000 });
    expect(sql(`SELECT string_agg(action || ' ' || fax_id, ',' ORDER BY seq) FROM fax_hub.audit WHERE actor = '${ana.login}'`).split(',')).toEqual([
      `claimed ${first}`,
      `assigned ${first}`,
      `claimed ${second}`,
      `noted ${second}`,
    ]);
    expect(sql(`SELECT count(*) FROM fax_hub.notes WHERE fax_id = '${second}'`)).toBe('1');
  });
});

describe('agreement', () => {
  it('three claims at once: every desk shows the same owner, and each loser is answered with who has it', async () => {
    const trio = [await startDesk('race_a'), await startDesk('race_b'), await startDesk('race_c')];
    for (let round = 0; round < 5; round += 1) {
      const faxId = newFax();
      const outcomes = await Promise.all(trio.map((entry) => entry.desk.triage.act({ faxId, kind: 'claim' })));
      const winners = outcomes.flatMap((outcome, index) => (!outcome.queued && outcome.claim?.won ? [trio[index]?.login] : []));
      expect(winners).toHaveLength(1);
      for (const outcome of outcomes) if (!outcome.queued && outcome.claim?.won === false) expect(outcome.claim.by).toBe(winners[0]);
      // How soon is the bench's row ("three claims at once → one owner in every window"); here that they agree.
      await waitUntil(() => trio.map((entry) => entry.desk.triage.view(faxId)?.claim?.by), (owners) => owners.every((owner) => owner === winners[0]), { what: 'one owner on every desk' });
      // A lost claim answered at once is not told again as lost.
      for (const entry of trio) expect(entry.lost).toEqual([]);
    }
  });

  it("a flood of forged notifications from a member's own connection moves no desk: no fax, nor the office's lists, is read again", async () => {
    const ben = await startDesk('flood_ben');
    const faxId = newFax();
    await ben.desk.triage.act({ faxId, kind: 'claim' });
    await waitUntil(() => ben.desk.triage.status().pending, (count) => count === 0, { what: "Ben's claim" });
    // The hub's word on the claim has replaced the desk's own: nothing more is told for a while.
    await settled(() => ben.changed.length);
    const shown = JSON.stringify(ben.desk.triage.view(faxId));
    // Any member may NOTIFY on the office's channel: the flood comes from a member's raw SQL, not the app.
    const officeAtStart = ben.officeChanges();
    const { session: flooder } = await office.person('flood_member', 'Flood Member');
    sessions.push(flooder);
    // The member joining is a real change of the office's people: told before the flood begins.
    await waitUntil(() => ben.officeChanges(), (count) => count > officeAtStart, { what: 'the new member on Ben\'s desk' });
    await settled(() => ben.officeChanges());
    const [readsBefore, changedBefore, officeBefore] = [ben.reads(), ben.changed.length, ben.officeChanges()];
    const flood = async (): Promise<void> => {
      await flooder.withClient(async (client) => {
        for (let batch = 0; batch < 10; batch += 1) {
          await client.query(`SELECT pg_notify('fax_hub', (900000 + g) || ':' || $1) FROM generate_series(1, 500) g`, [faxId]);
          await client.query(`SELECT pg_notify('fax_hub', (950000 + g) || ':') FROM generate_series(1, 50) g`);
          await client.query(`SELECT pg_notify('fax_hub', 'changed')`);
        }
      });
    };
    await flood();
    await flood();
    // A real change after the flood, heard by the same feed: once it is on Ben's desk, the flood before it was too.
    const control = newFax();
    await flooder.claim(control);
    await waitUntil(() => ben.desk.triage.view(control)?.claim?.by, (by) => by === flooder.login, { what: 'the real change after the flood' });
    // The real change alone was read: not one read for the forged ones, and the office's lists not at all.
    expect(ben.reads() - readsBefore).toBe(1);
    expect(ben.officeChanges()).toBe(officeBefore);
    expect(JSON.stringify(ben.desk.triage.view(faxId))).toBe(shown);
    expect(ben.changed.slice(changedBefore)).toEqual([control]);
  });
});

describe('removal', () => {
  it("a removed person's desk, listening, is told who removed them; it sends and offers nothing more and stops knocking", async () => {
    const cy = await startDesk('removed_cy');
    const watcher = await startDesk('removal_watcher');
    const faxId = newFax();
    expect(await cy.desk.triage.act({ faxId, kind: 'claim' })).toMatchObject({ queued: false, claim: { won: true } });

    await office.remove(cy.login);
    await waitUntil(() => cy.desk.triage.status().state, (state) => state === 'removed', { what: "Cy's desk to see the removal" });
    expect(cy.removals).toEqual([{ login: cy.login, by: office.address.user }]);
    expect(watcher.desk.triage.status().state).toBe('connected');
    await expect(cy.desk.triage.act({ faxId, kind: 'release' })).rejects.toMatchObject({ details: { code: 'office_removed' } });
    expect(cy.desk.triage.status().pending).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // No connection, no tries: the hub sees nothing of the desk any more.
    expect(sql(`SELECT count(*) FROM pg_stat_activity WHERE usename = '${cy.login}'`)).toBe('0');
    expect(cy.desk.link.reachable).toBe(false);
  });

  it('removed while cut off: on its return the desk is refused, says so, and keeps what it queued for a look instead of retrying', async () => {
    const eve = await startDesk('removed_eve', { viaProxy: true });
    const faxId = newFax();
    proxy.cut();
    expect(await eve.desk.triage.act({ faxId, kind: 'note', text: 'Left a message' })).toEqual({ queued: true });
    expect(await eve.desk.triage.act({ faxId, kind: 'claim' })).toEqual({ queued: true });
    await office.remove(eve.login);
    proxy.restore();
    await waitUntil(() => eve.desk.triage.status().state, (state) => state === 'removed', { what: "Eve's desk to be refused", timeoutMs: 20_000 });
    expect(eve.desk.triage.waiting().map((action) => action.kind)).toEqual(['note', 'claim']);
    const opened = eve.desk.link.opened;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(eve.desk.link.opened).toBe(opened);
    expect(eve.desk.triage.status()).toMatchObject({ state: 'removed', pending: 2 });
    expect(sql(`SELECT count(*) FROM fax_hub.notes WHERE fax_id = '${faxId}'`)).toBe('0');
  });

  it("a forged removal notice (a member's, the administrator's) changes nothing: the desk checks with the hub", async () => {
    const dee = await startDesk('forged_dee');
    const { session: member } = await office.person('forger_member', 'Forger');
    sessions.push(member);
    for (const forger of [member, await adminSession()]) {
      await forger.withClient((client) => client.query(`SELECT pg_notify('fax_hub', 'removed:${dee.login}:${office.address.user}')`));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(dee.removals).toEqual([]);
    expect(dee.desk.triage.status().state).toBe('connected');
    expect(await dee.desk.triage.act({ faxId: newFax(), kind: 'claim' })).toMatchObject({ queued: false, claim: { won: true } });
  });
});
