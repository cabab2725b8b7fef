// Working through the inbox against the sandbox: received faxes are marked handled (and back) with a note, kept
// in the encrypted cache; the "Not handled" list and the count in the tray follow; sent faxes cannot be marked.
import { describe, expect, it } from 'vitest';
import type { FaxDetail, FaxListPage } from '../../preload/models';
import { useSandbox } from '../helpers/sandbox-fixture';
import { value, type Reply } from '../helpers/ipc-value';
import { waitUntil } from '../helpers/wait';

const fixture = useSandbox();

describe('handled marks and notes', () => {
  it('marks received faxes handled with a note; the list filter, the count and the tray follow', async () => {
    const app = await fixture.connect();
    await fixture.t.control('POST', `/accounts/${app.accountId}/faxes`, { direction: 'inbound', count: 3, spacing_seconds: 5, newest_at: new Date(Date.now() - 5_000).toISOString() });
    await value(await app.call('syncNow'));
    const inbox = await waitUntil(async () => value<FaxListPage>(await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 10 })), (page) => page.total === 3, { what: 'three received faxes' });
    expect(value<{ notHandled: number }>(await app.call('getNotHandledCount')).notHandled).toBe(3);
    const [first, second] = inbox.items;
    if (!first || !second) throw new Error('no faxes');

    expect(value<{ notHandled: number }>(await app.call('markHandled', { ids: [first.id, second.id], handled: true }))).toEqual({ notHandled: 1 });
    value(await app.call('setFaxNote', { id: first.id, note: '  Called back, appointment Friday  ' }));
    const detail = value<FaxDetail>(await app.call('getFax', { id: first.id }));
    expect(detail.handling?.note).toBe('Called back, appointment Friday');
    expect(detail.handling?.handledAt).toBeGreaterThan(Date.now() - 60_000);

    const notHandled = value<FaxListPage>(await app.call('listFaxes', { direction: 'inbound', notHandledOnly: true, offset: 0, limit: 10 }));
    expect(notHandled.items.map((item) => item.id)).toEqual(inbox.items.slice(2).map((item) => item.id));
    const all = value<FaxListPage>(await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 10 }));
    expect(all.items.map((item) => item.handled)).toEqual([true, true, false]);
    expect(app.core.commands.trayMenu().map((item) => ('label' in item ? item.label : ''))).toContain('1 fax not handled');
    expect(app.events.filter((event) => event.name === 'handlingChanged').at(-1)?.payload).toEqual({ notHandled: 1, faxIds: [first.id] });

    // And back: "not handled" again, the note kept.
    expect(value<{ notHandled: number }>(await app.call('markHandled', { ids: [first.id], handled: false }))).toEqual({ notHandled: 2 });
    const again = value<FaxDetail>(await app.call('getFax', { id: first.id }));
    expect(again.handling).toEqual({ handledAt: null, note: 'Called back, appointment Friday' });

    // A new fax arriving raises the count (the tray and status bar hear of it).
    await fixture.t.control('POST', `/accounts/${app.accountId}/inbound`, { pages: 1, from: '+14155550199' });
    await value(await app.call('syncNow'));
    await waitUntil(() => app.events.filter((event) => event.name === 'handlingChanged').at(-1)?.payload, (payload) => (payload as { notHandled: number } | undefined)?.notHandled === 3, { what: 'the count after a new fax' });
  });

  it('refuses a note on a sent fax and leaves sent faxes out of the count', async () => {
    const app = await fixture.connect();
    await fixture.t.control('POST', `/accounts/${app.accountId}/faxes`, { direction: 'outbound', count: 1, spacing_seconds: 5, newest_at: new Date(Date.now() - 5_000).toISOString() });
    await value(await app.call('syncNow'));
    const sent = await waitUntil(async () => value<FaxListPage>(await app.call('listFaxes', { direction: 'outbound', offset: 0, limit: 10 })), (page) => page.total === 1, { what: 'a sent fax' });
    const id = sent.items[0]?.id ?? '';
    const refused = (await app.call('setFaxNote', { id, note: 'x' })) as Reply<null>;
    expect(refused.ok).toBe(false);
    expect(value<{ notHandled: number }>(await app.call('markHandled', { ids: [id], handled: true }))).toEqual({ notHandled: 0 });
    expect(value<FaxDetail>(await app.call('getFax', { id })).handling).toBeUndefined();
  });
});
