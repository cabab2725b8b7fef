/**
 * Leases on work the office does once (fax_hub.leases): a desk takes a job's lease, or learns that another desk
 * holds it or finished it. A lease is short and renewed while the work goes on, so a desk that dies holding one
 * lets another desk take the job within minutes; only the desk holding a lease can renew it, name what it makes or
 * mark its job done. What a job makes (a saved copy's file name) is named on the lease, sealed with the office
 * key, so a desk taking over after a kill writes the same file and leaves no half-written one behind.
 */
import type { ClientBase } from 'pg';
import { openOrNull, seal, type OfficeKeys } from './office-key';

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
  /** `notBefore`: when the job's fax arrived (a lease finished before then is void). */
  take(job: string, notBefore?: number): Promise<JobLease>;
  /** Names the job's result on a lease this desk holds (a desk taking over writes the same file). */
  name(job: string, target: string): Promise<void>;
  /** Renews a lease this desk holds; false when it lost it (it ran out and another desk took it). */
  renew(job: string): Promise<boolean>;
  /** Marks a job this desk took done for the office. */
  finish(job: string): Promise<void>;
}

/**
 * A job's lease finished this long before its fax arrived did not do that fax's job (a member finished it ahead, so
 * the rule would never run). The slack is wide so that the Fax Service's clock and the hub's never disagree enough
 * to void a job a desk really did — which would save or print it twice.
 */
export const leaseClockSlackMs = 3_600_000;

/** When a job's lease must have been finished after to count, for a fax that arrived at `createdAt` (none: unknown). */
export function leaseVoidBefore(createdAt: string): number | undefined {
  const arrived = Date.parse(createdAt);
  return Number.isFinite(arrived) ? arrived - leaseClockSlackMs : undefined;
}

/** How long a lease lasts without being renewed. */
export const officeLeaseMs = 60_000;

function openedTarget(officeKey: OfficeKeys, job: string, sealed: Buffer | null): string | null {
  // Null when it does not open (altered on the hub, or moved from another job): this desk names the file itself.
  return sealed === null ? null : openOrNull(officeKey, 'lease-target', job, sealed);
}

export interface LeaseRequest {
  job: string;
  deskId: string;
  leaseMs: number;
  /** When the job's fax arrived: a lease finished before then did not do this fax's job and is taken again. */
  notBefore?: number | undefined;
}

/** The hub's functions take, name, renew and finish a lease only for the person and desk holding it. */
export async function takeLease(client: ClientBase, officeKey: OfficeKeys, request: LeaseRequest): Promise<JobLease> {
  const taken = await client.query<{ turn: JobTurn; target: Buffer | null; done_here: boolean }>('SELECT turn, target, done_here FROM fax_hub.take_lease($1, $2, $3, $4)', [
    request.job,
    request.deskId,
    Math.max(1, Math.round(request.leaseMs)),
    request.notBefore === undefined ? null : new Date(request.notBefore),
  ]);
  const row = taken.rows[0];
  if (!row) return { turn: 'taken', target: null };
  if (row.turn === 'mine') return { turn: 'mine', target: openedTarget(officeKey, request.job, row.target) };
  if (row.turn === 'done') return { turn: 'done', target: null, doneHere: row.done_here };
  return { turn: 'taken', target: null };
}

/** Names what the job makes, on a lease this desk holds. */
export async function nameLease(client: ClientBase, officeKey: OfficeKeys, job: string, deskId: string, target: string): Promise<void> {
  await client.query('SELECT fax_hub.name_lease($1, $2, $3)', [job, deskId, seal(officeKey, 'lease-target', job, target)]);
}

/** Renews a lease this desk holds; false when it holds it no longer (it ran out and another desk took it). */
export async function renewLease(client: ClientBase, job: string, deskId: string, leaseMs: number): Promise<boolean> {
  const renewed = await client.query<{ renewed: boolean }>('SELECT fax_hub.renew_lease($1, $2, $3) AS renewed', [job, deskId, Math.max(1, Math.round(leaseMs))]);
  return renewed.rows[0]?.renewed === true;
}

/** The fax a job is about ("rule-save:<fax id>"), for its entry in the trail; none for the office's own jobs. */
export function faxOfJob(job: string): string | null {
  const match = /^rule-[a-z]+:(.+)$/.exec(job);
  return match?.[1] ?? null;
}

export async function finishLease(client: ClientBase, job: string, deskId: string): Promise<void> {
  await client.query('SELECT fax_hub.finish_lease($1, $2, $3)', [job, deskId, faxOfJob(job)]);
}
