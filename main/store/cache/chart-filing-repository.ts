/**
 * The chart filings' journal, in the encrypted cache: one row per received fax. A match is recorded (who, or the
 * candidates and why a person must look); a decision queues the filing with its patient, document type and target
 * before anything is sent; the EHR's id for the document is kept once it has it. A restart finds each filing where
 * it was, and one queued is sent again the same way (the conditional create, the same control id), never twice.
 */
import type { ChartPatient, ChartSummary, FilingCandidate, FilingReason, FilingState, FilingView } from '../../../preload/chart';
import type { Message } from '../../../preload/i18n/translator';
import type { FaxId } from '../../../preload/fax-id';
import { readStoredMessage, storeMessage } from '../stored-message';
import type { CacheDb } from './cache-database';

export type FilingTarget = 'fhir' | 'mllp' | 'folder';

/** The chart's id of a document another desk of the office filed (this desk never had it). */
export const filedByTheOffice = 'office';

export interface FilingRow {
  faxId: FaxId;
  state: FilingState;
  reason: FilingReason | null;
  candidates: FilingCandidate[];
  patient: ChartPatient | null;
  documentType: { system: string; code: string; display: string } | null;
  target: FilingTarget | null;
  remoteId: string | null;
  filedBy: 'rule' | 'person' | null;
  filedMs: number | null;
  attempts: number;
  nextTryMs: number;
  lastError: Message | null;
  unfinishedTries: number;
  /** How often a filing of this fax was taken back: a new filing is a new document (its identifier says which). */
  generation: number;
}

export interface ChartFilingRepository {
  /** What the matcher (or a person's look-up) said of a fax; a filing decided (queued, filed) is left as it is. */
  recordMatch(faxId: FaxId, match: { reason: FilingReason; candidates: FilingCandidate[] }, atMs: number): void;
  /**
   * A rule or a person decided: the filing waits to be sent. A fax queued or filed already is not queued again (false);
   * one taken back may be filed anew.
   */
  queue(faxId: FaxId, decision: { patient: ChartPatient; documentType: { system: string; code: string; display: string }; target: FilingTarget; filedBy: 'rule' | 'person'; candidates?: FilingCandidate[] }, atMs: number): boolean;
  get(faxId: FaxId): FilingRow | null;
  due(atMs: number, limit: number): FilingRow[];
  nextDue(): number | null;
  tryStarted(faxId: FaxId): void;
  /** Names what the target will hold before it is sent (the MLLP control id, the file's name). */
  reserve(faxId: FaxId, remoteId: string): void;
  filed(faxId: FaxId, remoteId: string, atMs: number): void;
  /** A try that failed and will be tried again. */
  failed(faxId: FaxId, problem: Message, nextTryMs: number): void;
  /** The EHR refused it (a 4xx): back to a person, with its words. */
  refused(faxId: FaxId, problem: Message, atMs: number): void;
  withdrawn(faxId: FaxId, atMs: number): void;
  /**
   * Another desk of the office filed the fax (the hub says so): it is filed here too, off "To file" — unless this desk
   * decided on it already (queued or filed), which stands. False when nothing changed.
   */
  filedByOffice(faxId: FaxId, filing: { patient: ChartPatient; target: FilingTarget; filedBy: 'rule' | 'person'; documentType: { system: string; code: string; display: string } | string | null }, atMs: number): boolean;
  /** The office took back a filing another desk made: withdrawn here too. False when nothing changed. */
  withdrawnByOffice(faxId: FaxId, atMs: number): boolean;
  /** A filing waiting for its next try is due now (a person asked to try again). */
  retryNow(faxId: FaxId): void;
  /** What waits for a person, oldest first. */
  toFile(limit: number): FilingRow[];
  counts(): { toFile: number; queued: number; failing: number };
  /** Received faxes since `sinceMs` that intake read and nothing matched yet (the app stopped in between). */
  unmatched(sinceMs: number, limit: number): FaxId[];
  forget(faxId: FaxId): void;
  /** The lists' view of each fax's filing (faxes never matched have none). */
  summaries(faxIds: readonly FaxId[]): Map<FaxId, ChartSummary>;
}

interface Row {
  fax_id: FaxId;
  state: FilingState;
  reason: FilingReason | null;
  candidates: string;
  patient: string | null;
  document_type: string | null;
  target: FilingTarget | null;
  remote_id: string | null;
  filed_by: 'rule' | 'person' | null;
  filed_ms: number | null;
  attempts: number;
  next_try_ms: number;
  last_error: string | null;
  unfinished_tries: number;
  generation: number;
}

