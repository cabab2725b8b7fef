/** Turns core events into OS notifications, and hands the unread count to the badge (main/shell/badge.ts). */
import { Notification } from 'electron';
import type { EventBus } from '../runtime/event-bus';
import { faxesNotification, overdueNotification, type NotificationText } from '../desktop-integration/fax-notification';
import type { SettingsStore } from '../store/settings-store';
import type { FaxId } from '../../preload/fax-id';
import type { FaxReceivedNotice } from '../../preload/models';

export function startNotifier(options: { events: EventBus; settings: SettingsStore; onOpenFax: (faxId: FaxId) => void; onUnread: (count: number) => void }): () => void {
  const enabled = (): boolean => options.settings.get().notifications.enabled && Notification.isSupported();
  /**
   * Notices emitted in one turn — a sync pass's new faxes, replies falling due together (a Monday morning's) — shown
   * as one notification, which opens the first one's fax.
   */
  function together<T extends { faxId: FaxId }>(text: (notices: T[]) => NotificationText | null): (notice: T) => void {
    let gathered: T[] = [];
    const show = (): void => {
      const notices = gathered;
      gathered = [];
      const shown = text(notices);
      const [first] = notices;
      if (!shown || !first || !Notification.isSupported()) return;
      const notification = new Notification({ title: shown.title, body: shown.body });
      notification.on('click', () => options.onOpenFax(first.faxId));
      notification.show();
    };
    return (notice) => {
      gathered.push(notice);
      if (gathered.length === 1) setImmediate(show);
    };
  }
  const announceArrivals = together<FaxReceivedNotice>((notices) => faxesNotification(notices, options.settings.get().notifications));
  const announceOverdue = together<{ faxId: FaxId; reference: string }>((notices) => (enabled() ? overdueNotification(notices.map((notice) => notice.reference)) : null));
  const listening = [
    options.events.on('faxReceived', announceArrivals),
    options.events.on('replyOverdue', announceOverdue),
    options.events.on('notice', (notice) => {
      if (enabled()) new Notification({ title: notice.title, body: notice.body }).show();
    }),
    options.events.on('faxesChanged', (change) => options.onUnread(change.unreadInbound)),
  ];
  return () => {
    for (const stop of listening) stop();
  };
}
