// The durable job runner over a journal kept in memory: what is due is done once per pass, a failure is recorded
// with a growing wait, one timer is set for the next due job, and nothing runs while inactive or after stop.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/log/logger';
import { createJobRunner, maxRetryMs, retryWait } from '../../../main/runtime/job-runner';
import type { Timers } from '../../../main/runtime/timers';

interface Job {
  id: string;
  attempts: number;
  dueAt: number;
  done: boolean;
  reason: string | null;
}

function harness(options: { fails?: (job: Job) => boolean; waiting?: (job: Job) => boolean; active?: () => boolean } = {}) {
  let clock = 1_000_000;
  const jobs: Job[] = [];
  const timers: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  const fakeTimers: Timers = {
    set(callback, ms) {
      const timer = {
        callback: () => {
          timer.cleared = true;
          callback();
        },
        ms,
        cleared: false,
      };
      timers.push(timer);
      return timer;
    },
    clear(handle) {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  const performed: string[] = [];
  const passes: string[][] = [];
  const runner = createJobRunner<Job>({
    name: 'test',
    due: (atMs, limit) => jobs.filter((job) => !job.done && job.dueAt <= atMs).slice(0, limit),
    nextDue: () => {
      const open = jobs.filter((job) => !job.done).map((job) => job.dueAt);
      return open.length === 0 ? null : Math.min(...open);
    },
    key: (job) => job.id,
    attempts: (job) => job.attempts,
    async perform(job) {
      performed.push(job.id);
      await Promise.resolve();
      if (options.waiting?.(job)) return false;
      if (options.fails?.(job)) throw new Error(`cannot write ${job.id}`);
      job.done = true;
      return true;
    },
    failed(job, error, nextTryMs) {
      job.attempts += 1;
      job.reason = (error as Error).message;
      job.dueAt = nextTryMs;
    },
    afterPass: (changed) => passes.push(changed.map((job) => job.id)),
    ...(options.active ? { active: options.active } : {}),
    batch: 2,
    now: () => clock,
    timers: fakeTimers,
    log: silentLogger,
  });
  const add = (id: string, dueAt = clock): Job => {
    const job = { id, attempts: 0, dueAt, done: false, reason: null };
    jobs.push(job);
    return job;
  };
  const liveTimers = () => timers.filter((timer) => !timer.cleared);
  return { runner, add, performed, passes, liveTimers, advance: (ms: number) => (clock += ms), jobs };
}

describe('the durable job runner', () => {
  it('does every due job once per pass, across batches, and tells what changed', async () => {
    const { runner, add, performed, passes, liveTimers } = harness();
    for (const id of ['a', 'b', 'c', 'd', 'e']) add(id);
    await runner.start();
    expect(performed).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(passes).toEqual([['a', 'b', 'c', 'd', 'e']]);
    expect(liveTimers()).toEqual([]);
  });

  it('a failure is recorded with its reason and a growing wait, and the timer is set for it', async () => {
    const { runner, add, performed, liveTimers, advance } = harness({ fails: (job) => job.attempts < 2 });
    const job = add('report');
    await runner.start();
    expect(job).toMatchObject({ attempts: 1, reason: 'cannot write report', done: false });
    expect(liveTimers().map((timer) => timer.ms)).toEqual([retryWait(0)]);
    advance(retryWait(0));
    liveTimers()[0]?.callback();
    await runner.run();
    expect(job.attempts).toBe(2);
    expect(liveTimers().map((timer) => timer.ms)).toEqual([retryWait(1)]);
    advance(retryWait(1));
    await runner.run();
    expect(job.done).toBe(true);
    expect(performed).toEqual(['report', 'report', 'report']);
    expect(liveTimers()).toEqual([]);
  });

  it('waits grow to at most an hour', () => {
    expect([0, 1, 2, 3].map(retryWait)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryWait(50)).toBe(maxRetryMs);
  });

  it('a job due but waiting for something else is looked at again after the idle check, not at once', async () => {
    const { runner, add, performed, liveTimers } = harness({ waiting: () => true });
    add('still-arriving');
    await runner.start();
    expect(performed).toEqual(['still-arriving']);
    expect(liveTimers().map((timer) => timer.ms)).toEqual([60_000]);
  });

  it('inactive: no pass, no timer; stopped: the queued pass does nothing and no timer is left', async () => {
    let active = false;
    const { runner, add, performed, liveTimers } = harness({ active: () => active });
    add('a');
    await runner.start();
    expect(performed).toEqual([]);
    expect(liveTimers()).toEqual([]);
    active = true;
    const running = runner.run();
    void runner.run();
    await runner.stop();
    await running;
    expect(performed).toEqual(['a']);
    add('b');
    await runner.run();
    expect(performed).toEqual(['a']);
    expect(liveTimers()).toEqual([]);
  });
});
