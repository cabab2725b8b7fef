import { accountStore } from '../data/account';
import { connectionStore } from '../data/connection';
import { navigate } from '../data/navigation';
import { useStore } from '../data/store';
import { syncNow, syncStore } from '../data/sync';
import { dateTime, timeUntil } from '../format';

/** The strip at the bottom: connection, last sync, and what the app is waiting for. */
export function StatusBar() {
  const sync = useStore(syncStore);
  const connection = useStore(connectionStore);
  const tone = connection?.status === 'connected' ? (sync?.phase === 'error' ? 'bad' : sync?.phase === 'rate_limited' || sync?.phase === 'offline' ? 'warn' : '') : connection?.status === 'offline' ? 'warn' : 'idle';
  const text =
    connection === null
      ? 'Starting…'
      : connection.status === 'signed_out'
        ? 'Not connected'
        : connection.status === 'key_rejected'
          ? 'API key refused'
          : connection.status === 'connecting'
            ? 'Connecting…'
            : sync?.phase === 'syncing'
              ? 'Syncing…'
              : sync?.lastSuccessAt
                ? `Up to date · synced ${dateTime(sync.lastSuccessAt)}`
                : 'Connected';
  return (
    <footer className="status-bar">
      <span role="status" aria-live="polite">
        <span className={`status-dot ${tone}`} />
        {text}
        {sync?.phase === 'rate_limited' && sync.nextRunAt ? ` · syncing paused until ${timeUntil(sync.nextRunAt)} (request budget)` : ''}
      </span>
      {connection?.status === 'connected' || connection?.status === 'offline' ? (
        <button type="button" className="button button-ghost button-small" onClick={() => void syncNow()}>
          Sync now
        </button>
      ) : null}
    </footer>
  );
}

/** Banners at the top of the content: offline, rate-limited, key refused, account paused. */
export function Banners() {
  const sync = useStore(syncStore);
  const connection = useStore(connectionStore);
  const account = useStore(accountStore);
  return (
    <>
      {connection?.status === 'key_rejected' ? (
        <div className="banner banner-error" role="alert">
          <strong>The API key was refused.</strong>
          <span>{connection.message}</span>
          <span className="spacer" />
          <button type="button" className="button button-small" onClick={() => navigate('settings')}>
            Enter a new key
          </button>
        </div>
      ) : null}
      {connection?.status === 'offline' || sync?.phase === 'offline' ? (
        <div className="banner banner-warning" role="status">
          <strong>Offline.</strong>
          <span>Saved faxes stay readable; new faxes wait in the outbox and go out when the connection is back.</span>
        </div>
      ) : null}
      {sync?.phase === 'rate_limited' && sync.nextRunAt ? (
        <div className="banner banner-info" role="status">
          Syncing paused until {timeUntil(sync.nextRunAt)}: the API allows 120 requests a minute. Nothing is lost.
        </div>
      ) : null}
      {account?.paused ? (
        <div className="banner banner-error" role="alert">
          <strong>Sending and receiving are paused:</strong>
          <span>usage reached 110 % of the page allowance. Top up the account to resume.</span>
        </div>
      ) : null}
    </>
  );
}
