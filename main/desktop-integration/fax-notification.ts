/**
 * What an OS notification about a new fax says. Notifications show on lock screens, so by default they carry no
 * fax number and no name — only that a fax arrived and its length; the number appears only when the user turned
 * on "show details" in Settings.
 */
import type { FaxReceivedNotice, Settings } from '../../preload/models';
import { say } from '../i18n/main-locale';
import { msg } from '../../preload/i18n/translator';

export interface NotificationText {
  title: string;
  body: string;
}

export function faxNotification(notice: FaxReceivedNotice, notifications: Settings['notifications']): NotificationText | null {
  if (!notifications.enabled) return null;
  const pages = notice.pages === null ? null : `${notice.pages} ${notice.pages === 1 ? 'page' : 'pages'}`;
  const from = notifications.showDetails && notice.from ? say(msg('faxNotification.from', { from: notice.from })) : null;
  return { title: say(msg('faxNotification.newFaxReceived')), body: [from, pages].filter(Boolean).join(' · ') || say(msg('faxNotification.openFaxDesktopTo')) };
}

export function badgeText(unread: number): string {
  return unread === 0 ? '' : unread > 99 ? '99+' : String(unread);
}
