/** Turns core events into OS notifications, and hands the unread count to the badge (main/shell/badge.ts). */
import { Notification } from 'electron';
import type { EventBus } from '../runtime/event-bus';
import { faxesNotification, overdueNotification } from '../desktop-integration/fax-notification';
import type { SettingsStore } from '../store/settings-store';
import type { FaxId } from '../../preload/fax-id';
import type { FaxReceivedNotice } from '../../preload/models';

export function startNotifier(options: { events: EventBus; settings: SettingsStore; onOpenFax: (faxId: FaxId) => void; onUnread: (count: number) => void }): () => void {
  const enabled = (): boolean => options.settings.get().notifications.enabled && Notification.isSupported();
  // A sync pass announces its new faxes one after another: they are shown as one notification.
  let arrived: FaxReceivedNotice[] = [];
  const showArrived = (): void => {
    const notices = arrived;
    arrived = [];
    const text = faxesNotification(notices, options.settings.get().notifications);
    const [first] = notices;
    if (!text || !first || !Notification.isSupported()) return;
    const notification = new Notification({ title: text.title, body: text.body });
    notification.on('click', () => options.onOpenFax(first.faxId));
    notification.show();
  };
  // Replies that fall due together (a Monday morning's) make one notification too.
  let overdue: Array<{ faxId: FaxId; reference: string }> = [];
  const showOverdue = (): void => {
    const due = overdue;
    overdue = [];
    const text = overdueNotification(due.map((notice) => notice.reference));
    const [first] = due;
    if (!text || !first || !enabled()) return;
    const notification = new Notification({ title: text.title, body: text.body });
    notification.on('click', () => options.onOpenFax(first.faxId));
    notification.show();
  };
  const listening = [
    options.events.on('faxReceived', (notice) => {
      arrived.push(notice);
      if (arrived.length === 1) setImmediate(showArrived);
    }),
    options.events.on('replyOverdue', (notice) => {
      overdue.push(notice);
      if (overdue.length === 1) setImmediate(showOverdue);
    }),
    options.events.on('notice', (notice) => {
      if (enabled()) new Notification({ title: notice.title, body: notice.body }).show();
    }),
    options.events.on('faxesChanged', (change) => options.onUnread(change.unreadInbound)),
  ];
  return () => {
    for (const stop of listening) stop();
  };
}
