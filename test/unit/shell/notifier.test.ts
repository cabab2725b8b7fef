import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../../main/runtime/event-bus';
import { createSettingsStore } from '../../../main/store/settings-store';

const electron = vi.hoisted(() => {
  const shown: Array<{ title: string; body: string }> = [];
  class Notification {
    static isSupported = () => true;
    private handlers = new Map<string, () => void>();
    constructor(readonly options: { title: string; body: string }) {}
    on(event: string, handler: () => void) {
      this.handlers.set(event, handler);
    }
    show() {
      shown.push(this.options);
      this.handlers.get('click')?.();
    }
  }
  return { shown, Notification, app: { setBadgeCount: vi.fn() } };
});
vi.mock('electron', () => ({ Notification: electron.Notification, app: electron.app }));

const { startNotifier } = await import('../../../main/shell/notifier');

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A notifier on a fresh bus and settings, with nothing shown yet; what it opened and the unread counts it passed. */
function started() {
  const events = createEventBus();
  const settings = createSettingsStore({ store: {} }, { downloadFolder: '/tmp' });
  const opened: string[] = [];
  const unread: number[] = [];
  startNotifier({ events, settings, onOpenFax: (id) => opened.push(id), onUnread: (count) => unread.push(count) });
  electron.shown.length = 0;
  return { events, settings, opened, unread };
}

describe('shell notifier', () => {
  it('shows a notification without the number by default, opens the fax on click, and passes on the unread count', async () => {
    const { events, opened, unread } = started();
    events.emit('faxReceived', { faxId: '12', from: null, pages: 2 });
    await nextTurn();
    expect(electron.shown).toEqual([{ title: 'New fax received', body: '2 pages' }]);
    expect(JSON.stringify(electron.shown)).not.toMatch(/\+\d/);
    expect(opened).toEqual(['12']);
    events.emit('faxesChanged', { added: ['12'], updated: [], unreadInbound: 4 });
    expect(unread).toEqual([4]);
  });

  it('faxes announced together make one notification, which opens the first; the next arrival its own', async () => {
    const { events, opened } = started();
    for (const [faxId, pages] of [['40', 2], ['41', 1], ['42', 4]] as const) events.emit('faxReceived', { faxId, from: '+14155550100', pages });
    await nextTurn();
    expect(electron.shown).toEqual([{ title: '3 new faxes received', body: '7 pages in all' }]);
    expect(opened).toEqual(['40']);
    events.emit('faxReceived', { faxId: '43', from: null, pages: 1 });
    await nextTurn();
    expect(electron.shown.at(-1)).toEqual({ title: 'New fax received', body: '1 page' });
    expect(electron.shown).toHaveLength(2);
  });

  it('announces an overdue reply with the fax reference only, and opens that fax on click; not when notifications are off', async () => {
    const { events, settings, opened } = started();
    events.emit('replyOverdue', { faxId: '31', reference: 'FX-31' });
    await nextTurn();
    expect(electron.shown).toEqual([{ title: 'A reply is overdue', body: 'No reply yet to fax FX-31.' }]);
    expect(opened).toEqual(['31']);
    // Several falling due together: one notification naming three and counting the rest.
    for (const id of ['33', '34', '35', '36', '37']) events.emit('replyOverdue', { faxId: id, reference: `FX-${id}` });
    await nextTurn();
    expect(electron.shown.at(-1)).toEqual({ title: '5 replies are overdue', body: 'No reply yet to FX-33, FX-34, FX-35 and 2 more.' });
    expect(opened).toEqual(['31', '33']);
    settings.update({ notifications: { enabled: false } });
    events.emit('replyOverdue', { faxId: '32', reference: 'FX-32' });
    await nextTurn();
    expect(electron.shown).toHaveLength(2);
  });
});
