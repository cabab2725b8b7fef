/**
 * Replies tracked: sent faxes that expect a reply by a date, and received faxes linked to the sent fax they
 * answer — found by the sender's number among the recipients, or set by hand. A link removed by hand stays
 * removed (the received fax is never linked again on its own).
 */
import type { ReplyState } from '../../../preload/models';
import type { CacheDb } from './cache-database';
import type { FaxId } from '../../../preload/fax-id';

export interface ReplyRepository {
  /** A fax this desk sent expects a reply by `dueMs`: announced here when it is overdue. */
  expect(faxId: FaxId, dueMs: number): void;
  /**
   * Takes the office's expectation of a sent fax: an unchanged due time is not announced again. It is announced on
   * this desk only when its person sent it (`sentHere`); every desk shows it overdue.
   */
  adopt(faxId: FaxId, dueMs: number, sentHere: boolean): void;
  /** Takes the office's link of a received fax set by hand (null: unlinked by hand), when it differs from this desk's. */
  adoptLink(inboundId: FaxId, outboundId: FaxId | null): void;
  /**
   * Links each received fax to the latest earlier sent fax to its sender's number that expects a reply (ids of
   * sent faxes have no sender and are passed over). Returns the links made.
   */
  linkNewReplies(inboundIds: readonly FaxId[]): Array<{ inboundId: FaxId; outboundId: FaxId }>;
  /** Sets (outboundId) or removes (null) the link of a received fax by hand. Returns the sent fax it was linked to before. */
  linkByHand(inboundId: FaxId, outboundId: FaxId | null): FaxId | null;
  /** For sent faxes: what they expect. */
  statesOf(faxIds: readonly FaxId[], nowMs: number): Map<FaxId, ReplyState>;
  /** For received faxes: the sent fax each answers. */
  repliesTo(inboundIds: readonly FaxId[]): Map<FaxId, { id: FaxId; reference: string }>;
  /** Sent faxes whose reply has become overdue since last asked, and whether this desk announces each. */
  takeNewlyOverdue(nowMs: number): Array<{ id: FaxId; reference: string; announce: boolean }>;
  /** When the next expectation falls due, or null. */
  nextDueMs(): number | null;
  /** Sent faxes still waiting for a reply, newest first (to link one by hand). */
  awaiting(limit: number): Array<{ id: FaxId; reference: string; createdAt: string; counterpart: string | null }>;
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

export function createReplyRepository(db: CacheDb): ReplyRepository {
  const anyExpectation = db.prepare<[], { found: number }>('SELECT 1 AS found FROM reply_expectations LIMIT 1');
  const insertExpectation = db.prepare('INSERT OR REPLACE INTO reply_expectations (fax_id, due_ms, overdue_notified, announce) VALUES (?, ?, 0, 1)');
  const senderOf = db.prepare<[FaxId], { number: string; created_ms: number }>("SELECT number, created_ms FROM fax_parties WHERE fax_id = ? AND role = 'from' LIMIT 1");
  const expectingTo = db.prepare<[string, number], { fax_id: FaxId }>(
    `SELECT e.fax_id FROM reply_expectations e JOIN fax_parties p ON p.fax_id = e.fax_id AND p.role = 'to' AND p.number = ?
     WHERE p.created_ms <= ? ORDER BY p.created_ms DESC LIMIT 1`,
  );
  const adoptExpectation = db.prepare(
    // A fax this desk sent stays announced here whatever the office says of it.
    `INSERT INTO reply_expectations (fax_id, due_ms, overdue_notified, announce) VALUES (?, ?, 0, ?)
     ON CONFLICT(fax_id) DO UPDATE SET due_ms = excluded.due_ms, overdue_notified = CASE WHEN due_ms = excluded.due_ms THEN overdue_notified ELSE 0 END,
       announce = MAX(announce, excluded.announce)`,
  );
  const linkRow = db.prepare<[FaxId], { outbound_id: FaxId | null; how: string }>('SELECT outbound_id, how FROM reply_links WHERE inbound_id = ?');
  const insertLink = db.prepare('INSERT OR IGNORE INTO reply_links (inbound_id, outbound_id, how) VALUES (?, ?, ?)');
  const linkOf = db.prepare<[FaxId], { outbound_id: FaxId | null }>('SELECT outbound_id FROM reply_links WHERE inbound_id = ?');
  const setLink = db.prepare('INSERT OR REPLACE INTO reply_links (inbound_id, outbound_id, how) VALUES (?, ?, ?)');
  const overdue = db.prepare<[number], { id: FaxId; reference: string; announce: number }>(
    `SELECT f.id, f.reference, e.announce FROM reply_expectations e JOIN faxes f ON f.id = e.fax_id
     WHERE e.overdue_notified = 0 AND e.due_ms <= ? AND NOT EXISTS (SELECT 1 FROM reply_links l WHERE l.outbound_id = e.fax_id)`,
  );
  const markNotified = db.prepare('UPDATE reply_expectations SET overdue_notified = 1 WHERE fax_id = ?');
  const nextDue = db.prepare<[], { due: number | null }>(
    'SELECT MIN(due_ms) AS due FROM reply_expectations e WHERE overdue_notified = 0 AND NOT EXISTS (SELECT 1 FROM reply_links l WHERE l.outbound_id = e.fax_id)',
  );

  return {
    expect: (faxId, dueMs) => void insertExpectation.run(faxId, dueMs),

    adopt: (faxId, dueMs, sentHere) => void adoptExpectation.run(faxId, dueMs, sentHere ? 1 : 0),

    adoptLink(inboundId, outboundId) {
      const row = linkRow.get(inboundId);
      const how = outboundId === null ? 'unlinked' : 'manual';
      if (row && row.outbound_id === outboundId && row.how === how) return;
      setLink.run(inboundId, outboundId, how);
    },

    linkNewReplies: db.transaction((inboundIds: readonly FaxId[]) => {
      const made: Array<{ inboundId: FaxId; outboundId: FaxId }> = [];
      // A first sync brings thousands of faxes and, usually, no expectation at all: nothing to look up then.
      if (anyExpectation.get() === undefined) return made;
      for (const inboundId of inboundIds) {
        const sender = senderOf.get(inboundId);
        if (!sender) continue;
        const expecting = expectingTo.get(sender.number, sender.created_ms);
        if (!expecting) continue;
        if (insertLink.run(inboundId, expecting.fax_id, 'auto').changes > 0) made.push({ inboundId, outboundId: expecting.fax_id });
      }
      return made;
    }),

    linkByHand(inboundId, outboundId) {
      const before = linkOf.get(inboundId)?.outbound_id ?? null;
      setLink.run(inboundId, outboundId, outboundId === null ? 'unlinked' : 'manual');
      return before;
    },

    statesOf(faxIds, nowMs) {
      const states = new Map<FaxId, ReplyState>();
      if (faxIds.length === 0) return states;
      const rows = db
        .prepare(
          `SELECT e.fax_id, e.due_ms, (SELECT json_group_array(json_object('id', f.id, 'reference', f.reference)) FROM reply_links l JOIN faxes f ON f.id = l.inbound_id WHERE l.outbound_id = e.fax_id) AS replies
           FROM reply_expectations e WHERE e.fax_id IN (${placeholders(faxIds.length)})`,
        )
        .all(...faxIds) as Array<{ fax_id: FaxId; due_ms: number; replies: string }>;
      for (const row of rows) {
        const replies = JSON.parse(row.replies) as Array<{ id: FaxId; reference: string }>;
        states.set(row.fax_id, { state: replies.length > 0 ? 'replied' : row.due_ms <= nowMs ? 'overdue' : 'awaiting', dueMs: row.due_ms, replies });
      }
      return states;
    },

    repliesTo(inboundIds) {
      const links = new Map<FaxId, { id: FaxId; reference: string }>();
      if (inboundIds.length === 0) return links;
      const rows = db
        .prepare(`SELECT l.inbound_id, f.id, f.reference FROM reply_links l JOIN faxes f ON f.id = l.outbound_id WHERE l.inbound_id IN (${placeholders(inboundIds.length)})`)
        .all(...inboundIds) as Array<{ inbound_id: FaxId; id: FaxId; reference: string }>;
      for (const row of rows) links.set(row.inbound_id, { id: row.id, reference: row.reference });
      return links;
    },

    takeNewlyOverdue: db.transaction((nowMs: number) => {
      const rows = overdue.all(nowMs);
      for (const row of rows) markNotified.run(row.id);
      return rows.map((row) => ({ id: row.id, reference: row.reference, announce: row.announce === 1 }));
    }),

    nextDueMs: () => nextDue.get()?.due ?? null,

    awaiting: (limit) =>
      db
        .prepare(
          `SELECT f.id, f.reference, f.created_at AS createdAt, f.counterpart FROM reply_expectations e JOIN faxes f ON f.id = e.fax_id
           WHERE NOT EXISTS (SELECT 1 FROM reply_links l WHERE l.outbound_id = e.fax_id) ORDER BY f.created_ms DESC LIMIT ?`,
        )
        .all(limit) as Array<{ id: FaxId; reference: string; createdAt: string; counterpart: string | null }>,
  };
}
