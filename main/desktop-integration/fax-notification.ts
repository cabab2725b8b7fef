/**
 * What an OS notification about a new fax says. Notifications show on lock screens, so by default they carry no
 * fax number and no name — only that a fax arrived and its length; the number appears only when the user turned
 * on "show details" in Settings.
 */
import type { FaxReceivedNotice, Settings } from '../../preload/models';
import { say } from '../i18n/main-locale';
import { msg } from '../../preload/i18n/translator';
import { namedFew } from '../../preload/i18n/named-few';

export interface NotificationText {
  title: string;
  body: string;
}

export function faxNotification(notice: FaxReceivedNotice, notifications: Settings['notifications']): NotificationText | null {
  if (!notifications.enabled) return null;
  const pages = notice.pages === null ? null : say(msg('faxNotification.pages', { pages: notice.pages }));
  const from = notifications.showDetails && notice.from ? say(msg('faxNotification.from', { from: notice.from })) : null;
  return { title: say(msg('faxNotification.newFaxReceived')), body: [from, pages].filter(Boolean).join(' · ') || say(msg('faxNotification.openFaxDesktopTo')) };
}

/** Senders named in one notification about several faxes; the rest are counted. */
const sendersNamed = 2;

/**
 * One notification for faxes that arrived together (a morning's faxes after a night offline would otherwise be
 * twenty notifications): how many, and their pages in all — senders only with "show details", as for one fax.
 */
export function faxesNotification(notices: readonly FaxReceivedNotice[], notifications: Settings['notifications']): NotificationText | null {
  const [first] = notices;
  if (!first) return null;
  if (notices.length === 1) return faxNotification(first, notifications);
  if (!notifications.enabled) return null;
  const known = notices.every((notice) => notice.pages !== null);
  const pages = known ? say(msg('faxNotification.pagesInAll', { pages: notices.reduce((sum, notice) => sum + (notice.pages ?? 0), 0) })) : null;
  const senders = [...new Set(notices.flatMap((notice) => (notice.from ? [notice.from] : [])))];
  const named = namedFew(senders, sendersNamed);
  const from = notifications.showDetails && senders.length > 0 ? say(msg('faxNotification.fromSeveral', { from: named.names, more: named.more })) : null;
  return { title: say(msg('faxNotification.newFaxesReceived', { count: notices.length })), body: [from, pages].filter(Boolean).join(' · ') || say(msg('faxNotification.openFaxDesktopToRead')) };
}

/** Faxes named in one notification about several overdue replies; the rest are counted. */
const referencesNamed = 3;

/** What a notification about replies that became overdue together says: only fax references, never a number. */
export function overdueNotification(references: readonly string[]): NotificationText | null {
  const [first] = references;
  if (first === undefined) return null;
  if (references.length === 1) return { title: say(msg('notifier.aReplyIsOverdue')), body: say(msg('notifier.noReplyYetTo', { reference: first })) };
  const named = namedFew(references, referencesNamed);
  return { title: say(msg('notifier.repliesAreOverdue', { count: references.length })), body: say(msg('notifier.noReplyYetToSeveral', { references: named.names, more: named.more })) };
}

export function badgeText(unread: number): string {
  return unread === 0 ? '' : unread > 99 ? '99+' : String(unread);
}
