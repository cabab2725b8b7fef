// Live and honest, against the sandbox: polling follows what the user does within a fifth of the budget, a fax
// in flight is followed within seconds, the first sync marks the last day's faxes unread, and the status says
// what the app is really waiting for.
import { describe, expect, it } from 'vitest';
import type { AppStatus, SubmissionView } from '../../preload/models';
import type { ConnectedCore } from '../helpers/connected-core';
import { useSandbox } from '../helpers/sandbox-fixture';
import { virtualTime, type VirtualTime } from '../helpers/virtual-time';
import { waitUntil } from '../helpers/wait';
import { onePagePdf } from '../fax-service/testkit';

const fixture = useSandbox();

async function requestsOf(app: Pick<ConnectedCore, 'accountId' | 'keyId'>): Promise<number> {
  const { json } = await fixture.t.control<{ data: Array<{ key_id: string | null }> }>('GET', `/accounts/${app.accountId}/requests`);
  return json.data.filter((entry) => entry.key_id === app.keyId).length;
}

/** Lets `seconds` of virtual time pass, one second at a time, each pass finishing before the next second. */
async function pass(app: ConnectedCore, time: VirtualTime, seconds: number): Promise<void> {
  const services = await app.core.services();
  for (let second = 0; second < seconds; second += 1) {
    await time.advance(1000);
    await waitUntil(() => services.sync.state().phase, (phase) => phase !== 'syncing', { what: 'sync pass', timeoutMs: 30_000 });
  }
}

async function requestsPerMinute(app: ConnectedCore, time: VirtualTime, minutes: number): Promise<number> {
  const before = await requestsOf(app);
  await pass(app, time, minutes * 60);
  return ((await requestsOf(app)) - before) / minutes;
}

function status(app: Pick<ConnectedCore, 'call'>): Promise<AppStatus> {
  return app.call('getStatus').then((reply) => (reply as { ok: true; value: AppStatus }).value);
}

describe('polling follows the user, within a fifth of the budget', () => {
  it('in the background ≤ 2 a minute; while the window is in use every few seconds (a new fax shows within 5 s); never over 24 a minute', async () => {
    const time = virtualTime(Date.now());
    const app = await fixture.connect({ extra: { now: time.now, timers: time.timers } });
    await pass(app, time, 30);
    expect(await requestsPerMinute(app, time, 3)).toBeLessThanOrEqual(2);
    // Someone opens the window: passes every few seconds.
    await app.call('reportPresence', { visible: true, focused: true });
    const inUse = await requestsPerMinute(app, time, 2);
    expect(inUse).toBeGreaterThanOrEqual(10);
    expect(inUse).toBeLessThanOrEqual(24);
    const services = await app.core.services();
    const { json } = await fixture.t.control<{ fax_id: number }>('POST', `/accounts/${app.accountId}/inbound`, { pages: 1 });
    let waited = 0;
    while (services.cache.faxes.detail(String(json.fax_id)) === null && waited < 20) {
      await pass(app, time, 1);
      waited += 1;
    }
    expect(waited).toBeLessThanOrEqual(5);
    // Locked, or the window in the background: back to the user's interval.
    await app.call('reportPresence', { visible: true, focused: false });
    await pass(app, time, 30);
    expect(await requestsPerMinute(app, time, 2)).toBeLessThanOrEqual(2);
  }, 120_000);

  it('with 20 faxes in flight: every 2.5 s (24 a minute at most), slower once nothing changes for a minute, slower still after three', async () => {
    const time = virtualTime(Date.now());
    const app = await fixture.connect({ extra: { now: time.now, timers: time.timers } });
    const services = await app.core.services();
    // Faxes this app sent that the service has not finished (kept in flight: the service never lists them).
    for (let index = 0; index < 20; index += 1) {
      services.cache.faxes.recordSent({ id: String(900_000 + index), reference: null, status: 'sending', pages: 1, recipients: [{ to: '+14155550100', name: null, status: 'sending', error: null, reason: null }], subject: null, submissionId: `s${index}` });
    }
    services.sync.expedite();
    const fast = await requestsPerMinute(app, time, 1);
    expect(fast).toBeGreaterThanOrEqual(20);
    expect(fast).toBeLessThanOrEqual(24);
    expect(await requestsPerMinute(app, time, 1)).toBeLessThanOrEqual(13);
    await pass(app, time, 60);
    expect(await requestsPerMinute(app, time, 1)).toBeLessThanOrEqual(7);
  }, 180_000);
});

describe('a fax in flight is followed closely', () => {
  it('the delivered state reaches the app once the service reached it (how soon: the 2.5 s cadence on the app\'s clock above, and the bench\'s "outbound status lag")', async () => {
    const app = await fixture.connect();
    const services = await app.core.services();
    // The fax goes out through the outbox, as a user's would.
    const file = `${app.dataDir}/letter.pdf`;
    (await import('node:fs')).writeFileSync(file, onePagePdf);
    const { value } = (await app.call('stageFiles', { paths: [file] })) as { ok: true; value: { staged: Array<{ id: string }> } };
    const sent = (await app.call('sendFax', { recipients: [{ number: '+14155550100' }], fileIds: value.staged.map((item) => item.id) })) as { ok: true; value: SubmissionView };
    const accepted = await waitUntil(() => services.outbox.record(sent.value.id), (record) => record?.state === 'accepted', { what: 'accepted' });
    const faxId = accepted?.faxId ?? '';
    // Watch the service itself, with its own key, until the fax is delivered there.
    const watcher = await fixture.t.key(app.accountId, ['fax:read']);
    await waitUntil(async () => ((await fixture.t.api(watcher.key, 'GET', `/faxes/${faxId}`)).json as { data: { status: string } }).data.status, (state) => state === 'delivered', { what: 'delivered on the service', timeoutMs: 60_000 });
    await waitUntil(() => services.cache.faxes.detail(faxId)?.status, (state) => state === 'delivered', { what: 'delivered in the app', timeoutMs: 60_000 });
  }, 150_000);
});

