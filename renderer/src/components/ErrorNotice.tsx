import type { IpcError } from '../data/ipc';
import { RequestId } from './RequestId';
import { t } from '../i18n';
import type { MessageId } from '../../../preload/i18n/translator';

const advice: Partial<Record<IpcError['kind'], MessageId>> = {
  offline: 'errorNotice.youCanKeepWorking',
  keychain: 'errorNotice.theApiKeyIs',
};

/** Shows a failure as the app reports it: what happened, what to do, and the request id for support. */
export function ErrorNotice({ error, title }: { error: IpcError; title?: string }) {
  const adviceId = advice[error.kind];
  return (
    <div className="notice notice-error" role="alert">
      {title ? <span className="notice-title">{title}</span> : null}
      <p>{error.message}</p>
      {adviceId ? <p className="notice-meta">{t(adviceId)}</p> : null}
      {/* A code is for the support desk, with the request it belongs to: the app's own codes mean nothing to a person. */}
      {error.code && error.requestId ? (
        <p className="notice-meta">{t('errorNotice.code')}{' '}<code>{error.code}</code>
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
