/**
 * Work an office does once, whichever desk does it: an inbound rule's copy or print of a received fax, the daily
 * reminder. With an office hub, a desk takes the job's lease on the hub first ('mine'), or learns that another
 * desk holds it ('taken': look again later) or finished it ('done'); without a hub every job is this desk's.
 *
 * A lease is short (`officeLeaseMs`) and renewed while the work goes on (`holdingLease`): a desk killed in the
 * middle of a job lets another desk do it about a minute later, not ten.
 */
import { officeLeaseMs, type OfficeJobs } from '../hub/office-leases';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';

export { leaseVoidBefore, officeLeaseMs, type JobLease, type JobTurn, type OfficeJobs } from '../hub/office-leases';

/** A desk on its own: every job is its own. */
export const deskOnItsOwn: OfficeJobs = {
  take: () => Promise.resolve({ turn: 'mine', target: null }),
  name: () => Promise.resolve(),
  renew: () => Promise.resolve(true),
  finish: () => Promise.resolve(),
};

/**
 * Runs `work` while holding a job's lease, renewing it every third of its length. `held()` says whether the lease
 * is still surely this desk's — false once a renewal found it taken, or could not be made for a whole lease's
 * length — so the work can stop before its last step (renaming a copy into place) rather than do it twice.
 */
export async function holdingLease<T>(jobs: OfficeJobs, job: string, work: (held: () => boolean) => Promise<T>, options: { leaseMs?: number; timers?: Timers; now?: () => number } = {}): Promise<T> {
  const leaseMs = options.leaseMs ?? officeLeaseMs;
  const now = options.now ?? Date.now;
  const timer = createOneTimer(options.timers ?? realTimers);
  let lost = false;
  let renewedAt = now();
  let stopped = false;
  const renew = (): void => {
    timer.after(leaseMs / 3, () => {
      void jobs
        .renew(job)
        .then(
          (kept) => {
            if (kept) renewedAt = now();
            else lost = true;
          },
          () => undefined,
        )
        .finally(() => {
          if (!stopped && !lost) renew();
        });
    });
  };
  renew();
  try {
    return await work(() => !lost && now() - renewedAt < leaseMs);
  } finally {
    stopped = true;
    timer.cancel();
  }
}
