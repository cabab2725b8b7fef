/**
 * The audit log: who-did-what without PHI — time, action, fax id or submission id. Append-only: the database
 * refuses updates and deletes of its rows (triggers), and nothing in the app offers to change them.
 */
import type { CacheDb } from './cache-database';
import type { FaxId } from '../../../preload/fax-id';

export type AuditAction = 'view' | 'send' | 'print' | 'export' | 'save_pdf' | 'delete' | 'forward' | 'resend' | 'sign_in' | 'sign_out' | 'lock' | 'unlock' | 'unlock_failed' | 'pin_changed' | 'save_report' | 'print_report' | 'rule_save' | 'rule_print' | 'page_tools' | 'fill_sign' | 'chart_filed' | 'chart_withdrawn';

export interface AuditEntry {
  seq: number;
  at: string;
  action: AuditAction;
  faxId: FaxId | null;
  submissionId: string | null;
}

export interface AuditLog {
  record(action: AuditAction, subject?: { faxId?: FaxId; submissionId?: string }): void;
  entries(): AuditEntry[];
  /** Called after each entry is written (the office hub's audit trail takes the ones it keeps). */
  onRecord(listener: (action: AuditAction, faxId: FaxId | null) => void): () => void;
}

export function createAuditLog(db: CacheDb, now: () => number = Date.now): AuditLog {
  const insert = db.prepare('INSERT INTO audit (at, action, fax_id, submission_id) VALUES (?, ?, ?, ?)');
  const listeners = new Set<(action: AuditAction, faxId: FaxId | null) => void>();
  return {
    record(action: AuditAction, subject: { faxId?: FaxId; submissionId?: string } = {}): void {
      insert.run(new Date(now()).toISOString(), action, subject.faxId ?? null, subject.submissionId ?? null);
      for (const listener of listeners) listener(action, subject.faxId ?? null);
    },
    onRecord(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    entries(): AuditEntry[] {
      return (db.prepare('SELECT seq, at, action, fax_id, submission_id FROM audit ORDER BY seq').all() as Array<{
        seq: number;
        at: string;
        action: AuditAction;
        fax_id: FaxId | null;
        submission_id: string | null;
      }>).map((row) => ({ seq: row.seq, at: row.at, action: row.action, faxId: row.fax_id, submissionId: row.submission_id }));
    },
  };
}

