// The sync engine against the sandbox over TLS with the real encrypted cache.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { FaxListPage, FaxReceivedNotice, SyncState } from '../../preload/models';
import { connectedCore } from '../helpers/connected-core';
import { useSandbox } from '../helpers/sandbox-fixture';
import { waitUntil } from '../helpers/wait';
import { onePagePdf } from '../fax-service/testkit';

const fixture = useSandbox();

async function requestsOf(accountId: string): Promise<Array<{ method: string; path: string; query: Record<string, string>; status: number }>> {
  return (await fixture.t.control<{ data: Array<{ method: string; path: string; query: Record<string, string>; status: number }> }>('GET', `/accounts/${accountId}/requests`)).json.data;
}

type Ok<T> = { ok: true; value: T };

describe('sync', () => {
  it('first sync of 1,000 faxes takes ceil(1000/100) = 10 list calls; history (older than a day) arrives read', async () => {
    const accountId = await fixture.t.account();
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000).toISOString();
    await fixture.t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'outbound', count: 600, spacing_seconds: 30 });
    await fixture.t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'inbound', count: 400, spacing_seconds: 45, newest_at: twoDaysAgo });
    const app = await fixture.connect({ accountId });
    const lists = (await requestsOf(accountId)).filter((request) => request.method === 'GET' && request.path === '/v1/faxes' && request.query.limit === '100');
    expect(lists).toHaveLength(10);
    expect(lists.map((request) => Number(request.query.offset))).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    const services = await app.core.services();
    expect(services.cache.faxes.count()).toBe(1000);
    expect(services.cache.faxes.unreadInbound()).toBe(0);
    expect(app.events.some((event) => event.name === 'faxReceived')).toBe(false);
  });

  it('incremental sync picks up exactly the new faxes, including two with the same created_at and a late one with that same second', async () => {
    const app = await fixture.connect();
    const services = await app.core.services();
    const before = services.cache.faxes.count();
    const second = new Date(Date.now() + 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const first = await fixture.t.control<{ fax_id: number }>('POST', `/accounts/${app.accountId}/inbound`, { created_at: second, pages: 2 });
    const twin = await fixture.t.control<{ fax_id: number }>('POST', `/accounts/${app.accountId}/inbound`, { created_at: second, pages: 3 });
    await app.call('syncNow');
    expect(services.cache.faxes.count()).toBe(before + 2);
    // Another fax with the very same created_at arrives after that pass: the exclusive bound must not hide it.
    const late = await fixture.t.control<{ fax_id: number }>('POST', `/accounts/${app.accountId}/inbound`, { created_at: second, pages: 1 });
    await app.call('syncNow');
    expect(services.cache.faxes.count()).toBe(before + 3);
    const inbox = (await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 10 })) as Ok<FaxListPage>;
    expect(inbox.value.items.map((item) => item.id).sort()).toEqual([first.json.fax_id, twin.json.fax_id, late.json.fax_id].map(String).sort());
    expect(inbox.value.items.every((item) => item.unread)).toBe(true);
    const notices = app.events.filter((event) => event.name === 'faxReceived').map((event) => event.payload as FaxReceivedNotice);
    expect(notices.map((notice) => notice.faxId).sort()).toEqual([first.json.fax_id, twin.json.fax_id, late.json.fax_id].map(String).sort());
    // Without "show details", a notification carries no number.
    expect(notices.every((notice) => notice.from === null)).toBe(true);
    // The pass that found the late fax asked from before the shared second (the bound is exclusive).
    const bounded = (await requestsOf(app.accountId)).filter((request) => request.path === '/v1/faxes' && request.query.created_after);
    const lastBound = bounded.at(-1)?.query.created_after ?? '';
    expect(Date.parse(lastBound)).toBeLessThan(Date.parse(second));
  });

  it('tracks 100 pending outbound faxes with one list call per pass, never a 429, to their final states', async () => {
    const app = await fixture.connect({ account: { page_limit: 1_000_000 } });
    // Faxes received shortly before (older than the sends, not in the same second): inside the list call's
    // look-back, so the list has more than one page, of which only the first is needed.
    await fixture.t.control('POST', `/accounts/${app.accountId}/faxes`, { direction: 'inbound', count: 50, spacing_seconds: 2, newest_at: new Date(Date.now() - 10_000).toISOString() });
    await app.call('syncNow');
    // Another key of the same account sends them (the API's limit is per key), the service's clock stopped: on a busy
    // machine the first were delivered before the last was sent.
    const sender = await fixture.t.key(app.accountId, ['fax:send']);
    await fixture.t.freezeClock(true);
    const big = Buffer.concat(Array.from({ length: 1 }, () => onePagePdf));
    for (let index = 0; index < 100; index += 1) {
      const number = `+1415555${String(3000 + index)}`;
      const response = await fixture.t.send(sender.key, [{ name: 'to', value: number }, { name: 'files', filename: 'a.pdf', content: big }]);
      expect(response.status).toBe(202);
    }
    const services = await app.core.services();
    await app.call('syncNow');
    expect(services.cache.faxes.pending().length).toBe(100);
    const before = (await requestsOf(app.accountId)).length;
    for (let pass = 0; pass < 5; pass += 1) await app.call('syncNow');
    const perPass = ((await requestsOf(app.accountId)).length - before) / 5;
    expect(perPass).toBe(1);
    await fixture.t.freezeClock(false);
    await fixture.t.advance(60);
    await app.call('syncNow');
    expect(services.cache.faxes.pending()).toEqual([]);
    expect((await app.call('listFaxes', { direction: 'outbound', groups: ['delivered'], offset: 0, limit: 1 })) as Ok<FaxListPage>).toMatchObject({ value: { total: 100 } });
    expect((await requestsOf(app.accountId)).filter((request) => request.status === 429)).toEqual([]);
  });

  it('offline: the cache is still served, the state says offline, and sync resumes when the service is back', async () => {
    const { startTestSandbox: start } = await import('../fax-service/testkit');
    // Its own sandbox: this test stops and restarts it.
    const own = await start();
    const app = await connectedCore(own);
    onTestFinished(() => app.close());
    await own.control('POST', `/accounts/${app.accountId}/inbound`, { pages: 1 });
    await app.call('syncNow');
    const port = own.sandbox.port;
    const dataDir = own.dataDir;
    await own.sandbox.close();
    const offline = (await app.call('syncNow')) as Ok<SyncState>;
    expect(offline.value.phase).toBe('offline');
    expect(offline.value.message).toMatch(/Offline: showing saved faxes/);
    const cached = (await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 10 })) as Ok<FaxListPage>;
    expect(cached.value.total).toBe(1);
    const { startSandbox } = await import('../fax-service/server');
    const back = await startSandbox({ dataDir, port, controlToken: own.sandbox.controlToken });
    const backOnline = (await app.call('syncNow')) as Ok<SyncState>;
    expect(backOnline.value.phase).toBe('idle');
    await waitUntil(() => app.core.connection.state().status, (status) => status === 'connected', { what: 'reconnect' });
    await back.close();
  });
});
