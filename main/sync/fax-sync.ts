/**
 * One pass of fax synchronisation against the Fax Service:
 * - first sync: every fax, 100 per page (resumable: the offset is kept between passes);
 * - afterwards: only what is newer than the newest fax held. `created_after` is exclusive and timestamps can be
 *   equal, so the bound is set a second before the newest held and duplicates are merged by id;
 * - pending outbound faxes (queued/converting/sending) of the last hour are covered by the same list call (its
 *   bound reaches back to the oldest of them); older ones are asked for one by one, a few per pass.
 */
import type { FaxClient } from '../api/fax-client';
import type { FaxRecord } from '../api/normalize';
import type { Cache } from '../store/cache/cache';
import type { UpsertOutcome } from '../store/cache/fax-repository';
import { z } from 'zod';

export const pageSize = 100;
const overlapMs = 1_000;
/** Allowance for the difference between this computer's clock and the service's. */
const clockSkewMs = 5 * 60_000;
const recentPendingMs = 60 * 60_000;
const stalePendingPerPass = 3;

export interface SyncChanges extends UpsertOutcome {
  firstSync: boolean;
  requests: number;
}

function merge(into: SyncChanges, outcome: UpsertOutcome): void {
  into.added.push(...outcome.added);
  into.updated.push(...outcome.updated);
  into.addedInbound.push(...outcome.addedInbound);
}

export async function syncFaxes(client: FaxClient, cache: Cache, now: () => number): Promise<SyncChanges> {
  const changes: SyncChanges = { added: [], updated: [], addedInbound: [], firstSync: false, requests: 0 };
  if (cache.kv.get('first_sync_done', z.boolean()) !== true) {
    changes.firstSync = true;
    let offset = cache.kv.get('first_sync_offset', z.number().int().nonnegative()) ?? 0;
    for (;;) {
      const page = await client.listFaxes({ limit: pageSize, offset }, { priority: 'background' });
      changes.requests += 1;
      // History is imported as read: only faxes that arrive from now on are new to the user.
      merge(changes, cache.faxes.upsertMany(page.items, { markNewInboundUnread: false }));
      offset += page.items.length + page.skipped;
      cache.kv.set('first_sync_offset', offset);
      if (!page.hasMore || page.items.length + page.skipped === 0) break;
    }
    cache.kv.set('first_sync_done', true);
    cache.kv.delete('first_sync_offset');
    return changes;
  }

  const at = now();
  const newest = cache.faxes.newestSyncedMs();
  const pending = cache.faxes.pending();
  const recentPending = pending.filter((fax) => fax.createdMs >= at - recentPendingMs);
  let since = newest;
  const oldestRecentPending = recentPending[0];
  if (oldestRecentPending) since = Math.min(since ?? Number.POSITIVE_INFINITY, oldestRecentPending.createdMs - clockSkewMs);
  const createdAfter = since === null ? undefined : new Date(since - overlapMs).toISOString();

  const seen = new Set<number>();
  let records: FaxRecord[] = [];
  for (let offset = 0; ; ) {
    const page = await client.listFaxes({ limit: pageSize, offset, ...(createdAfter ? { createdAfter } : {}) }, { priority: 'background' });
    changes.requests += 1;
    records = page.items;
    for (const record of records) seen.add(record.id);
    merge(changes, cache.faxes.upsertMany(records, { markNewInboundUnread: true }));
    offset += page.items.length + page.skipped;
    if (!page.hasMore || page.items.length + page.skipped === 0) break;
  }

  // Pending faxes the list did not cover: ask for each (oldest first, a few per pass).
  const stale = pending.filter((fax) => !seen.has(fax.id)).slice(0, stalePendingPerPass);
  for (const fax of stale) {
    try {
      const { fax: record } = await client.getFax(fax.id, { priority: 'background' });
      changes.requests += 1;
      merge(changes, cache.faxes.upsertMany([record], { markNewInboundUnread: true }));
    } catch (error) {
      changes.requests += 1;
      if ((error as { status?: number | null }).status !== 404) throw error;
    }
  }
  return changes;
}
