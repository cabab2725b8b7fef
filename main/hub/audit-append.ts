/** Appends one entry to a desk's audit chain, inside the caller's transaction. */
import type { ClientBase } from 'pg';
import { entryHash, genesisHash, type AuditAction } from './audit-chain';

export async function appendAuditEntry(client: ClientBase, entry: { deskId: string; actor: string; action: AuditAction; faxId: string | null }): Promise<void> {
  // One entry at a time per desk (its connections may append at once): the chain has no forks.
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`fax_hub.audit/${entry.deskId}`]);
  const last = await client.query<{ seq: string; hash: string }>('SELECT seq, hash FROM fax_hub.audit WHERE desk_id = $1 ORDER BY seq DESC LIMIT 1', [entry.deskId]);
  const previous = last.rows[0];
  const now = await client.query<{ now: Date }>('SELECT clock_timestamp() AS now');
  const chained = {
    ...entry,
    seq: previous ? Number(previous.seq) + 1 : 1,
    at: (now.rows[0]?.now ?? new Date()).toISOString(),
    prevHash: previous?.hash ?? genesisHash,
  };
  await client.query('INSERT INTO fax_hub.audit (desk_id, seq, actor, action, fax_id, at, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
    chained.deskId,
    chained.seq,
    chained.actor,
    chained.action,
    chained.faxId,
    chained.at,
    chained.prevHash,
    entryHash(chained),
  ]);
}
