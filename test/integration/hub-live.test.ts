/**
 * Live across desks on a real PostgreSQL: another desk's claim arrives within 2 s by LISTEN/NOTIFY; a change whose
 * notification never came is found by the catch-up; a dropped listening connection is made again and catches up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubLive, type HubLive } from '../../main/hub/hub-live';
import type { HubSession } from '../../main/hub/hub-session';
import { saveLabel } from '../../main/hub/office-labels';
import { createTestOffice, type TestOffice } from '../helpers/hub-office';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { waitUntil } from '../helpers/wait';

let server: PrivatePostgres;
let office: TestOffice;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  server = await startPrivatePostgres();
  office = await createTestOffice(server);
});

afterAll(async () => {
  for (const close of closers) await close().catch(() => undefined);
  server.destroy();
});

async function listeningDesk(login: string, catchUpMs = 30_000): Promise<{ session: HubSession; live: HubLive; heard: string[]; reachable: boolean[]; officeChanges: () => number }> {
  const { session, address, password } = await office.person(login, login);
  const heard: string[] = [];
  const reachable: boolean[] = [];
  let officeChanges = 0;
  const live = createHubLive({ address, credentials: { password }, onChanged: (ids) => heard.push(...ids), onOfficeChanged: () => (officeChanges += 1), onReachable: (value) => reachable.push(value), catchUpMs });
  live.start();
  closers.push(() => live.stop(), () => session.close());
  await waitUntil(() => live.reachable, (value) => value, { what: 'the live connection' });
  return { session, live, heard, reachable, officeChanges: () => officeChanges };
}

describe('live triage', () => {
  it("desk A's claim reaches desk B within 2 s", async () => {
    const a = await listeningDesk('live_a');
    const b = await listeningDesk('live_b');
    const started = Date.now();
    await a.session.claim('930000000000000001');
    await waitUntil(() => b.heard.includes('930000000000000001'), (value) => value, { what: 'the claim on desk B', timeoutMs: 2_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await b.session.triage(['930000000000000001'])).get('930000000000000001')?.claim?.by).toBe(a.session.login);
  });

  it('a change whose notification never came is found by the catch-up, once', async () => {
    const b = await listeningDesk('catch_b', 150);
    server.sql(office.address.database, "INSERT INTO fax_hub.changes (fax_id) VALUES ('930000000000000002')");
    await waitUntil(() => b.heard.filter((id) => id === '930000000000000002').length, (count) => count === 1, { what: 'the catch-up' });
    // What changed before this desk first listened (the claim of the test above) is state it read, not news.
    expect(b.heard).toEqual(['930000000000000002']);
    // Later catch-ups look back over it again but do not tell it twice.
    const seenAt = b.heard.length;
    server.sql(office.address.database, "INSERT INTO fax_hub.changes (fax_id) VALUES ('930000000000000003')");
    await waitUntil(() => b.heard.includes('930000000000000003'), (value) => value, { what: 'the next catch-up' });
    expect(b.heard.slice(seenAt)).toEqual(['930000000000000003']);
    expect(b.heard.filter((id) => id === '930000000000000002')).toHaveLength(1);
  });

  it('a label the administrator adds is told as a change of the office (live, and by the catch-up when missed), never as a fax', async () => {
    const b = await listeningDesk('labels_b', 150);
    const admin = await office.admin();
    closers.push(() => admin.close());
    const before = b.officeChanges();
    await admin.withClient((client) => saveLabel(client, admin.officeKey, { id: null, name: 'Lab' }));
    await waitUntil(() => b.officeChanges(), (count) => count > before, { what: 'the office change', timeoutMs: 2_000 });
    server.sql(office.address.database, "INSERT INTO fax_hub.changes (fax_id) VALUES ('')");
    await waitUntil(() => b.officeChanges(), (count) => count > before + 1, { what: 'the missed office change' });
    expect(b.heard).not.toContain('');
  });

  it('a dropped listening connection comes back by itself and catches up on what it missed', async () => {
    const a = await listeningDesk('drop_a');
    const b = await listeningDesk('drop_b');
    server.sql(office.address.database, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '${b.session.login}' AND application_name = 'Fax Desktop (live)'`);
    await waitUntil(() => b.reachable.at(-1), (value) => value === false, { what: 'desk B to notice the drop' });
    await a.session.setHandled('930000000000000004', true);
    await waitUntil(() => b.heard.includes('930000000000000004'), (value) => value, { what: 'desk B to catch up after reconnecting', timeoutMs: 10_000 });
    expect(b.reachable.slice(-2)).toEqual([false, true]);
  });
});
