import type { IpcError } from '../fax-api';

/** Shows a failure as the app reports it: what happened, what to do, and the request id for support. */
export function ErrorNotice({ error, title }: { error: IpcError; title?: string }) {
  return (
    <div className="notice notice-error" role="alert">
      {title ? <strong className="notice-title">{title}</strong> : null}
      <p>{error.message}</p>
      {error.requestId ? (
        <p className="notice-meta">
          Request id <code>{error.requestId}</code> — quote it when contacting support.
        </p>
      ) : null}
    </div>
  );
}
