import type { IpcError } from '../data/ipc';
import { RequestId } from './RequestId';

const advice: Partial<Record<IpcError['kind'], string>> = {
  offline: 'You can keep working: saved faxes stay readable and new faxes wait in the outbox.',
  keychain: 'The API key is only ever kept in the system keychain.',
};

/** Shows a failure as the app reports it: what happened, what to do, and the request id for support. */
export function ErrorNotice({ error, title }: { error: IpcError; title?: string }) {
  return (
    <div className="notice notice-error" role="alert">
      {title ? <span className="notice-title">{title}</span> : null}
      <p>{error.message}</p>
      {advice[error.kind] ? <p className="notice-meta">{advice[error.kind]}</p> : null}
      {error.code ? (
        <p className="notice-meta">
          Code: <code>{error.code}</code>
        </p>
      ) : null}
      {error.requestId ? (
        <p className="notice-meta">
          <RequestId id={error.requestId} hint />
        </p>
      ) : null}
    </div>
  );
}
