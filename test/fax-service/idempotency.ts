/**
 * Idempotency-Key records, scoped to the account, kept 24 h of virtual time. A request holds its key from the
 * moment its headers arrive (an upload still streaming holds it) until its response is sent; an error that
 * created no fax releases it.
 */
import type { Clock } from './clock';
import type { SandboxDb } from './database';

export const retentionMs = 24 * 3600 * 1000;

export interface CompletedRecord {
  fingerprint: string;
  status: number;
  body: string;
  faxId: number | null;
}

export type Claim = { kind: 'reserved' } | { kind: 'in_progress' } | { kind: 'completed'; record: CompletedRecord };

interface Row {
  state: string;
  fingerprint: string | null;
  status: number | null;
  body: string | null;
  fax_id: number | null;
  created_ms: number;
}

export function createIdempotencyStore(db: SandboxDb, clock: Clock) {
  const find = db.prepare('SELECT * FROM idempotency WHERE account_id = ? AND key = ?');
  const remove = db.prepare('DELETE FROM idempotency WHERE account_id = ? AND key = ?');
  const reserve = db.prepare("INSERT INTO idempotency (account_id, key, state, created_ms) VALUES (?, ?, 'processing', ?)");
  const complete = db.prepare(
    "UPDATE idempotency SET state = 'completed', fingerprint = ?, status = ?, body = ?, fax_id = ? WHERE account_id = ? AND key = ?",
  );
  return {
    claim(accountId: string, key: string): Claim {
      const row = find.get(accountId, key) as Row | undefined;
      if (row && row.state === 'completed' && clock.now() - row.created_ms >= retentionMs) remove.run(accountId, key);
      else if (row?.state === 'processing') return { kind: 'in_progress' };
      else if (row) {
        return { kind: 'completed', record: { fingerprint: row.fingerprint ?? '', status: row.status ?? 200, body: row.body ?? '{}', faxId: row.fax_id } };
      }
      reserve.run(accountId, key, clock.now());
      return { kind: 'reserved' };
    },
    complete(accountId: string, key: string, record: CompletedRecord): void {
      complete.run(record.fingerprint, record.status, record.body, record.faxId, accountId, key);
    },
    release(accountId: string, key: string): void {
      remove.run(accountId, key);
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
