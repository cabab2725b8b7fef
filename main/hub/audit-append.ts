/**
 * What a desk adds to an audit entry the database writes: the entry's detail (what changed), sealed with the office
 * key for the entry's number. The number is read under the chain's lock, which the database's function takes again
 * in the same transaction, so the entry it writes has that very number (or the function refuses the detail).
 */
import type { ClientBase } from 'pg';
import { sealAuditDetail, type AuditDetail } from './audit-detail';
import type { OfficeKeys } from './office-key';

export interface SealedDetail {
  deskId: string;
  seq: number | null;
  detail: string | null;
}

export async function sealDetailForNextEntry(client: ClientBase, deskId: string, officeKey: OfficeKeys, says: AuditDetail | undefined): Promise<SealedDetail> {
  if (says === undefined) return { deskId, seq: null, detail: null };
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`fax_hub.audit/${deskId}`]);
  const last = await client.query<{ seq: string }>('SELECT seq FROM fax_hub.audit WHERE desk_id = $1 ORDER BY seq DESC LIMIT 1', [deskId]);
  const seq = Number(last.rows[0]?.seq ?? 0) + 1;
  return { deskId, seq, detail: sealAuditDetail(officeKey, deskId, seq, says) };
}

