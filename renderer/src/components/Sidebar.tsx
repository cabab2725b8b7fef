import { canUse, hasKey } from '../data/capabilities';
import { connectionStore } from '../data/connection';
import { unreadStore } from '../data/faxes';
import { lockNow } from '../data/lock';
import { navigate, routeStore, screenNeeds, type Screen } from '../data/navigation';
import { outboxStore, waitingItems } from '../data/outbox';
import { openNewFax } from '../data/drafts';
import { useStore } from '../data/store';
import { toFileCountStore } from '../data/chart';
import { settingsStore } from '../data/settings';
import { Icon, type IconName } from './Icon';
import { t } from '../i18n';
import type { MessageId } from '../../../preload/i18n/translator';

const items: Array<{ screen: Screen; label: MessageId; icon: IconName }> = [
  { screen: 'inbox', label: 'faxList.inbox', icon: 'inbox' },
  { screen: 'tofile', label: 'chart.toFile', icon: 'file' },
  { screen: 'outbox', label: 'faxList.outboxSent', icon: 'outbox' },
  { screen: 'contacts', label: 'contacts.contacts', icon: 'contacts' },
  { screen: 'numbers', label: 'sidebar.numbers', icon: 'numbers' },
  { screen: 'account', label: 'account.accountUsage', icon: 'account' },
  { screen: 'webhooks', label: 'webhooks.webhooks', icon: 'webhooks' },
];

export function Sidebar() {
  const route = useStore(routeStore);
  const connection = useStore(connectionStore);
  const unread = useStore(unreadStore);
  const waiting = waitingItems(useStore(outboxStore)).length;
  const toFile = useStore(toFileCountStore);
  // Without a patient source (Settings → Chart) the app stays as it was: no "To file".
  const chart = (useStore(settingsStore)?.chart.source ?? 'none') !== 'none';
  const connected = hasKey(connection);
  const available = (screen: Screen) => {
    const needs = screenNeeds[screen];
    return needs === null || canUse(connection, needs);
  };
  return (
    <nav className="sidebar" aria-label={t('sidebar.main')}>
      <div className="brand">
        <span className="brand-mark">
          <Icon name="fax" size={18} />
        </span>{t('sidebar.faxDesktop')}</div>
      <button type="button" className="button button-primary compose-button" onClick={() => openNewFax()} disabled={connected && !available('compose')} aria-keyshortcuts="Control+N">
        <Icon name="compose" />{' '}{t('sidebar.newFax')}</button>
      <ul className="nav-list">
        {items.filter((item) => item.screen !== 'tofile' || chart).map((item) => {
          const count = item.screen === 'inbox' ? unread : item.screen === 'outbox' ? waiting : item.screen === 'tofile' ? toFile : 0;
          const blocked = connected && !available(item.screen);
          return (
            <li key={item.screen}>
              <button
                type="button"
                className="nav-item"
                aria-current={route.screen === item.screen ? 'page' : undefined}
                onClick={() => navigate(item.screen)}
                disabled={blocked}
                title={blocked ? t('sidebar.thisApiKeyMay') : undefined}
              >
                <Icon name={item.icon} />
                {t(item.label)}
                {count > 0 ? (
                  <span className="nav-count" aria-label={item.screen === 'inbox' ? t('sidebar.unreadCount', { count }) : item.screen === 'tofile' ? t('chart.toFileCount', { count }) : t('sidebar.inTheOutbox', { count })}>
                    {count}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="nav-spacer" />
      <ul className="nav-list">
        <li>
          <button type="button" className="nav-item" aria-current={route.screen === 'settings' ? 'page' : undefined} onClick={() => navigate('settings')}>
            <Icon name="settings" />{' '}{t('sidebar.settings')}</button>
        </li>
        <li>
          <button type="button" className="nav-item" aria-current={route.screen === 'about' ? 'page' : undefined} onClick={() => navigate('about')}>
            <Icon name="info" />{' '}{t('sidebar.about')}</button>
        </li>
        <li>
          <button type="button" className="nav-item" onClick={() => void lockNow()} aria-keyshortcuts="Control+L">
            <Icon name="lock" />{' '}{t('sidebar.lock')}</button>
        </li>
      </ul>
    </nav>
  );
}
