import { accountStore } from '../data/account';
import { connectionStore } from '../data/connection';
import { navigate } from '../data/navigation';
import { statusStore, statusWords } from '../data/status';
import { useStore } from '../data/store';
import { syncNow } from '../data/sync';
import { restartToUpdate, updateStore } from '../data/updates';
import { clockTime } from '../format';
import { RequestId } from './RequestId';

const dotTone = { ok: '', idle: 'idle', warn: 'warn', bad: 'bad' } as const;

/** The strip at the bottom: what the app is doing with the Fax Service, as main says (data/status.ts). */
export function StatusBar() {
  const status = useStore(statusStore);
  const update = useStore(updateStore);
  const { text, tone } = statusWords(status);
  const canSync = status.kind !== 'starting' && status.kind !== 'signed_out' && status.kind !== 'key_rejected' && status.kind !== 'connecting';
  return (
    <footer className="status-bar">
      <span role="status" aria-live="polite" data-testid="status-text" data-kind={status.kind}>
        <span className={`status-dot ${dotTone[tone]}`} />
        {text}
      </span>
      {canSync ? (
        <button type="button" className="button button-ghost button-small" onClick={() => void syncNow()}>
          Sync now
        </button>
      ) : null}
      {update.status === 'ready' ? (
        <span className="status-update" data-testid="update-ready">
          {update.waitingForUpload ? `Version ${update.version} installs when the fax being sent has gone.` : `Version ${update.version} is ready.`}
          {update.waitingForUpload ? null : (
            <button type="button" className="button button-small" onClick={() => void restartToUpdate()}>
              Restart to update
            </button>
          )}
        </span>
      ) : null}
    </footer>
  );
}

/** Banners at the top of the content: key refused, offline, waiting for the rate limit, unreadable replies, account paused. */
export function Banners() {
  const status = useStore(statusStore);
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
      {status.kind === 'offline' ? (
        <div className="banner banner-warning" role="status" data-testid="offline-banner">
          <strong>Offline.</strong>
          <span>Saved faxes stay readable; new faxes wait in the outbox and go out when the connection is back.</span>
        </div>
      ) : null}
      {status.kind === 'rate_limited' ? (
        <div className="banner banner-info" role="status" data-testid="rate-limit-banner">
          Waiting for the Fax Service’s rate limit — next try at {clockTime(status.retryAt, true)}. The API allows 120 requests a minute; nothing is lost.
        </div>
      ) : null}
      {status.kind === 'unreadable' ? (
        <div className="banner banner-error" role="status" data-testid="unreadable-banner">
          <strong>Can’t read the Fax Service’s replies</strong>
          <span>
            since {clockTime(status.since)}
            {status.retryAt ? ` — retrying at ${clockTime(status.retryAt)}` : ''}. Saved faxes stay readable.
          </span>
          {status.requestId ? <RequestId id={status.requestId} /> : null}
        </div>
      ) : null}
      {account?.paused ? (
        <div className="banner banner-error" role="alert">
          <strong>Sending and receiving are paused:</strong>
          <span>usage reached 110 % of the allowance. Top up the account to resume.</span>
        </div>
      ) : null}
    </>
  );
}
