import { canUse, hasKey } from '../data/capabilities';
import { connectionStore } from '../data/connection';
import { unreadStore } from '../data/faxes';
import { lockNow } from '../data/lock';
import { navigate, routeStore, screenNeeds, type Screen } from '../data/navigation';
import { outboxStore, waitingItems } from '../data/outbox';
import { useStore } from '../data/store';
import { Icon, type IconName } from './Icon';

const items: Array<{ screen: Screen; label: string; icon: IconName }> = [
  { screen: 'inbox', label: 'Inbox', icon: 'inbox' },
  { screen: 'outbox', label: 'Outbox & sent', icon: 'outbox' },
  { screen: 'contacts', label: 'Contacts', icon: 'contacts' },
  { screen: 'numbers', label: 'Numbers', icon: 'numbers' },
  { screen: 'account', label: 'Account & usage', icon: 'account' },
  { screen: 'webhooks', label: 'Webhooks', icon: 'webhooks' },
];

export function Sidebar() {
  const route = useStore(routeStore);
  const connection = useStore(connectionStore);
  const unread = useStore(unreadStore);
  const waiting = waitingItems(useStore(outboxStore)).length;
  const connected = hasKey(connection);
  const available = (screen: Screen) => {
    const needs = screenNeeds[screen];
    return needs === null || canUse(connection, needs);
  };
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand">
        <span className="brand-mark">
          <Icon name="fax" size={18} />
        </span>
        Fax Desktop
      </div>
      <button type="button" className="button button-primary compose-button" onClick={() => navigate('compose')} disabled={connected && !available('compose')} aria-keyshortcuts="Control+N">
        <Icon name="compose" /> New fax
      </button>
      <ul className="nav-list">
        {items.map((item) => {
          const count = item.screen === 'inbox' ? unread : item.screen === 'outbox' ? waiting : 0;
          const blocked = connected && !available(item.screen);
          return (
            <li key={item.screen}>
              <button
                type="button"
                className="nav-item"
                aria-current={route.screen === item.screen ? 'page' : undefined}
                onClick={() => navigate(item.screen)}
                disabled={blocked}
                title={blocked ? 'This API key may not open this view.' : undefined}
              >
                <Icon name={item.icon} />
                {item.label}
                {count > 0 ? (
                  <span className="nav-count" aria-label={item.screen === 'inbox' ? `${count} unread` : `${count} in the outbox`}>
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
            <Icon name="settings" /> Settings
          </button>
        </li>
        <li>
          <button type="button" className="nav-item" aria-current={route.screen === 'about' ? 'page' : undefined} onClick={() => navigate('about')}>
            <Icon name="info" /> About
          </button>
        </li>
        <li>
          <button type="button" className="nav-item" onClick={() => void lockNow()} aria-keyshortcuts="Control+L">
            <Icon name="lock" /> Lock
          </button>
        </li>
      </ul>
    </nav>
  );
}
