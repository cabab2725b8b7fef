/**
 * What a desk adds to an audit entry the database writes: the entry's detail (what changed), sealed with the office
 * key for the entry's number. The hub gives the number with the desk's chain held (its row in `fax_hub.desks`, which
 * only the hub's functions take, and only for the caller's own desk) until the transaction ends, so the entry its
 * function writes has that very number (or the function refuses the detail).
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
  const next = await client.query<{ seq: string }>('SELECT fax_hub.next_entry($1) AS seq', [deskId]);
  const seq = Number(next.rows[0]?.seq);
  if (!Number.isSafeInteger(seq) || seq < 1) throw new Error('the hub gave no entry number');
  return { deskId, seq, detail: sealAuditDetail(officeKey, deskId, seq, says) };
}

