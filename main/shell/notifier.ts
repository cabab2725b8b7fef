/** Turns core events into OS notifications, and hands the unread count to the badge (main/shell/badge.ts). */
import { Notification } from 'electron';
import type { EventBus } from '../runtime/event-bus';
import { faxNotification } from '../desktop-integration/fax-notification';
import type { SettingsStore } from '../store/settings-store';
import { say } from '../i18n/main-locale';
import { msg } from '../../preload/i18n/translator';
import type { FaxId } from '../../preload/fax-id';

export function startNotifier(options: { events: EventBus; settings: SettingsStore; onOpenFax: (faxId: FaxId) => void; onUnread: (count: number) => void }): () => void {
  const enabled = (): boolean => options.settings.get().notifications.enabled && Notification.isSupported();
  const listening = [
    options.events.on('faxReceived', (notice) => {
      const text = faxNotification(notice, options.settings.get().notifications);
      if (!text || !Notification.isSupported()) return;
      const notification = new Notification({ title: text.title, body: text.body });
      notification.on('click', () => options.onOpenFax(notice.faxId));
      notification.show();
    }),
    options.events.on('replyOverdue', (overdue) => {
      if (!enabled()) return;
      const notification = new Notification({ title: say(msg('notifier.aReplyIsOverdue')), body: say(msg('notifier.noReplyYetTo', { reference: overdue.reference })) });
      notification.on('click', () => options.onOpenFax(overdue.faxId));
      notification.show();
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
