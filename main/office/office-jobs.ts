/**
 * Work an office does once, whichever desk does it: an inbound rule's copy or print of a received fax, the daily
 * reminder. With an office hub, a desk takes the job's lease on the hub first ('mine'), or learns that another
 * desk holds it ('taken': look again later) or finished it ('done'); without a hub every job is this desk's.
 */
export type JobTurn = 'mine' | 'taken' | 'done';

export interface OfficeJobs {
  take(job: string): Promise<JobTurn>;
  /** Marks a job this desk took done for the office. */
  finish(job: string): Promise<void>;
}

/** A desk on its own: every job is its own. */
export const deskOnItsOwn: OfficeJobs = {
  take: () => Promise.resolve('mine'),
  finish: () => Promise.resolve(),
};
