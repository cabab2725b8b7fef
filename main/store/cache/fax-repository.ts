/**
 * Faxes in the cache: upserts from the Fax Service (reporting what was new and what changed), the queries the
 * lists need (filters, search, windows of a 50,000-fax list), unread marks, and the cursors sync needs.
 */
import type { FaxDetail, FaxListPage, FaxListQuery, FaxSummary, RecipientView } from '../../../preload/models';
import type { FaxId } from '../../../preload/fax-id';
import { statusGroup, type StatusGroup } from '../../../preload/fax-status';
import type { FaxRecord } from '../../api/read/fax-reader';
import type { CacheDb } from './cache-database';
import { spellingVariants } from './spelling-variants';
import { partiesOf } from './fax-parties';
import { notHandledClause } from './handling-repository';
import { labelClause, mineClause, unclaimedClause } from './hub-triage-repository';
import type { FaxTextRepository } from './fax-text-repository';

interface FaxRow {
  id: FaxId;
  reference: string;
  direction: 'inbound' | 'outbound';
  status: string;
  status_group: StatusGroup;
  pages: number | null;
  created_at: string;
  created_ms: number;
  to_number: string | null;
  from_number: string | null;
  counterpart: string | null;
  subject: string | null;
  sender_name: string | null;
  cost: string | null;
  provider_error: string | null;
  recipients: string;
  recipient_count: number;
  unread: number;
  submission_id: string | null;
  send_request_id: string | null;
}

export interface UpsertOptions {
  markNewInboundUnread: boolean;
  unreadSinceMs?: number | undefined;
}

export interface UpsertOutcome {
  added: FaxId[];
  updated: FaxId[];
  addedInbound: FaxId[];
}

/** Up to this many matches, a search reads them by id and sorts them rather than scanning in time order. */
const fewMatches = 2_000;

function searchText(record: FaxRecord): string {
  return [record.reference, record.to, record.from, record.subject, record.senderName, ...record.recipients.flatMap((recipient) => [recipient.to, recipient.name])]
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase();
}

