/**
 * Growing waits between tries of one piece of work, as tables: the n-th failure in a row waits the n-th step, and
 * every failure past the end waits the last one. Every journal that retries by itself takes its waits from here.
 */
export type RetrySchedule = readonly number[];

const second = 1000;
const minute = 60 * second;

/** A fax on its way: someone waits for it, so the first tries come quickly. */
export const sendRetries: RetrySchedule = [2 * second, 5 * second, 15 * second, 30 * second, minute, 2 * minute, 5 * minute];

/** Work in the background (an inbound rule's copy, a report to save): doubling from 30 s to at most an hour. */
export const backgroundRetries: RetrySchedule = [30 * second, minute, 2 * minute, 4 * minute, 8 * minute, 16 * minute, 32 * minute, 60 * minute];

/** The wait after `failures` failed tries in a row (1 for the first failure; 0 or less counts as 1). */
export function waitAfterFailures(schedule: RetrySchedule, failures: number): number {
  const counted = Number.isFinite(failures) ? Math.max(Math.floor(failures), 1) : 1;
  const step = Math.min(counted, schedule.length) - 1;
  return schedule[step] ?? schedule[schedule.length - 1] ?? 0;
}

/** The longest wait of a schedule. */
export function longestWait(schedule: RetrySchedule): number {
  return Math.max(0, ...schedule);
}
