/** Appends one entry to a desk's audit chain, inside the caller's transaction. */
import type { ClientBase } from 'pg';
import { entryHash, genesisHash, type AuditAction } from './audit-chain';
import { sealAuditDetail, type AuditDetail } from './audit-detail';

export interface AuditAppend {
  deskId: string;
  actor: string;
  action: AuditAction;
  faxId: string | null;
  /** What changed, sealed with `officeKey`. */
  detail?: { officeKey: Buffer; says: AuditDetail } | undefined;
}

export async function appendAuditEntry(client: ClientBase, entry: AuditAppend): Promise<void> {
  // One entry at a time per desk (its connections may append at once): the chain has no forks.
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`fax_hub.audit/${entry.deskId}`]);
  const last = await client.query<{ seq: string; hash: string }>('SELECT seq, hash FROM fax_hub.audit WHERE desk_id = $1 ORDER BY seq DESC LIMIT 1', [entry.deskId]);
  const previous = last.rows[0];
  const now = await client.query<{ now: Date }>('SELECT clock_timestamp() AS now');
  const seq = previous ? Number(previous.seq) + 1 : 1;
  const chained = {
    deskId: entry.deskId,
    actor: entry.actor,
    action: entry.action,
    faxId: entry.faxId,
    seq,
    at: (now.rows[0]?.now ?? new Date()).toISOString(),
    detail: entry.detail ? sealAuditDetail(entry.detail.officeKey, entry.deskId, seq, entry.detail.says) : null,
    prevHash: previous?.hash ?? genesisHash,
  };
  await client.query('INSERT INTO fax_hub.audit (desk_id, seq, actor, action, fax_id, at, detail_sealed, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
    chained.deskId,
    chained.seq,
    chained.actor,
    chained.action,
    chained.faxId,
    chained.at,
    chained.detail,
    chained.prevHash,
    entryHash(chained),
  ]);
}
