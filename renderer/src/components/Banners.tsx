import { accountStore } from '../data/account';
import { connectionStore } from '../data/connection';
import { navigate } from '../data/navigation';
import { statusStore } from '../data/status';
import { useStore } from '../data/store';
import { clockTime } from '../format';
import { RequestId } from './RequestId';
import { t } from '../i18n';

/** Banners at the top of the content: key refused, offline, waiting for the rate limit, unreadable replies, account paused. */
export function Banners() {
  const status = useStore(statusStore);
  const connection = useStore(connectionStore);
  const account = useStore(accountStore);
  return (
    <>
      {connection?.status === 'key_rejected' ? (
        <div className="banner banner-error" role="alert">
          <strong>{t('statusBar.theApiKeyWas')}</strong>
          <span>{connection.message}</span>
          {connection.requestId ? <RequestId id={connection.requestId} /> : null}
          <span className="spacer" />
          <button type="button" className="button button-small" onClick={() => navigate('settings')}>{t('statusBar.enterANewKey')}</button>
        </div>
      ) : null}
      {status.kind === 'offline' ? (
        <div className="banner banner-warning" role="status" data-testid="offline-banner">
          <strong>{t('statusBar.offline')}</strong>
          <span>{t('statusBar.savedFaxesStayReadable')}</span>
        </div>
      ) : null}
      {status.kind === 'rate_limited' ? (
        <div className="banner banner-info" role="status" data-testid="rate-limit-banner">{t('statusBar.waitingForTheFax', { clockTime: clockTime(status.retryAt, true) })}</div>
      ) : null}
      {status.kind === 'unreadable' ? (
        <div className="banner banner-error" role="status" data-testid="unreadable-banner">
          <strong>{t('statusBar.canTReadThe')}</strong>
          <span>{status.retryAt ? t('statusBar.sinceRetrying', { since: clockTime(status.since), at: clockTime(status.retryAt) }) : t('statusBar.since', { since: clockTime(status.since) })}</span>
          {status.requestId ? <RequestId id={status.requestId} /> : null}
        </div>
      ) : null}
      {account?.paused ? (
        <div className="banner banner-error" role="alert">
          <strong>{t('statusBar.sendingAndReceivingAre')}</strong>
          <span>{t('statusBar.usageReached110Of')}</span>
        </div>
      ) : null}
    </>
  );
}
