/** A started core connected to a sandbox account (real keychain, real TLS, real encrypted cache). */
import type { CoreDeps } from '../../main/core';
import type { TestSandbox } from '../fax-service/testkit';
import { startTestCore, type TestCore } from './node-core';
import { waitUntil } from './wait';

export interface ConnectedCore extends TestCore {
  accountId: string;
  key: string;
  keyId: string;
}

export async function connectedCore(
  t: TestSandbox,
  options: { account?: { plan?: string; page_limit?: number; pages_used?: number }; accountId?: string; scopes?: string[]; extra?: Partial<Pick<CoreDeps, 'now' | 'timers' | 'checkpoint' | 'hotFolderTiming' | 'openRuleOutput' | 'faxPrinterScripts' | 'cupsServerRoot' | 'policySource' | 'officeTiming'>>; dataDir?: string; firstSyncTimeoutMs?: number } = {},
): Promise<ConnectedCore> {
  const accountId = options.accountId ?? (await t.account(options.account));
  const created = await t.key(accountId, options.scopes ?? ['fax:send', 'fax:read', 'contacts:read', 'numbers:read', 'account:read', 'webhooks:read', 'webhooks:write']);
  const core = startTestCore({ baseUrl: t.sandbox.baseUrl, caPath: t.sandbox.caCertPath, ...(options.extra ? { extra: options.extra } : {}), ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
  await core.core.start();
  const reply = (await core.call('connect', { apiKey: created.key })) as { ok: boolean };
  if (!reply.ok) throw new Error(`connect failed: ${JSON.stringify(reply)}`);
  const services = await core.core.services();
  await waitUntil(() => services.sync.state(), (state) => state.phase === 'idle' && state.lastSuccessAt !== null, { what: 'first sync', ...(options.firstSyncTimeoutMs ? { timeoutMs: options.firstSyncTimeoutMs } : {}) });
  return { ...core, accountId, key: created.key, keyId: created.id };
}
