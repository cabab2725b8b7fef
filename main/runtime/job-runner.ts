/**
 * Runs durable jobs kept in a journal (rows of the encrypted cache): the journal says which jobs are due and when
 * the next one is; the runner does them one pass at a time, records each failure with its reason and a later try
 * (waits that grow with the attempts), and sets one timer for the next due job. A restart reads the journal again,
 * so a job is finished however often the app stops. Inbound rules and report autosave run on it; a new durable
 * background job (the office hub's triage journal) should too.
 */
import type { Logger } from '../log/logger';
import { createOneTimer } from './one-timer';
import { backgroundRetries, longestWait, waitAfterFailures } from './retry-schedule';
import { createSerialPass } from './serial-pass';
import { realTimers, type Timers } from './timers';

export const maxRetryMs = longestWait(backgroundRetries);

/** The wait before the next try when `attempts` tries failed before this failure: 30 s, 1 min, 2 min … at most an hour. */
export function retryWait(attempts: number): number {
  return waitAfterFailures(backgroundRetries, Math.max(attempts, 0) + 1);
}

export interface JobRunnerOptions<Job> {
  /** Names the runner in the log. */
  name: string;
  due(atMs: number, limit: number): Job[];
  /** When the earliest job is due, or null when none waits. */
  nextDue(): number | null;
  /** Tells jobs apart within a pass (a job done in a pass is not done again in it). */
  key(job: Job): string;
  attempts(job: Job): number;
  /** Does one job; says whether something shown changed. A throw is a failure, recorded by `failed`. */
  perform(job: Job): Promise<boolean>;
  failed(job: Job, error: unknown, nextTryMs: number): void;
  /** Runs first in each pass (e.g. journals new jobs). */
  beforePass?: () => void;
  /** The jobs of a pass that changed something, after it. */
  afterPass?: (changed: Job[]) => void;
  /** While false, passes do nothing and no timer is set (e.g. no folder to save into). */
  active?: () => boolean;
  /** A job due but not done in a pass (waiting for something else) is looked at again after this long. */
  idleCheckMs?: number;
  batch?: number;
  now?: () => number;
  timers?: Timers;
  log: Logger;
}

export interface JobRunner {
  /** Does what is due now (or once more after the pass under way). */
  run(): Promise<void>;
  start(): Promise<void>;
  /** No new pass or timer; waits for the pass under way. */
  stop(): Promise<void>;
}

export function createJobRunner<Job>(options: JobRunnerOptions<Job>): JobRunner {
  const now = options.now ?? Date.now;
  const active = options.active ?? (() => true);
  const batch = options.batch ?? 100;
  const idleCheckMs = options.idleCheckMs ?? 60_000;
  const timer = createOneTimer(options.timers ?? realTimers);
  let stopped = false;
  // Read through a function: a pass runs across awaits, during which stop() may be called.
  const halted = (): boolean => stopped;

  async function pass(): Promise<void> {
    if (stopped || !active()) return;
    options.beforePass?.();
    const changed: Job[] = [];
    const seen = new Set<string>();
    for (;;) {
      const due = options.due(now(), batch).filter((job) => !seen.has(options.key(job)));
      if (due.length === 0 || halted()) break;
      for (const job of due) {
        seen.add(options.key(job));
        try {
          if (await options.perform(job)) changed.push(job);
        } catch (error) {
          options.failed(job, error, now() + retryWait(options.attempts(job)));
          changed.push(job);
        }
      }
    }
    if (changed.length > 0) options.afterPass?.(changed);
  }

  function schedule(): void {
    timer.cancel();
    if (stopped || !active()) return;
    const next = options.nextDue();
    if (next === null) return;
    const delay = next - now();
    // Due already but not done: what it waits for (a fax still arriving) is looked at again before long.
    timer.after(delay > 0 ? Math.min(delay, maxRetryMs) : idleCheckMs, () => void passes.run());
  }

  const passes = createSerialPass(pass, { onError: (error) => options.log.error(`${options.name}.pass_failed`, { error }), afterEach: schedule });

  return {
    run: () => passes.run(),
    start() {
      stopped = false;
      return passes.run();
    },
    async stop() {
      stopped = true;
      timer.cancel();
      await passes.idle();
    },
  };
}
