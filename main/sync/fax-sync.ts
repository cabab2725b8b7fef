/**
 * One pass of fax synchronisation against the Fax Service:
 * - first sync: every fax, 100 per page (resumable: the offset is kept between passes);
 * - afterwards: only what is newer than the newest fax held. `created_after` is exclusive and timestamps can be
 *   equal, so the bound is set a second before the newest held and duplicates are merged by id;
 * - faxes in flight (in progress, or outbound in a state the app does not know) of the last hour are covered by
 *   the same list call (its bound reaches back to the oldest of them); those up to a day old are asked for one
 *   by one, a few per pass; older ones are left to the full-window pass.
 */
import type { FaxClient } from '../api/fax-client';
import type { FaxRecord } from '../api/read/fax-reader';
import type { Cache } from '../store/cache/cache';
import type { UpsertOutcome } from '../store/cache/fax-repository';
import { z } from 'zod';
import type { FaxId } from '../../preload/fax-id';

export const pageSize = 100;
const overlapMs = 1_000;
/** Allowance for the difference between this computer's clock and the service's. */
const clockSkewMs = 5 * 60_000;
const recentPendingMs = 60 * 60_000;
const stalePendingPerPass = 3;
/** How often a pass reads the whole look-back window, without stopping early (a safety net, see below). */
const fullWindowEveryMs = 10 * 60_000;
/** A fax still in flight after a day is no longer tracked pass by pass (the full-window pass still sees it). */
const trackedFor = 24 * 3600_000;

export interface SyncChanges extends UpsertOutcome {
  firstSync: boolean;
  requests: number;
}

function merge(into: SyncChanges, outcome: UpsertOutcome): void {
  into.added.push(...outcome.added);
  into.updated.push(...outcome.updated);
  into.addedInbound.push(...outcome.addedInbound);
}

export interface SyncFaxesOptions {
  /** First sync: faxes received this long before it stay unread; older history arrives read. */
  firstSyncUnreadMs: number;
}

export async function syncFaxes(client: FaxClient, cache: Cache, now: () => number, options: SyncFaxesOptions): Promise<SyncChanges> {
  const changes: SyncChanges = { added: [], updated: [], addedInbound: [], firstSync: false, requests: 0 };
  if (cache.kv.get('first_sync_done', z.boolean()) !== true) {
    changes.firstSync = true;
    let offset = cache.kv.get('first_sync_offset', z.number().int().nonnegative()) ?? 0;
    // The window is counted from the first connection, and kept, so a first sync resumed later means the same.
    const unreadSinceMs = cache.kv.get('first_sync_unread_since_ms', z.number()) ?? now() - options.firstSyncUnreadMs;
    cache.kv.set('first_sync_unread_since_ms', unreadSinceMs);
    for (;;) {
      const page = await client.listFaxes({ limit: pageSize, offset }, { priority: 'background' });
      changes.requests += 1;
      // History is imported as read, but for what arrived in the last hours: the user has not seen it yet.
      merge(changes, cache.faxes.upsertMany(page.items, { markNewInboundUnread: false, unreadSinceMs }));
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
  const pending = cache.faxes.pending(at - trackedFor);
  const recentPending = pending.filter((fax) => fax.createdMs >= at - recentPendingMs);
  let since = newest;
  const oldestRecentPending = recentPending[0];
  if (oldestRecentPending) since = Math.min(since ?? Number.POSITIVE_INFINITY, oldestRecentPending.createdMs - clockSkewMs);
  const createdAfter = since === null ? undefined : new Date(since - overlapMs).toISOString();

  const seen = new Set<FaxId>();
  // Stopping early relies on the list's order (created_at, then id, both descending): a fax created in the same
  // second as the newest held one but listed after all of those is not expected; every ten minutes a pass reads
  // the whole window anyway, so nothing could stay hidden for long.
  const heldAtNewest = newest === null ? [] : cache.faxes.idsCreatedAt(newest);
  const fullWindow = at - (cache.kv.get('full_window_ms', z.number()) ?? 0) >= fullWindowEveryMs;
  let records: FaxRecord[] = [];
  for (let offset = 0; ; ) {
    const page = await client.listFaxes({ limit: pageSize, offset, ...(createdAfter ? { createdAfter } : {}) }, { priority: 'background' });
    changes.requests += 1;
    records = page.items;
    for (const record of records) seen.add(record.id);
    merge(changes, cache.faxes.upsertMany(records, { markNewInboundUnread: true }));
    offset += page.items.length + page.skipped;
    if (!page.hasMore || page.items.length + page.skipped === 0) break;
    if (fullWindow) continue;
    // The list is newest first: once a page has reached back to the newest fax held (and shown every one held
    // with that time) and has shown every recent pending fax, the next pages hold nothing new.
    const oldestOnPage = records.at(-1)?.createdMs ?? Number.NEGATIVE_INFINITY;
    const mayHoldNew = newest === null || oldestOnPage > newest || (oldestOnPage === newest && heldAtNewest.some((id) => !seen.has(id)));
    const mayHoldPending = recentPending.some((fax) => !seen.has(fax.id));
    if (!mayHoldNew && !mayHoldPending) break;
  }
  if (fullWindow) cache.kv.set('full_window_ms', at);

  // Faxes in flight older than the list's reach: ask for each (oldest first, a few per pass).
  const reach = since === null ? Number.NEGATIVE_INFINITY : since - overlapMs;
  const stale = pending.filter((fax) => !seen.has(fax.id) && fax.createdMs < reach).slice(0, stalePendingPerPass);
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
