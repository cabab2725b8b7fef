/**
 * Leases on work the office does once (fax_hub.leases): a desk takes a job's lease, or learns that another desk
 * holds it or finished it. A lease is short and renewed while the work goes on, so a desk that dies holding one
 * lets another desk take the job within minutes; only the desk holding a lease can renew it, name what it makes or
 * mark its job done. What a job makes (a saved copy's file name) is named on the lease, sealed with the office
 * key, so a desk taking over after a kill writes the same file and leaves no half-written one behind.
 */
import type { ClientBase } from 'pg';
import { openOrNull, seal } from './office-key';

export type JobTurn = 'mine' | 'taken' | 'done';

export interface JobLease {
  turn: JobTurn;
  /** What a desk that held this lease before named the job's result (a saved copy's file name), when one did. */
  target: string | null;
  /** A job done by this very desk (it finished the job, then stopped before noting so itself). */
  doneHere?: boolean;
}

/** Work an office does once, as a desk asks for it (with a hub: its leases; alone: every job is the desk's). */
export interface OfficeJobs {
  take(job: string): Promise<JobLease>;
  /** Names the job's result on a lease this desk holds (a desk taking over writes the same file). */
  name(job: string, target: string): Promise<void>;
  /** Renews a lease this desk holds; false when it lost it (it ran out and another desk took it). */
  renew(job: string): Promise<boolean>;
  /** Marks a job this desk took done for the office. */
  finish(job: string): Promise<void>;
}

/** How long a lease lasts without being renewed. */
export const officeLeaseMs = 60_000;

function openedTarget(officeKey: Buffer, job: string, sealed: Buffer | null): string | null {
  // Null when it does not open (altered on the hub, or moved from another job): this desk names the file itself.
  return sealed === null ? null : openOrNull(officeKey, 'lease-target', job, sealed);
}

export async function takeLease(client: ClientBase, officeKey: Buffer, job: string, deskId: string, leaseMs: number): Promise<JobLease> {
  const taken = await client.query<{ target_sealed: Buffer | null }>(
    `INSERT INTO fax_hub.leases (job, desk_id, expires_at) VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
       ON CONFLICT (job) DO UPDATE SET holder = current_user, desk_id = EXCLUDED.desk_id, expires_at = EXCLUDED.expires_at
       WHERE fax_hub.leases.done_at IS NULL AND (fax_hub.leases.expires_at < clock_timestamp() OR fax_hub.leases.desk_id = EXCLUDED.desk_id)
     RETURNING target_sealed`,
    [job, deskId, leaseMs],
  );
  const mine = taken.rows[0];
  if (mine) return { turn: 'mine', target: openedTarget(officeKey, job, mine.target_sealed) };
  const held = await client.query<{ done_at: Date | null; desk_id: string }>('SELECT done_at, desk_id FROM fax_hub.leases WHERE job = $1', [job]);
  const row = held.rows[0];
  if (!row?.done_at) return { turn: 'taken', target: null };
  return { turn: 'done', target: null, doneHere: row.desk_id === deskId };
}

/** Names what the job makes, on a lease this desk holds. */
export async function nameLease(client: ClientBase, officeKey: Buffer, job: string, deskId: string, target: string): Promise<void> {
  await client.query('UPDATE fax_hub.leases SET target_sealed = $3 WHERE job = $1 AND desk_id = $2 AND done_at IS NULL', [job, deskId, seal(officeKey, 'lease-target', job, target)]);
}

/** Renews a lease this desk holds; false when it holds it no longer (it ran out and another desk took it). */
export async function renewLease(client: ClientBase, job: string, deskId: string, leaseMs: number): Promise<boolean> {
  const renewed = await client.query(
    "UPDATE fax_hub.leases SET expires_at = clock_timestamp() + $3 * interval '1 millisecond' WHERE job = $1 AND desk_id = $2 AND done_at IS NULL",
    [job, deskId, leaseMs],
  );
  return (renewed.rowCount ?? 0) > 0;
}

export async function finishLease(client: ClientBase, job: string, deskId: string): Promise<void> {
  await client.query('UPDATE fax_hub.leases SET done_at = clock_timestamp(), holder = current_user WHERE job = $1 AND desk_id = $2', [job, deskId]);
}
