import { useEffect, useState } from 'react';
import type { AccountView as Account } from '../../../preload/models';
import { SkeletonLines } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { accountStore, refreshAccount } from '../data/account';
import type { IpcError } from '../data/ipc';
import { useStore } from '../data/store';
import { t } from '../i18n';

/** What the Fax Service did not say (or said in a way the app cannot read) is shown as unknown, never guessed. */
function Unknown() {
  return <span className="field-hint">{t('account.unknownTheFaxService')}</span>;
}

function cycleText(cycle: Account['billingCycle']) {
  if (!cycle) return <Unknown />;
  if (cycle.label && !cycle.start && !cycle.end) return cycle.label;
  return `${cycle.start ?? t('account.unknownStart')} – ${cycle.end ?? t('account.unknownEnd')}`;
}

export function AccountView() {
  const account = useStore(accountStore);
  const [error, setError] = useState<IpcError | null>(null);
  useEffect(() => {
    void refreshAccount().then(setError);
  }, []);
  const ratio = account?.usageRatio ?? null;
  const percent = ratio === null ? null : Math.round(ratio * 100);
  const tone = ratio === null ? '' : ratio >= 1 ? 'bad' : ratio >= 0.9 ? 'warn' : '';
  return (
    <section className="view" aria-labelledby="account-title">
      <div className="view-header">
        <h1 id="account-title">{t('account.accountUsage')}</h1>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      {!account && !error ? <SkeletonLines count={4} /> : null}
      {account ? (
        <div className="card" data-testid="account-card">
          <dl className="facts">
            <dt>{t('account.plan')}</dt>
            <dd className="capitalised">{account.plan ?? <Unknown />}</dd>
            <dt>{t('account.billingCycle')}</dt>
            <dd>{cycleText(account.billingCycle)}</dd>
            <dt>{t('account.pagesUsedThisCycle')}</dt>
            <dd data-testid="pages-used">{account.pagesUsed ?? <Unknown />}</dd>
            <dt>{t('account.pageLimit')}</dt>
            <dd data-testid="page-limit">{account.pageLimit ?? <Unknown />}</dd>
            {percent !== null ? (
              <>
                <dt>{t('account.usage')}</dt>
                <dd data-testid="usage-text">{t('account.ofTheAllowance', { percent })}</dd>
              </>
            ) : null}
          </dl>
          {ratio !== null ? (
            <div
              className={`meter ${tone}`}
              role="meter"
              aria-label={t('account.pagesUsedThisCycle')}
              aria-valuemin={0}
              aria-valuemax={account.pageLimit ?? 0}
              aria-valuenow={account.pagesUsed ?? 0}
              aria-valuetext={t('account.percentOfThePage', { value: percent ?? 0 })}
              data-testid="usage-meter"
            >
              <div style={{ width: `${Math.min(100, (ratio * 100) / 1.1)}%` }} />
            </div>
          ) : null}
          {ratio !== null ? <p className="field-hint">{t('account.theMarkIsThe')}</p> : null}
          {account.paused ? (
            <div className="notice notice-error" role="alert" data-testid="usage-warning">
              <span className="notice-title">{t('account.sendingAndReceivingAre')}</span>
              <p>{t('account.usageReached110Of')}</p>
            </div>
          ) : ratio !== null && ratio >= 1 ? (
            <div className="notice notice-error" role="alert" data-testid="usage-warning">
              <span className="notice-title">{t('account.thePageAllowanceIs')}</span>
              <p>{t('account.newFaxesAreRefused')}</p>
            </div>
          ) : ratio !== null && ratio >= 0.9 ? (
            <div className="notice notice-warning" role="status" data-testid="usage-warning">
              <span className="notice-title">{t('account.almostAtTheAllowance')}</span>
              <p>{t('account.ofThisCycleS', { percent: percent ?? 0 })}</p>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
