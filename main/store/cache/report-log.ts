/**
 * The transmission reports saved into the reports folder, so each is saved once — and the ones still to save,
 * journaled before the first try, with the reason the last try failed and when to try again.
 */
import type { Message } from '../../../preload/i18n/translator';
import { readStoredMessage, storeMessage } from '../stored-message';
import type { CacheDb } from './cache-database';
import type { FaxId } from '../../../preload/fax-id';

export interface PendingReport {
  faxId: FaxId;
  attempts: number;
  problem: Message | null;
  nextTryMs: number;
}

export interface ReportLog {
  wasSaved(faxId: FaxId): boolean;
  /** Journals that the fax's report is to be saved; a report saved or journaled before is left as it is. */
  enqueue(faxId: FaxId): void;
  /** Pending reports whose next try is due, oldest first. */
  due(atMs: number, limit: number): PendingReport[];
  /** When the next pending report is due (null: none is pending). */
  nextDue(): number | null;
  markSaved(faxId: FaxId, savedMs: number): void;
  failed(faxId: FaxId, problem: Message, nextTryMs: number): void;
  /** Forgets a pending report whose fax is no longer there to report on. */
  drop(faxId: FaxId): void;
  /** Every pending report is due now (the user asked, or chose another folder). */
  retryNow(): void;
  /** How many reports wait, and why the latest try failed. */
  pending(): { count: number; problem: Message | null; nextTryMs: number | null };
}

interface PendingRow {
  fax_id: FaxId;
  attempts: number;
  last_error: string | null;
  next_try_ms: number;
}

const toPending = (row: PendingRow): PendingReport => ({
  faxId: row.fax_id,
  attempts: row.attempts,
  problem: row.last_error === null ? null : readStoredMessage(row.last_error),
  nextTryMs: row.next_try_ms,
});

export function createReportLog(db: CacheDb): ReportLog {
  const find = db.prepare<[FaxId], { fax_id: FaxId }>("SELECT fax_id FROM transmission_reports WHERE fax_id = ? AND state = 'saved'");
  const enqueue = db.prepare("INSERT OR IGNORE INTO transmission_reports (fax_id, saved_ms, state) VALUES (?, 0, 'pending')");
  const due = db.prepare("SELECT fax_id, attempts, last_error, next_try_ms FROM transmission_reports WHERE state = 'pending' AND next_try_ms <= ? ORDER BY rowid LIMIT ?");
  const nextDue = db.prepare("SELECT MIN(next_try_ms) AS at FROM transmission_reports WHERE state = 'pending'");
  const saved = db.prepare(
    "INSERT INTO transmission_reports (fax_id, saved_ms, state) VALUES (?, ?, 'saved') ON CONFLICT (fax_id) DO UPDATE SET saved_ms = excluded.saved_ms, state = 'saved', last_error = NULL",
  );
  const failed = db.prepare("UPDATE transmission_reports SET attempts = attempts + 1, last_error = ?, next_try_ms = ? WHERE fax_id = ? AND state = 'pending'");
  const drop = db.prepare("DELETE FROM transmission_reports WHERE fax_id = ? AND state = 'pending'");
  const retryNow = db.prepare("UPDATE transmission_reports SET next_try_ms = 0 WHERE state = 'pending'");
  const count = db.prepare("SELECT COUNT(*) AS n, MIN(next_try_ms) AS next FROM transmission_reports WHERE state = 'pending'");
  const latestProblem = db.prepare("SELECT last_error FROM transmission_reports WHERE state = 'pending' AND last_error IS NOT NULL ORDER BY rowid DESC LIMIT 1");
  return {
    wasSaved: (faxId) => find.get(faxId) !== undefined,
    enqueue: (faxId) => void enqueue.run(faxId),
    due: (atMs, limit) => (due.all(atMs, limit) as PendingRow[]).map(toPending),
    nextDue: () => (nextDue.get() as { at: number | null }).at,
    markSaved: (faxId, savedMs) => void saved.run(faxId, savedMs),
    failed: (faxId, problem, nextTryMs) => void failed.run(storeMessage(problem), nextTryMs, faxId),
    drop: (faxId) => void drop.run(faxId),
    retryNow: () => void retryNow.run(),
    pending() {
      const { n, next } = count.get() as { n: number; next: number | null };
      const latest = latestProblem.get() as { last_error: string } | undefined;
      return { count: n, problem: latest ? readStoredMessage(latest.last_error) : null, nextTryMs: next };
    },
  };
}
