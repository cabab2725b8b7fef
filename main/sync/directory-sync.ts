/**
 * The slower cadence: the account after changes (at most once a minute) and every half hour — every minute while
 * it is paused, so a top-up clears the "paused" banner by itself; contacts and numbers every six hours. Each only
 * when the key may read it.
 */
import type { AccountView, KeyCapabilities } from '../../preload/models';
import type { FaxClient } from '../api/fax-client';
import type { Cache } from '../store/cache/cache';
import { z } from 'zod';

const accountAfterChangeMs = 60_000;
const accountEveryMs = 30 * 60_000;
const directoryEveryMs = 6 * 3600_000;
const contactsPages = 5;

export interface DirectoryOutcome {
  account: AccountView | null;
  requests: number;
}

function due(cache: Cache, key: string, everyMs: number, at: number): boolean {
  const last = cache.kv.get(key, z.number()) ?? 0;
  return at - last >= everyMs;
}

export async function syncDirectory(
  client: FaxClient,
  cache: Cache,
  capabilities: KeyCapabilities | null,
  options: { faxesChanged: boolean; now: number; force?: boolean },
): Promise<DirectoryOutcome> {
  const outcome: DirectoryOutcome = { account: null, requests: 0 };
  const at = options.now;
  const soon = options.faxesChanged || cache.directory.account()?.paused === true;
  const accountDue = options.force === true || due(cache, 'account_synced_ms', accountEveryMs, at) || (soon && due(cache, 'account_synced_ms', accountAfterChangeMs, at));
  if (capabilities?.views.account && accountDue) {
    const { account } = await client.getAccount({ priority: 'background' });
    outcome.requests += 1;
    const before = JSON.stringify(cache.directory.account());
    cache.directory.saveAccount(account);
    cache.kv.set('account_synced_ms', at);
    if (JSON.stringify(account) !== before) outcome.account = account;
  }
  if (capabilities?.views.contacts && (options.force === true || due(cache, 'contacts_synced_ms', directoryEveryMs, at))) {
    let offset = 0;
    let complete = false;
    for (let page = 0; page < contactsPages; page += 1) {
      const result = await client.listContacts({ limit: 100, offset }, { priority: 'background' });
      outcome.requests += 1;
      cache.directory.saveContacts(result.items, { replaceAll: offset === 0 && !result.hasMore, firstPosition: offset });
      offset += result.items.length;
      if (!result.hasMore) {
        complete = true;
        break;
      }
    }
    if (complete || offset > 0) cache.kv.set('contacts_synced_ms', at);
  }
  if (capabilities?.views.numbers && (options.force === true || due(cache, 'numbers_synced_ms', directoryEveryMs, at))) {
    const result = await client.listNumbers({ priority: 'background' });
    outcome.requests += 1;
    cache.directory.saveNumbers(result.items);
    cache.kv.set('numbers_synced_ms', at);
  }
  return outcome;
}

/** The account is read again at the next pass (a fax was just accepted: sending is not paused, whatever the cache says). */
export function accountDueNow(cache: Cache): void {
  cache.kv.set('account_synced_ms', 0);
}