describe('first sync', () => {
  it('faxes received in the last 24 hours before the first connection arrive unread; older ones read', async () => {
    const accountId = await fixture.t.account();
    const hour = 3600_000;
    await fixture.t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'inbound', count: 3, spacing_seconds: 3600, newest_at: new Date(Date.now() - 2 * hour).toISOString() });
    await fixture.t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'inbound', count: 5, spacing_seconds: 3600, newest_at: new Date(Date.now() - 30 * hour).toISOString() });
    const app = await fixture.connect({ accountId });
    expect((await app.core.services()).cache.faxes.unreadInbound()).toBe(3);
    // The window is a setting: none at all.
    const other = await fixture.t.account();
    await fixture.t.control('POST', `/accounts/${other}/faxes`, { direction: 'inbound', count: 2, spacing_seconds: 60, newest_at: new Date(Date.now() - hour).toISOString() });
    const core = fixture.core();
    core.settings.update({ firstSyncUnreadHours: 0 });
    await core.core.start();
    const key = await fixture.t.key(other, ['fax:read', 'account:read']);
    await core.call('connect', { apiKey: key.key });
    const services = await core.core.services();
    await waitUntil(() => services.sync.state(), (state) => state.phase === 'idle', { what: 'first sync' });
    expect(services.cache.faxes.count()).toBe(2);
    expect(services.cache.faxes.unreadInbound()).toBe(0);
  });
});

describe('the status says what the app is really waiting for', () => {
  it('a 429: "waiting for the rate limit" with the next try; a send waits as "waiting", never "uploading"', async () => {
    const app = await fixture.connect();
    await fixture.t.control('POST', '/faults', { method: 'GET', path: '/faxes', status: 429, times: 1 });
    await app.call('syncNow');
    const limited = await status(app);
    expect(limited).toMatchObject({ kind: 'rate_limited', byService: true });
    if (limited.kind === 'rate_limited') expect(limited.retryAt).toBeGreaterThan(Date.now());
    const file = `${app.dataDir}/letter.pdf`;
    (await import('node:fs')).writeFileSync(file, onePagePdf);
    const { value } = (await app.call('stageFiles', { paths: [file] })) as { ok: true; value: { staged: Array<{ id: string }> } };
    const seen: string[] = [];
    app.core.events.subscribe((name, payload) => {
      if (name === 'outboxChanged') for (const item of payload as SubmissionView[]) seen.push(`${item.state}${item.error?.kind === 'rate_limited' ? ':rate_limited' : ''}`);
    });
    const sent = (await app.call('sendFax', { recipients: [{ number: '+14155550100' }], fileIds: value.staged.map((item) => item.id) })) as { ok: true; value: SubmissionView };
    const services = await app.core.services();
    await waitUntil(() => services.outbox.record(sent.value.id)?.state, (state) => state === 'accepted', { what: 'accepted after the wait' });
    expect(seen, seen.join(' ')).toContain('waiting:rate_limited');
    expect(seen.indexOf("uploading"), seen.join(" ")).toBeGreaterThan(seen.indexOf("waiting:rate_limited"));
    await waitUntil(() => status(app), (current) => current.kind === 'up_to_date', { what: 'up to date again' });
  });

  it('replies that cannot be read: "can\'t read the replies since …", the same "since" while it lasts, up to date after', async () => {
    const app = await fixture.connect();
    await fixture.t.control('POST', '/faults', { method: 'GET', path: '/faxes', status: 200, times: 9, garble: 'html' });
    await app.call('syncNow');
    const first = await status(app);
    expect(first).toMatchObject({ kind: 'unreadable' });
    await app.call('syncNow');
    const second = await status(app);
    expect(second).toMatchObject({ kind: 'unreadable' });
    if (first.kind === 'unreadable' && second.kind === 'unreadable') {
      expect(second.since).toBe(first.since);
      expect(second.retryAt).toBeGreaterThan(Date.now());
    }
    await fixture.t.control('DELETE', '/faults');
    await app.call('syncNow');
    expect(await status(app)).toMatchObject({ kind: 'up_to_date' });
  });

  it('"offline" ends the moment any request succeeds, not at the next scheduled try', async () => {
    const { startTestSandbox } = await import('../fax-service/testkit');
    const own = await startTestSandbox();
    const { key } = await own.fullAccess();
    const app = fixture.core({ baseUrl: own.sandbox.baseUrl, caPath: own.sandbox.caCertPath });
    await app.core.start();
    await app.call('connect', { apiKey: key });
    const port = own.sandbox.port;
    const dataDir = own.dataDir;
    await own.sandbox.close();
    await app.core.connection.reconnect();
    expect(await status(app)).toMatchObject({ kind: 'offline' });
    const { startSandbox } = await import('../fax-service/server');
    const back = await startSandbox({ dataDir, port });
    try {
      // Any call that gets a reply (here the account, asked for by the Account view) ends "offline" at once.
      await app.call('getAccount', { refresh: true });
      expect(app.core.connection.state().status).toBe('connected');
      expect((await status(app)).kind).not.toBe('offline');
    } finally {
      await back.close();
    }
  });
});
