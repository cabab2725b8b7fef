import type { ConnectionState, ScopeName } from '../../../preload/models';
import { scopeStateText, scopeWords } from './scope-words';

/** Account, plan and what the key may do, in plain words. */
export function ConnectionSummary({ connection }: { connection: ConnectionState }) {
  if (connection.status !== 'connected' && connection.status !== 'offline') return null;
  const { capabilities, account } = connection;
  if (!capabilities) return null;
  const scopes = Object.entries(capabilities.scopes) as Array<[ScopeName, (typeof capabilities.scopes)[ScopeName]]>;
  const missing = scopes.filter(([, state]) => state === 'missing');
  return (
    <div className="stack" data-testid="connection-summary">
      <dl className="facts">
        <dt>Service</dt>
        <dd>
          <code>{connection.baseUrl}</code>
        </dd>
        <dt>Plan</dt>
        <dd>{account?.plan ?? 'Not visible to this key'}</dd>
        {account?.pageLimit !== null && account?.pageLimit !== undefined ? (
          <>
            <dt>Usage</dt>
            <dd>
              {account.pagesUsed ?? '—'} of {account.pageLimit} pages this cycle
            </dd>
          </>
        ) : null}
      </dl>
      {capabilities.automationOnly ? (
        <div className="notice notice-info">
          <span className="notice-title">Automation key</span>
          <p>This key can manage webhooks and read the account only (for example an automation:events:read key). Faxes cannot be sent or read with it.</p>
        </div>
      ) : null}
      {missing.length > 0 && !capabilities.automationOnly ? (
        <div className="notice notice-warning" data-testid="missing-scopes">
          <span className="notice-title">Some things this key may not do</span>
          {missing.map(([scope]) => (
            <p key={scope}>{scopeWords[scope].missing}</p>
          ))}
        </div>
      ) : null}
      <table className="table" aria-label="What this API key may do">
        <thead>
          <tr>
            <th>Permission</th>
            <th>Scope</th>
            <th>This key</th>
          </tr>
        </thead>
        <tbody>
          {scopes.map(([scope, state]) => (
            <tr key={scope}>
              <td>{scopeWords[scope].grants}</td>
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
