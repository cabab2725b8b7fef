import type { ViewName as ContractView } from '../../../preload/models';
import { connectionStore, lockNow, navigate, outboxStore, routeStore, unreadStore, type ViewName } from '../state/app-state';
import { canUse, hasKey } from '../state/capabilities';
import { useStore } from '../state/store';
import { Icon, type IconName } from './Icon';

const items: Array<{ view: ViewName; label: string; icon: IconName; needs: ContractView | null }> = [
  { view: 'inbox', label: 'Inbox', icon: 'inbox', needs: 'inbox' },
  { view: 'outbox', label: 'Outbox & sent', icon: 'outbox', needs: 'outbox' },
  { view: 'contacts', label: 'Contacts', icon: 'contacts', needs: 'contacts' },
  { view: 'numbers', label: 'Numbers', icon: 'numbers', needs: 'numbers' },
  { view: 'account', label: 'Account & usage', icon: 'account', needs: 'account' },
  { view: 'webhooks', label: 'Webhooks', icon: 'webhooks', needs: 'webhooks' },
];

export function Sidebar() {
  const route = useStore(routeStore);
  const connection = useStore(connectionStore);
  const unread = useStore(unreadStore);
  const outbox = useStore(outboxStore);
  const waiting = outbox.filter((item) => item.state !== 'accepted').length;
  const connected = hasKey(connection);
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand">
        <span className="brand-mark">
          <Icon name="fax" size={18} />
        </span>
        Fax Desktop
      </div>
      <button
        type="button"
        className="button button-primary compose-button"
        onClick={() => navigate('compose')}
        disabled={connected && !canUse(connection, 'compose')}
        aria-keyshortcuts="Control+N"
      >
        <Icon name="compose" /> New fax
      </button>
      <ul className="nav-list">
        {items.map((item) => {
          const available = !connected || item.needs === null || canUse(connection, item.needs);
          const count = item.view === 'inbox' ? unread : item.view === 'outbox' ? waiting : 0;
          return (
            <li key={item.view}>
              <button
                type="button"
                className="nav-item"
                aria-current={route.view === item.view ? 'page' : undefined}
                onClick={() => navigate(item.view)}
                disabled={connected && !available}
                title={connected && !available ? 'This API key may not open this view.' : undefined}
              >
                <Icon name={item.icon} />
                {item.label}
                {count > 0 ? (
                  <span className="nav-count" aria-label={item.view === 'inbox' ? `${count} unread` : `${count} in the outbox`}>
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
          <button type="button" className="nav-item" aria-current={route.view === 'settings' ? 'page' : undefined} onClick={() => navigate('settings')}>
            <Icon name="settings" /> Settings
          </button>
        </li>
        <li>
          <button type="button" className="nav-item" aria-current={route.view === 'about' ? 'page' : undefined} onClick={() => navigate('about')}>
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