function counterpartOf(record: FaxRecord): string | null {
  return record.direction === 'inbound' ? record.from : (record.recipients[0]?.to ?? record.to);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function localDayStart(day: string): number {
  return new Date(`${day}T00:00:00`).getTime();
}

function toSummary(row: FaxRow): FaxSummary {
  const recipients = JSON.parse(row.recipients) as Array<{ status: string; name?: string | null }>;
  // A sent fax's own name for its first recipient (the name it was sent with).
  const sentTo = row.direction === 'outbound' ? (recipients[0]?.name ?? null) : null;
  return {
    id: row.id,
    reference: row.reference,
    direction: row.direction,
    status: row.status,
    statusGroup: row.status_group,
    pages: row.pages,
    createdAt: row.created_at,
    counterpart: row.counterpart,
    ...(sentTo ? { counterpartName: sentTo } : {}),
    recipientCount: row.recipient_count,
    deliveredCount: recipients.filter((recipient) => recipient.status === 'delivered').length,
    failedCount: recipients.filter((recipient) => recipient.status === 'failed').length,
    subject: row.subject,
    senderName: row.sender_name,
    unread: row.unread === 1,
  };
}

export interface FaxRepository {
  /**
   * Stores faxes from the Fax Service; says which were new and which changed. A new inbound fax is unread when
   * `markNewInboundUnread`, or when it was received at or after `unreadSinceMs` (the first sync's window).
   */
  upsertMany(records: readonly FaxRecord[], options: UpsertOptions): UpsertOutcome;
  /** Records a fax this app just sent, before the next sync brings the service's own record. */
  recordSent(input: { id: FaxId; reference: string | null; status: string | null; pages: number | null; recipients: RecipientView[]; subject: string | null; submissionId: string; requestId?: string | null | undefined }): void;
  /** `me`: the office hub login the "Mine" filter means. */
  list(query: FaxListQuery, me?: string | null): FaxListPage;
  /** Every fax matching the filters (CSV export of the visible list), read one at a time. */
  iterate(query: Omit<FaxListQuery, 'offset' | 'limit'>, me?: string | null): Generator<FaxSummary & { recipients: RecipientView[] }>;
  /** Every fax to or from this number (a key, "+14155550100"), both directions, newest first. */
  withNumber(key: string, offset: number, limit: number): FaxListPage;
  detail(id: FaxId): (Omit<FaxDetail, 'requestId' | 'pdfCached'> & { sendRequestId: string | null }) | null;
  markRead(ids: readonly FaxId[], read: boolean): void;
  unreadInbound(): number;
  /** created_ms of the newest fax the service has given us (local placeholders do not count). */
  newestSyncedMs(): number | null;
  /** Ids of the faxes from the Fax Service held with exactly this creation time. */
  idsCreatedAt(createdMs: number): FaxId[];
  /**
   * Faxes in flight, oldest first: still in progress, or outbound in a state the app does not know (it may not be
   * final). Only those created since `sinceMs`: a fax stuck for a day is no reason to keep polling fast.
   */
  pending(sinceMs?: number): Array<{ id: FaxId; createdMs: number }>;
  count(): number;
}

/** `text`: recognized text, which a search also looks in (none: metadata only). */
/** `kindClause`: the SQL (one argument, the kind) selecting the ids of faxes intake read as that kind. */
export function createFaxRepository(db: CacheDb, now: () => number = Date.now, text: FaxTextRepository | null = null, kindClause: string | null = null): FaxRepository {
  const byId = db.prepare<[FaxId], FaxRow>('SELECT * FROM faxes WHERE id = ?');
  const statusOf = db.prepare<[FaxId], { status: string; recipients: string; from_number: string | null }>('SELECT status, recipients, from_number FROM faxes WHERE id = ?');
  const upsert = db.prepare(`
    INSERT INTO faxes (id, reference, direction, status, status_group, pages, created_at, created_ms, to_number, from_number, counterpart, subject, sender_name, cost,
      provider_error, recipients, recipient_count, search, unread, origin, synced_ms)
    VALUES (@id, @reference, @direction, @status, @status_group, @pages, @created_at, @created_ms, @to_number, @from_number, @counterpart, @subject, @sender_name, @cost,
      @provider_error, @recipients, @recipient_count, @search, @unread, 'server', @synced_ms)
    ON CONFLICT(id) DO UPDATE SET reference = excluded.reference, direction = excluded.direction, status = excluded.status, status_group = excluded.status_group, pages = excluded.pages,
      created_at = excluded.created_at, created_ms = excluded.created_ms, to_number = excluded.to_number, from_number = excluded.from_number,
      counterpart = excluded.counterpart, subject = coalesce(excluded.subject, faxes.subject), sender_name = excluded.sender_name, cost = excluded.cost,
      provider_error = excluded.provider_error, recipients = excluded.recipients, recipient_count = excluded.recipient_count, search = excluded.search,
      origin = 'server', synced_ms = excluded.synced_ms`);

  const deleteParties = db.prepare('DELETE FROM fax_parties WHERE fax_id = ?');
  const insertParty = db.prepare('INSERT OR REPLACE INTO fax_parties (fax_id, number, role, failed, created_ms) VALUES (?, ?, ?, ?, ?)');
  function writeParties(id: FaxId, createdMs: number, fax: Parameters<typeof partiesOf>[0]): void {
    deleteParties.run(id);
    for (const party of partiesOf(fax)) insertParty.run(id, party.number, party.role, party.failed ? 1 : 0, createdMs);
  }

  const upsertMany = db.transaction((records: readonly FaxRecord[], options: UpsertOptions): UpsertOutcome => {
    const outcome: UpsertOutcome = { added: [], updated: [], addedInbound: [] };
    const syncedMs = now();
    for (const record of records) {
      const before = statusOf.get(record.id);
      const recipients = JSON.stringify(record.recipients);
      upsert.run({
        id: record.id,
        reference: record.reference,
        direction: record.direction,
        status: record.status,
        status_group: statusGroup(record.direction, record.status),
        pages: record.pages,
        created_at: record.createdAt,
        created_ms: record.createdMs,
        to_number: record.to,
        from_number: record.from,
        counterpart: counterpartOf(record),
        subject: record.subject,
        sender_name: record.senderName,
        cost: record.cost,
        provider_error: record.providerError,
        recipients,
        recipient_count: Math.max(record.recipients.length, record.to ? 1 : 0),
        search: searchText(record),
        unread: record.direction === 'inbound' && (options.markNewInboundUnread || (options.unreadSinceMs !== undefined && record.createdMs >= options.unreadSinceMs)) ? 1 : 0,
        synced_ms: syncedMs,
      });
      if (!before || before.recipients !== recipients || before.from_number !== record.from) writeParties(record.id, record.createdMs, record);
      if (!before) {
        outcome.added.push(record.id);
        if (record.direction === 'inbound') outcome.addedInbound.push(record.id);
      } else if (before.status !== record.status || before.recipients !== recipients) {
        outcome.updated.push(record.id);
      }
    }
    return outcome;
  });

  const insertLocal = db.prepare(`
    INSERT OR IGNORE INTO faxes (id, reference, direction, status, status_group, pages, created_at, created_ms, to_number, counterpart, subject, recipients,
      recipient_count, search, unread, submission_id, origin, synced_ms)
    VALUES (@id, @reference, 'outbound', @status, @status_group, @pages, @created_at, @created_ms, @to_number, @to_number, @subject, @recipients, @recipient_count,
      @search, 0, @submission_id, 'local', 0)`);
  const linkSubmission = db.prepare('UPDATE faxes SET submission_id = ?, send_request_id = COALESCE(?, send_request_id) WHERE id = ?');

  /** `me`: the office hub login "Mine" means (null without a hub: nothing is mine). */
  function where(query: Omit<FaxListQuery, 'offset' | 'limit'>, me: string | null = null): { clause: string; args: Array<string | number>; content: boolean } {
    const parts = ['direction = ?'];
    const args: Array<string | number> = [query.direction];
    if (query.groups && query.groups.length > 0) {
      parts.push(`status_group IN (${query.groups.map(() => '?').join(', ')})`);
      args.push(...query.groups);
    }
    if (query.from) {
      parts.push('created_ms >= ?');
      args.push(localDayStart(query.from));
    }
    if (query.to) {
      parts.push('created_ms < ?');
      args.push(localDayStart(query.to) + 24 * 3600 * 1000);
    }
    if (query.unreadOnly && query.readHere?.length) {
      // A fax opened from the Unread list stays in it (as mail apps keep an opened message) until the list changes.
      parts.push(`(unread = 1 OR id IN (${query.readHere.map(() => '?').join(', ')}))`);
      args.push(...query.readHere);
    } else if (query.unreadOnly) parts.push('unread = 1');
    if (query.notHandledOnly) parts.push(notHandledClause);
    if (query.triage === 'unclaimed') parts.push(unclaimedClause);
    if (query.triage === 'mine') {
      parts.push(me === null ? '0' : mineClause);
      if (me !== null) args.push(me, me);
    }
    if (query.label) {
      parts.push(labelClause);
      args.push(query.label);
    }
    if (query.kind) {
      parts.push(kindClause ?? '0');
      if (kindClause !== null) args.push(query.kind);
    }
    const search = query.search?.trim().toLowerCase();
    const content = search ? contentMatch(search) : null;
    // Its details as written, in any of the ways the search is spelled (Weiss, Weiß).
    const spellings = search ? spellingVariants(search) : [];
    const inDetails = spellings.map(() => "search LIKE ? ESCAPE '\\'").join(' OR ');
    if (search && content) {
      // Found by its details or by what it says (recognized text), whichever matches.
      parts.push(`(${inDetails} OR id IN (${content.sql}))`);
      args.push(...spellings.map((spelling) => `%${escapeLike(spelling)}%`), ...content.args);
    } else if (search) {
      parts.push(`(${inDetails})`);
      args.push(...spellings.map((spelling) => `%${escapeLike(spelling)}%`));
    }
    return { clause: parts.join(' AND '), args, content: content !== null };
  }

  /** The text index's part of a search, when some recognized text matches it (else the search stays on details). */
  function contentMatch(search: string): { sql: string; args: string[] } | null {
    if (!text?.anyMatch(search)) return null;
    return text.matchClause(search);
  }

  return {
    upsertMany: (records, options) => upsertMany(records, options),

    /** Records a fax this app just sent, before the next sync brings the service's own record. */
    recordSent(input: { id: FaxId; reference: string | null; status: string | null; pages: number | null; recipients: RecipientView[]; subject: string | null; submissionId: string; requestId?: string | null | undefined }): void {
      const createdMs = now();
      const inserted = insertLocal.run({
        id: input.id,
        reference: input.reference ?? input.id,
        status: input.status ?? 'queued',
        status_group: statusGroup('outbound', input.status ?? 'queued'),
        pages: input.pages,
        created_at: new Date(createdMs).toISOString(),
        created_ms: createdMs,
        to_number: input.recipients[0]?.to ?? null,
        subject: input.subject,
        recipients: JSON.stringify(input.recipients),
        recipient_count: input.recipients.length,
        search: [input.reference, input.subject, ...input.recipients.flatMap((recipient) => [recipient.to, recipient.name])].filter(Boolean).join(' ').toLowerCase(),
        submission_id: input.submissionId,
      });
      if (inserted.changes > 0) writeParties(input.id, createdMs, { direction: 'outbound', to: null, from: null, recipients: input.recipients });
      linkSubmission.run(input.submissionId, input.requestId ?? null, input.id);
    },

    list(query: FaxListQuery, me: string | null = null): FaxListPage {
      const { clause, args, content } = where(query, me);
      // A search that also looks in recognized text cannot be answered from the narrow search index alone.
      const searching = Boolean(query.search?.trim()) && !content;
      const limit = Math.min(query.limit, 500);
      // A search is counted on the narrow (direction, search) index. Few matches are then read by id and sorted;
      // many are read in time order until the window is full (which stops early).
      const countIndex = searching ? 'INDEXED BY faxes_search' : content ? 'INDEXED BY faxes_search_ids' : '';
      const total = (db.prepare(`SELECT COUNT(*) AS total FROM faxes ${countIndex} WHERE ${clause}`).get(...args) as { total: number }).total;
      // Few matches of a search (by details or text) are found on the narrow index, read by id and sorted.
      const rows = (
        (searching || content) && total <= fewMatches
          ? db.prepare(`SELECT * FROM faxes WHERE id IN (SELECT id FROM faxes ${countIndex} WHERE ${clause}) ORDER BY created_ms DESC, length(id) DESC, id DESC LIMIT ? OFFSET ?`)
          : db.prepare(`SELECT * FROM faxes INDEXED BY faxes_by_time WHERE ${clause} ORDER BY created_ms DESC, length(id) DESC, id DESC LIMIT ? OFFSET ?`)
      ).all(...args, limit, query.offset) as FaxRow[];
      const items = rows.map(toSummary);
      if (content && text && query.search) {
        const hits = text.firstHits(query.search, items.map((item) => item.id));
        for (const item of items) {
          const hit = hits.get(item.id);
          if (hit) item.textHit = hit;
        }
      }
      return { items, total, offset: query.offset };
    },

    /** Every fax matching the filters (CSV export of the visible list). */
    *iterate(query: Omit<FaxListQuery, 'offset' | 'limit'>, me: string | null = null): Generator<FaxSummary & { recipients: RecipientView[] }> {
      const { clause, args } = where(query, me);
      for (const row of db.prepare(`SELECT * FROM faxes WHERE ${clause} ORDER BY created_ms DESC, length(id) DESC, id DESC`).iterate(...args) as Iterable<FaxRow>) {
        yield { ...toSummary(row), recipients: JSON.parse(row.recipients) as RecipientView[] };
      }
    },

    withNumber(key: string, offset: number, limit: number): FaxListPage {
      const total = (db.prepare('SELECT COUNT(DISTINCT fax_id) AS total FROM fax_parties WHERE number = ?').get(key) as { total: number }).total;
      const rows = db
        .prepare('SELECT * FROM faxes WHERE id IN (SELECT fax_id FROM fax_parties WHERE number = ?) ORDER BY created_ms DESC, length(id) DESC, id DESC LIMIT ? OFFSET ?')
        .all(key, Math.min(limit, 500), offset) as FaxRow[];
      return { items: rows.map(toSummary), total, offset };
    },

    detail(id: FaxId): (Omit<FaxDetail, 'requestId' | 'pdfCached'> & { sendRequestId: string | null }) | null {
      const row = byId.get(id);
      if (!row) return null;
      return {
        ...toSummary(row),
        recipients: JSON.parse(row.recipients) as RecipientView[],
        cost: row.cost,
        providerError: row.provider_error,
        submissionId: row.submission_id,
        sendRequestId: row.send_request_id,
      };
    },


    markRead(ids: readonly FaxId[], read: boolean): void {
      const statement = db.prepare("UPDATE faxes SET unread = ? WHERE id = ? AND direction = 'inbound'");
      db.transaction(() => {
        for (const id of ids) statement.run(read ? 0 : 1, id);
      })();
    },

    unreadInbound(): number {
      return (db.prepare("SELECT COUNT(*) AS n FROM faxes WHERE direction = 'inbound' AND unread = 1").get() as { n: number }).n;
    },

    /** created_ms of the newest fax the service has given us (local placeholders do not count). */
    newestSyncedMs(): number | null {
      return (db.prepare("SELECT MAX(created_ms) AS newest FROM faxes INDEXED BY faxes_from_server WHERE origin = 'server'").get() as { newest: number | null }).newest;
    },

    /** Ids of the faxes from the Fax Service held with exactly this creation time. */
    idsCreatedAt(createdMs: number): FaxId[] {
      return (db.prepare("SELECT id FROM faxes INDEXED BY faxes_from_server WHERE origin = 'server' AND created_ms = ?").all(createdMs) as Array<{ id: FaxId }>).map((row) => row.id);
    },

    pending(sinceMs?: number): Array<{ id: FaxId; createdMs: number }> {
      return (db.prepare("SELECT id, created_ms FROM faxes INDEXED BY faxes_in_flight WHERE status_group IN ('in_progress', 'other') AND created_ms >= ? ORDER BY created_ms").all(sinceMs ?? 0) as Array<{ id: FaxId; created_ms: number }>).map(
        (row) => ({ id: row.id, createdMs: row.created_ms }),
      );
    },

    count(): number {
      return (db.prepare('SELECT COUNT(*) AS n FROM faxes').get() as { n: number }).n;
    },

  };
}