const toRow = (row: Row): FilingRow => ({
  faxId: row.fax_id,
  state: row.state,
  reason: row.reason,
  candidates: JSON.parse(row.candidates) as FilingCandidate[],
  patient: row.patient === null ? null : (JSON.parse(row.patient) as ChartPatient),
  documentType: row.document_type === null ? null : (JSON.parse(row.document_type) as FilingRow['documentType']),
  target: row.target,
  remoteId: row.remote_id,
  filedBy: row.filed_by,
  filedMs: row.filed_ms,
  attempts: row.attempts,
  nextTryMs: row.next_try_ms,
  lastError: row.last_error === null ? null : readStoredMessage(row.last_error),
  unfinishedTries: row.unfinished_tries,
  generation: row.generation,
});

export function filingView(row: FilingRow): FilingView {
  return {
    faxId: row.faxId,
    state: row.state,
    reason: row.reason,
    candidates: row.candidates,
    patient: row.patient,
    documentType: row.documentType ? { code: row.documentType.code, display: row.documentType.display } : null,
    target: row.target,
    filedBy: row.filedBy,
    filedAt: row.filedMs,
    elsewhere: row.remoteId === filedByTheOffice,
    problem: row.lastError,
    nextTryAt: row.state === 'queued' && row.attempts > 0 ? row.nextTryMs : null,
  };
}

