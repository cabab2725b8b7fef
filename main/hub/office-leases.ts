/**
 * Leases on work the office does once (fax_hub.leases): a desk takes a job's lease, or learns that another desk
 * holds it or finished it; a lease not finished by its expiry may be taken by another desk, and only the desk
 * holding a lease can mark its job done.
 */
import type { ClientBase } from 'pg';

export async function takeLease(client: ClientBase, job: string, deskId: string, leaseMs: number): Promise<'mine' | 'taken' | 'done'> {
  const taken = await client.query(
    `INSERT INTO fax_hub.leases (job, desk_id, expires_at) VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
       ON CONFLICT (job) DO UPDATE SET holder = current_user, desk_id = EXCLUDED.desk_id, expires_at = EXCLUDED.expires_at
       WHERE fax_hub.leases.done_at IS NULL AND (fax_hub.leases.expires_at < clock_timestamp() OR fax_hub.leases.desk_id = EXCLUDED.desk_id)
     RETURNING job`,
    [job, deskId, leaseMs],
  );
  if ((taken.rowCount ?? 0) > 0) return 'mine';
  const held = await client.query<{ done_at: Date | null }>('SELECT done_at FROM fax_hub.leases WHERE job = $1', [job]);
  return held.rows[0]?.done_at ? 'done' : 'taken';
}

export async function finishLease(client: ClientBase, job: string, deskId: string): Promise<void> {
  await client.query('UPDATE fax_hub.leases SET done_at = clock_timestamp(), holder = current_user WHERE job = $1 AND desk_id = $2', [job, deskId]);
}
