import type { ConnectionState, ScopeName } from '../../../preload/models';
import { scopeStateText, scopeWords } from './scope-words';
import { t } from '../i18n';
import { accountStore } from '../data/account';
import { useStore } from '../data/store';

/**
 * Account, plan and what the key may do, in plain words. The usage is the account's as the app last read it — the
 * figure Account & usage shows — not what it was when the key was first checked.
 */
export function ConnectionSummary({ connection }: { connection: ConnectionState }) {
  const latest = useStore(accountStore);
  if (connection.status !== 'connected' && connection.status !== 'offline') return null;
  const { capabilities } = connection;
  const account = latest ?? connection.account;
  if (!capabilities) return null;
  const scopes = Object.entries(capabilities.scopes) as Array<[ScopeName, (typeof capabilities.scopes)[ScopeName]]>;
  const missing = scopes.filter(([, state]) => state === 'missing');
  return (
    <div className="stack" data-testid="connection-summary">
      <dl className="facts">
        <dt>{t('connectionSummary.service')}</dt>
        <dd>
          <code>{connection.baseUrl}</code>
        </dd>
        <dt>{t('account.plan')}</dt>
        <dd>{account?.plan ?? t('connectionSummary.notVisibleToThis')}</dd>
        {account?.pageLimit !== null && account?.pageLimit !== undefined ? (
          <>
            <dt>{t('account.usage')}</dt>
            <dd>
              {t('connectionSummary.ofPagesThisCycle', { used: account.pagesUsed ?? '—', pageLimit: account.pageLimit })}</dd>
          </>
        ) : null}
      </dl>
      {capabilities.automationOnly ? (
        <div className="notice notice-info">
          <span className="notice-title">{t('connectionSummary.automationKey')}</span>
          <p>{t('connectionSummary.thisKeyCanManage')}</p>
        </div>
      ) : null}
      {missing.length > 0 && !capabilities.automationOnly ? (
        <div className="notice notice-warning" data-testid="missing-scopes">
          <span className="notice-title">{t('connectionSummary.someThingsThisKey')}</span>
          {missing.map(([scope]) => (
            <p key={scope}>{t(scopeWords[scope].missing ?? 'scopeWords.cannotBeTold')}</p>
          ))}
        </div>
      ) : null}
      <table className="table scope-table" aria-label={t('connectionSummary.whatThisApiKey')}>
        <thead>
          <tr>
            <th>{t('connectionSummary.permission')}</th>
            <th>{t('connectionSummary.scope')}</th>
            <th>{t('connectionSummary.thisKey')}</th>
          </tr>
        </thead>
        <tbody>
          {scopes.map(([scope, state]) => (
            <tr key={scope}>
              <td>{t(scopeWords[scope].grants)}</td>
              <td>
                <code>{scope}</code>
              </td>
              <td>
                <span className={`chip ${state === 'granted' ? 'chip-success' : state === 'missing' ? 'chip-danger' : ''}`}>{scopeStateText(state)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
