import { useEffect, useState } from 'react';
import type { AccountView as Account } from '../../../preload/models';
import { SkeletonLines } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { accountStore, refreshAccount } from '../data/account';
import type { IpcError } from '../data/ipc';
import { useStore } from '../data/store';

/** What the Fax Service did not say (or said in a way the app cannot read) is shown as unknown, never guessed. */
const unknown = <span className="field-hint">Unknown (the Fax Service did not say)</span>;

function cycleText(cycle: Account['billingCycle']) {
  if (!cycle) return unknown;
  if (cycle.label && !cycle.start && !cycle.end) return cycle.label;
  return `${cycle.start ?? 'unknown start'} – ${cycle.end ?? 'unknown end'}`;
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
        <h1 id="account-title">Account & usage</h1>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      {!account && !error ? <SkeletonLines count={4} /> : null}
      {account ? (
        <div className="card" data-testid="account-card">
          <dl className="facts">
            <dt>Plan</dt>
            <dd className="capitalised">{account.plan ?? unknown}</dd>
            <dt>Billing cycle</dt>
            <dd>{cycleText(account.billingCycle)}</dd>
            <dt>Pages used this cycle</dt>
            <dd data-testid="pages-used">{account.pagesUsed ?? unknown}</dd>
            <dt>Page limit</dt>
            <dd data-testid="page-limit">{account.pageLimit ?? unknown}</dd>
            {percent !== null ? (
              <>
                <dt>Usage</dt>
                <dd data-testid="usage-text">{percent} % of the allowance</dd>
              </>
            ) : null}
          </dl>
          {ratio !== null ? (
            <div
              className={`meter ${tone}`}
              role="meter"
              aria-label="Pages used this cycle"
              aria-valuemin={0}
              aria-valuemax={account.pageLimit ?? 0}
              aria-valuenow={account.pagesUsed ?? 0}
              aria-valuetext={`${percent ?? 0} percent of the page allowance used`}
              data-testid="usage-meter"
            >
              <div style={{ width: `${Math.min(100, (ratio * 100) / 1.1)}%` }} />
            </div>
          ) : null}
          {ratio !== null ? <p className="field-hint">The mark is the allowance (100 %); the bar ends at 110 %, where sending and receiving pause until the account is topped up.</p> : null}
          {account.paused ? (
            <div className="notice notice-error" role="alert" data-testid="usage-warning">
              <span className="notice-title">Sending and receiving are paused</span>
              <p>Usage reached 110 % of the allowance. Faxes you send wait in the outbox; top up the account to resume.</p>
            </div>
          ) : ratio !== null && ratio >= 1 ? (
            <div className="notice notice-error" role="alert" data-testid="usage-warning">
              <span className="notice-title">The page allowance is used up</span>
              <p>New faxes are refused until the account is topped up. At 110 %, receiving pauses too.</p>
            </div>
          ) : ratio !== null && ratio >= 0.9 ? (
            <div className="notice notice-warning" role="status" data-testid="usage-warning">
              <span className="notice-title">Almost at the allowance</span>
              <p>{percent} % of this cycle’s pages are used. Consider topping up before the allowance runs out.</p>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
