/**
 * What a key may do, learned by asking: each endpoint is probed once; 2xx means the scope is there, 403 that it
 * is missing. The two write scopes are probed with deliberately incomplete requests (no recipient, no URL), so a
 * granted scope answers 400 and nothing is ever created.
 */
import type { AccountView, KeyCapabilities, ScopeName, ScopeState, ViewName } from '../../preload/models';
import { FaxApiError } from '../api/api-error';
import type { FaxClient } from '../api/fax-client';
import { jsonBody } from '../api/wire-format';
import { multipartBody } from '../api/multipart-body';

export interface ProbeResult {
  capabilities: KeyCapabilities;
  account: AccountView | null;
}

function stateOf(status: number, grantedStatuses: readonly number[] = [200, 201, 202, 204]): ScopeState {
  if (grantedStatuses.includes(status)) return 'granted';
  if (status === 403) return 'missing';
  return 'unknown';
}

/** Throws the FaxApiError of a 401 or a transport failure (the key is refused, or the service is unreachable). */
export async function probeCapabilities(client: FaxClient): Promise<ProbeResult> {
  const accountPromise = client.getAccount().then(
    (result) => ({ status: 200, account: result.account }),
    (error: unknown) => {
      if (error instanceof FaxApiError && error.status !== null && error.status !== 401 && error.failure.kind === 'http') return { status: error.status, account: null };
      throw error;
    },
  );
  const [account, faxRead, contacts, numbers, webhooks, faxSend, webhooksWrite] = await Promise.all([
    accountPromise,
    client.probe('GET', '/faxes', { query: { limit: 1 } }),
    client.probe('GET', '/contacts', { query: { limit: 1 } }),
    client.probe('GET', '/numbers'),
    client.probe('GET', '/webhooks'),
    client.probe('POST', '/faxes', { body: multipartBody([], []) }),
    client.probe('POST', '/webhooks', { body: jsonBody({}) }),
  ]);
  const statuses = [account.status, faxRead, contacts, numbers, webhooks, faxSend, webhooksWrite];
  if (statuses.includes(401)) {
    throw new FaxApiError({ kind: 'http', status: 401, type: 'authentication_error', code: null, message: null, requestId: null, retryAfterMs: null });
  }
  const accountRead = stateOf(account.status);
  const webhooksList = stateOf(webhooks);
  const scopes: Record<ScopeName, ScopeState> = {
    'fax:read': stateOf(faxRead),
    'fax:send': stateOf(faxSend, [400, 422, 202]),
    'contacts:read': stateOf(contacts),
    'numbers:read': stateOf(numbers),
    'account:read': accountRead,
    // account:read also opens GET /webhooks, so with it the list says nothing about webhooks:read.
    'webhooks:read': accountRead === 'granted' && webhooksList === 'granted' ? 'unknown' : webhooksList,
    'webhooks:write': stateOf(webhooksWrite, [400, 422, 201]),
    'automation:events:read': 'unknown',
  };
  const faxScopesMissing = (['fax:read', 'fax:send', 'contacts:read', 'numbers:read'] as const).every((scope) => scopes[scope] === 'missing');
  const automationOnly = faxScopesMissing && (accountRead === 'granted' || webhooksList === 'granted' || scopes['webhooks:write'] === 'granted');
  if (automationOnly) scopes['automation:events:read'] = 'unknown';
  const views: Record<ViewName, boolean> = {
    compose: scopes['fax:send'] === 'granted',
    inbox: scopes['fax:read'] === 'granted',
    outbox: scopes['fax:read'] === 'granted' || scopes['fax:send'] === 'granted',
    contacts: scopes['contacts:read'] === 'granted',
    numbers: scopes['numbers:read'] === 'granted',
    account: accountRead === 'granted',
    webhooks: webhooksList === 'granted',
  };
  return {
    capabilities: { scopes, views, automationOnly, canCreateWebhooks: scopes['webhooks:write'] === 'granted' },
    account: account.account,
  };
}
