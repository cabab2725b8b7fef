/** Turns core events into OS notifications, and hands the unread count to the badge (main/shell/badge.ts). */
import { Notification } from 'electron';
import type { EventBus } from '../runtime/event-bus';
import { faxesNotification } from '../desktop-integration/fax-notification';
import type { SettingsStore } from '../store/settings-store';
import { say } from '../i18n/main-locale';
import { msg } from '../../preload/i18n/translator';
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
  const listening = [
    options.events.on('faxReceived', (notice) => {
      arrived.push(notice);
      if (arrived.length === 1) setImmediate(showArrived);
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
