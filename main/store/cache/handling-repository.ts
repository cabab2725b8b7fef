/** Handled marks and notes on received faxes, kept in the encrypted cache (they are the office's, not the service's). */
import type { CacheDb } from './cache-database';
import type { FaxId } from '../../../preload/fax-id';

export interface Handling {
  handledAt: number | null;
  note: string;
}

export interface HandlingRepository {
  get(faxId: FaxId): Handling;
  /** Which of these faxes are marked handled. */
  handledAmong(faxIds: readonly FaxId[]): Set<FaxId>;
  mark(faxIds: readonly FaxId[], handledAt: number | null): void;
  setNote(faxId: FaxId, note: string): void;
  /** Received faxes not marked handled (all of them, or those received since `sinceMs`). */
  notHandled(sinceMs?: number): number;
  /** Received faxes that arrived since `sinceMs`. */
  arrivedSince(sinceMs: number): number;
  /** Every fax with a mark or a note on this desk. */
  all(): Array<Handling & { faxId: FaxId }>;
}

export const notHandledClause = "direction = 'inbound' AND id NOT IN (SELECT fax_id FROM fax_handling WHERE handled_ms IS NOT NULL)";

export function createHandlingRepository(db: CacheDb): HandlingRepository {
  const select = db.prepare('SELECT handled_ms, note FROM fax_handling WHERE fax_id = ?');
  const mark = db.prepare('INSERT INTO fax_handling (fax_id, handled_ms) VALUES (?, ?) ON CONFLICT(fax_id) DO UPDATE SET handled_ms = excluded.handled_ms');
  const note = db.prepare('INSERT INTO fax_handling (fax_id, note) VALUES (?, ?) ON CONFLICT(fax_id) DO UPDATE SET note = excluded.note');
  return {
    get(faxId) {
      const row = select.get(faxId) as { handled_ms: number | null; note: string } | undefined;
      return { handledAt: row?.handled_ms ?? null, note: row?.note ?? '' };
    },
    handledAmong(faxIds) {
      if (faxIds.length === 0) return new Set<FaxId>();
      const rows = db.prepare(`SELECT fax_id FROM fax_handling WHERE handled_ms IS NOT NULL AND fax_id IN (${faxIds.map(() => '?').join(', ')})`).all(...faxIds) as Array<{ fax_id: FaxId }>;
      return new Set(rows.map((row) => row.fax_id));
    },
    mark: db.transaction((faxIds: readonly FaxId[], handledAt: number | null) => {
      for (const id of faxIds) mark.run(id, handledAt);
    }),
    setNote(faxId, text) {
      note.run(faxId, text);
    },
    notHandled(sinceMs) {
      const since = sinceMs === undefined ? '' : ' AND created_ms >= ?';
      return (db.prepare(`SELECT COUNT(*) AS n FROM faxes WHERE ${notHandledClause}${since}`).get(...(sinceMs === undefined ? [] : [sinceMs])) as { n: number }).n;
    },
    all() {
      const rows = db.prepare("SELECT fax_id, handled_ms, note FROM fax_handling WHERE handled_ms IS NOT NULL OR note <> ''").all() as Array<{ fax_id: FaxId; handled_ms: number | null; note: string | null }>;
      return rows.map((row) => ({ faxId: row.fax_id, handledAt: row.handled_ms, note: row.note ?? '' }));
    },
    arrivedSince(sinceMs) {
      return (db.prepare("SELECT COUNT(*) AS n FROM faxes WHERE direction = 'inbound' AND created_ms >= ?").get(sinceMs) as { n: number }).n;
    },
  };
}
