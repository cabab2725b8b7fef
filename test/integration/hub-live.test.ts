/**
 * Live across desks on a real PostgreSQL, each desk on its one link (hub-link.ts) with the change feed on it:
 * another desk's claim arrives within 2 s by LISTEN/NOTIFY; a change whose notification never came is found by the
 * catch-up; a dropped connection is made again and catches up; a connection that goes silent (a pulled cable, a
 * laptop asleep) is found out by the heartbeat; a desk holds one connection, whatever it does.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubLink, type HubLink } from '../../main/hub/hub-link';
import { createHubLive, type HubLive } from '../../main/hub/hub-live';
import { openHubSession, type HubSession } from '../../main/hub/hub-session';
import { addLabel, createTestOffice, type TestOffice } from '../helpers/hub-office';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { waitUntil } from '../helpers/wait';

let server: PrivatePostgres;
let office: TestOffice;
let proxy: TcpProxy;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  server = await startPrivatePostgres();
  office = await createTestOffice(server);
  proxy = await startTcpProxy({ host: server.host, port: server.port });
});

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await proxy.close();
  server.destroy();
});

interface ListeningDesk {
  session: HubSession;
  link: HubLink;
  live: HubLive;
  heard: string[];
  reachable: boolean[];
  officeChanges: () => number;
}

async function listeningDesk(login: string, options: { catchUpMs?: number; viaProxy?: boolean; heartbeatMs?: number } = {}): Promise<ListeningDesk> {
  const { session: joined, address, password } = await office.person(login, login);
  await joined.close();
  const heard: string[] = [];
  const reachable: boolean[] = [];
  let officeChanges = 0;
  const feed: { live: HubLive | null } = { live: null };
  const at = options.viaProxy ? { ...address, port: proxy.port } : address;
  const link = createHubLink({
    address: at,
    credentials: { password },
    listen: true,
    onNotification: () => feed.live?.heard(),
    onReachable: (value, failure) => { reachable.push(value); if (process.env.DEBUG_LINK) console.log(Date.now() % 100000, login, value, failure?.details); },
    onListening: () => void feed.live?.listening(),
    onMode: () => feed.live?.modeChanged(),
    ...(options.heartbeatMs !== undefined ? { heartbeatMs: options.heartbeatMs, heartbeatTimeoutMs: options.heartbeatMs } : {}),
  });
  const live = createHubLive({ link, onChanged: (ids) => heard.push(...ids), onOfficeChanged: () => (officeChanges += 1), ...(options.catchUpMs !== undefined ? { catchUpMs: options.catchUpMs } : {}) });
  feed.live = live;
  link.start();
  live.start();
  const session = await openHubSession({ address: at, credentials: { password }, officeKey: office.officeKey, deskId: crypto.randomUUID(), link });
  closers.push(() => link.stop(), async () => live.stop());
  await waitUntil(() => link.reachable, (value) => value, { what: 'the link' });
  // The feed has read where the change log stands: what changes from here on is news.
  await live.catchUp();
  return { session, link, live, heard, reachable, officeChanges: () => officeChanges };
}

const connectionsOf = (login: string): number => Number(server.sql('postgres', `SELECT count(*) FROM pg_stat_activity WHERE usename = '${login}'`).trim());

describe('live triage', () => {
  it("desk A's claim reaches desk B (how soon: the bench's office hub rows)", async () => {
    const a = await listeningDesk('live_a');
    const b = await listeningDesk('live_b');
    await a.session.claim('930000000000000001');
    await waitUntil(() => b.heard.includes('930000000000000001'), (value) => value, { what: 'the claim on desk B' });
    expect((await b.session.triage(['930000000000000001'])).get('930000000000000001')?.claim?.by).toBe(a.session.login);
  });

  it('a desk holds one connection to the hub, whatever it asks (it listens on the same one)', async () => {
    const a = await listeningDesk('one_a');
    const b = await listeningDesk('one_b');
    const faxId = '930000000000000010';
    await Promise.all([a.session.claim(faxId), a.session.addNote(faxId, 'Called back'), a.session.setHandled(faxId, true), a.session.triage(), a.session.notes(faxId), a.session.auditEntries({ from: 0, to: Date.now() + 60_000 })]);
    await waitUntil(() => b.session.notes(faxId), (notes) => notes.length === 1, { what: "A's note" });
    await waitUntil(() => b.heard.includes(faxId), (value) => value, { what: "A's changes on B" });
    expect(connectionsOf(a.session.login)).toBe(1);
    expect(connectionsOf(b.session.login)).toBe(1);
    expect(a.link.opened).toBe(1);
  });

  it('a change whose notification never came is found by the catch-up, once', async () => {
    const b = await listeningDesk('catch_b', { catchUpMs: 150 });
    server.sql(office.address.database, "INSERT INTO fax_hub.changes (fax_id) VALUES ('930000000000000002')");
    await waitUntil(() => b.heard.filter((id) => id === '930000000000000002').length, (count) => count === 1, { what: 'the catch-up' });
    // What changed before this desk first listened (the claims of the tests above) is state it read, not news.
    expect(b.heard).toEqual(['930000000000000002']);
    // Later catch-ups look back over it again but do not tell it twice.
    const seenAt = b.heard.length;
    server.sql(office.address.database, "INSERT INTO fax_hub.changes (fax_id) VALUES ('930000000000000003')");
    await waitUntil(() => b.heard.includes('930000000000000003'), (value) => value, { what: 'the next catch-up' });
    expect(b.heard.slice(seenAt)).toEqual(['930000000000000003']);
    expect(b.heard.filter((id) => id === '930000000000000002')).toHaveLength(1);
  });

  it('a label the administrator adds is told as a change of the office (live, and by the catch-up when missed), never as a fax', async () => {
    const b = await listeningDesk('labels_b', { catchUpMs: 150 });
    const admin = await office.admin();
    closers.push(() => admin.close());
    const before = b.officeChanges();
    await addLabel(admin, 'Lab');
    await waitUntil(() => b.officeChanges(), (count) => count > before, { what: 'the office change' });
    server.sql(office.address.database, "INSERT INTO fax_hub.changes (fax_id) VALUES ('')");
    await waitUntil(() => b.officeChanges(), (count) => count > before + 1, { what: 'the missed office change' });
    expect(b.heard).not.toContain('');
  });

  it('a dropped connection comes back by itself and catches up on what it missed', async () => {
    const a = await listeningDesk('drop_a');
    const b = await listeningDesk('drop_b');
    server.sql(office.address.database, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '${b.session.login}'`);
    await waitUntil(() => b.reachable.at(-1), (value) => value === false, { what: 'desk B to notice the drop' });
    await a.session.setHandled('930000000000000004', true);
    await waitUntil(() => b.heard.includes('930000000000000004'), (value) => value, { what: 'desk B to catch up after reconnecting', timeoutMs: 10_000 });
    expect(b.reachable.slice(-2)).toEqual([false, true]);
  });

  it('a connection that goes silent (a pulled cable, a laptop asleep) is found out by the heartbeat and made again once the network is back', async () => {
    const a = await listeningDesk('silent_a');
    const b = await listeningDesk('silent_b', { viaProxy: true, heartbeatMs: 300 });
    proxy.stall();
    // Nothing reset the connection: only asking finds it dead.
    await waitUntil(() => b.reachable.at(-1), (value) => value === false, { what: 'the heartbeat to find the silent connection' });
    await a.session.claim('930000000000000005');
    proxy.restore();
    await waitUntil(() => b.heard.includes('930000000000000005'), (value) => value, { what: 'desk B to hear of the claim made while it was cut off', timeoutMs: 10_000 });
    expect(b.reachable.at(-1)).toBe(true);
    expect(connectionsOf(b.session.login)).toBe(1);
  });
});