export function createChartFilingRepository(db: CacheDb): ChartFilingRepository {
  const byId = db.prepare<[FaxId], Row>('SELECT * FROM chart_filings WHERE fax_id = ?');
  const match = db.prepare(`
    INSERT INTO chart_filings (fax_id, state, reason, candidates, updated_ms) VALUES (?, 'to_file', ?, ?, ?)
    ON CONFLICT(fax_id) DO UPDATE SET state = 'to_file', reason = excluded.reason, candidates = excluded.candidates, updated_ms = excluded.updated_ms
      WHERE chart_filings.state IN ('to_file', 'withdrawn')`);
  const queue = db.prepare(`
    INSERT INTO chart_filings (fax_id, state, reason, candidates, patient, document_type, target, filed_by, attempts, next_try_ms, last_error, remote_id, updated_ms)
      VALUES (@fax_id, 'queued', NULL, @candidates, @patient, @document_type, @target, @filed_by, 0, 0, NULL, NULL, @at)
    ON CONFLICT(fax_id) DO UPDATE SET state = 'queued', reason = NULL, patient = excluded.patient, document_type = excluded.document_type,
      target = excluded.target, filed_by = excluded.filed_by, attempts = 0, next_try_ms = 0, last_error = NULL, remote_id = NULL, unfinished_tries = 0,
      updated_ms = excluded.updated_ms
      WHERE chart_filings.state IN ('to_file', 'withdrawn')`);
  const due = db.prepare<[number, number], Row>("SELECT * FROM chart_filings WHERE state = 'queued' AND next_try_ms <= ? ORDER BY updated_ms, rowid LIMIT ?");
  const nextDue = db.prepare("SELECT MIN(next_try_ms) AS at FROM chart_filings WHERE state = 'queued'");
  const tryStarted = db.prepare('UPDATE chart_filings SET unfinished_tries = unfinished_tries + 1 WHERE fax_id = ?');
  const reserve = db.prepare("UPDATE chart_filings SET remote_id = ? WHERE fax_id = ? AND state = 'queued'");
  const filed = db.prepare("UPDATE chart_filings SET state = 'filed', remote_id = ?, filed_ms = ?, last_error = NULL, unfinished_tries = 0, updated_ms = ? WHERE fax_id = ? AND state = 'queued'");
  const failed = db.prepare("UPDATE chart_filings SET attempts = attempts + 1, last_error = ?, next_try_ms = ?, unfinished_tries = 0 WHERE fax_id = ? AND state = 'queued'");
  const refused = db.prepare("UPDATE chart_filings SET state = 'to_file', reason = 'ehr-refused', last_error = ?, unfinished_tries = 0, updated_ms = ? WHERE fax_id = ? AND state = 'queued'");
  const withdrawn = db.prepare("UPDATE chart_filings SET state = 'withdrawn', generation = generation + 1, updated_ms = ? WHERE fax_id = ? AND state = 'filed'");
  const byOffice = db.prepare(`
    INSERT INTO chart_filings (fax_id, state, reason, candidates, patient, document_type, target, filed_by, remote_id, filed_ms, updated_ms)
      VALUES (@fax_id, 'filed', NULL, '[]', @patient, @document_type, @target, @filed_by, '${filedByTheOffice}', @at, @at)
    ON CONFLICT(fax_id) DO UPDATE SET state = 'filed', reason = NULL, patient = excluded.patient, document_type = excluded.document_type,
      target = excluded.target, filed_by = excluded.filed_by, remote_id = excluded.remote_id, filed_ms = excluded.filed_ms, last_error = NULL,
      updated_ms = excluded.updated_ms
      WHERE chart_filings.state IN ('to_file', 'withdrawn')`);
  const withdrawnByOffice = db.prepare(`UPDATE chart_filings SET state = 'withdrawn', generation = generation + 1, updated_ms = ? WHERE fax_id = ? AND state = 'filed' AND remote_id = '${filedByTheOffice}'`);
  const retryNow = db.prepare("UPDATE chart_filings SET next_try_ms = 0 WHERE fax_id = ? AND state = 'queued'");
  const toFile = db.prepare<[number], Row>("SELECT * FROM chart_filings WHERE state = 'to_file' ORDER BY updated_ms, rowid LIMIT ?");
  const counts = db.prepare("SELECT SUM(state = 'to_file') AS to_file, SUM(state = 'queued') AS queued, SUM(state = 'queued' AND last_error IS NOT NULL) AS failing FROM chart_filings");
  const unmatched = db.prepare<[number, number], { fax_id: FaxId }>(
    "SELECT i.fax_id FROM fax_intake i JOIN faxes f ON f.id = i.fax_id WHERE f.direction = 'inbound' AND f.created_ms >= ? AND NOT EXISTS (SELECT 1 FROM chart_filings c WHERE c.fax_id = i.fax_id) ORDER BY f.created_ms LIMIT ?",
  );
  const forget = db.prepare('DELETE FROM chart_filings WHERE fax_id = ?');
  const summaryOf = db.prepare<[FaxId], { state: FilingState; patient: string | null }>('SELECT state, patient FROM chart_filings WHERE fax_id = ?');
  return {
    recordMatch(faxId, found, atMs) {
      match.run(faxId, found.reason, JSON.stringify(found.candidates), atMs);
    },
    queue(faxId, decision, atMs) {
      const result = queue.run({
        fax_id: faxId,
        candidates: JSON.stringify(decision.candidates ?? []),
        patient: JSON.stringify(decision.patient),
        document_type: JSON.stringify(decision.documentType),
        target: decision.target,
        filed_by: decision.filedBy,
        at: atMs,
      });
      return result.changes > 0;
    },
    get: (faxId) => {
      const row = byId.get(faxId);
      return row ? toRow(row) : null;
    },
    due: (atMs, limit) => due.all(atMs, limit).map(toRow),
    nextDue: () => (nextDue.get() as { at: number | null }).at,
    tryStarted: (faxId) => void tryStarted.run(faxId),
    reserve: (faxId, remoteId) => void reserve.run(remoteId, faxId),
    filed: (faxId, remoteId, atMs) => void filed.run(remoteId, atMs, atMs, faxId),
    failed: (faxId, problem, nextTryMs) => void failed.run(storeMessage(problem), nextTryMs, faxId),
    refused: (faxId, problem, atMs) => void refused.run(storeMessage(problem), atMs, faxId),
    withdrawn: (faxId, atMs) => void withdrawn.run(atMs, faxId),
    filedByOffice(faxId, filing, atMs) {
      // A desk of an earlier round told the type's words alone: kept as words, with no code to claim.
      const coding = typeof filing.documentType === 'string' ? { system: '', code: '', display: filing.documentType } : filing.documentType;
      const documentType = coding === null ? null : JSON.stringify(coding);
      return byOffice.run({ fax_id: faxId, patient: JSON.stringify(filing.patient), document_type: documentType, target: filing.target, filed_by: filing.filedBy, at: atMs }).changes > 0;
    },
    withdrawnByOffice: (faxId, atMs) => withdrawnByOffice.run(atMs, faxId).changes > 0,
    retryNow: (faxId) => void retryNow.run(faxId),
    toFile: (limit) => toFile.all(limit).map(toRow),
    counts() {
      const row = counts.get() as { to_file: number | null; queued: number | null; failing: number | null };
      return { toFile: row.to_file ?? 0, queued: row.queued ?? 0, failing: row.failing ?? 0 };
    },
    unmatched: (sinceMs, limit) => unmatched.all(sinceMs, limit).map((row) => row.fax_id),
    forget: (faxId) => void forget.run(faxId),
    summaries(faxIds) {
      const found = new Map<FaxId, ChartSummary>();
      for (const faxId of faxIds) {
        const row = summaryOf.get(faxId);
        if (!row) continue;
        const patient = row.state === 'to_file' || row.patient === null ? null : (JSON.parse(row.patient) as ChartPatient).name;
        found.set(faxId, { state: row.state, patient });
      }
      return found;
    },
  };
}
