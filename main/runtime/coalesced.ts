/**
 * Work asked for in bursts, done at most once every `gapMs`: the first ask after a quiet spell runs at once, asks
 * while it runs or within the gap after it run it once more when the gap has passed. For news that only says "look
 * again" (the office's lists changed): a flood of it costs a few looks, not one each.
 */
import { createOneTimer } from './one-timer';
import type { Timers } from './timers';

export interface Coalesced {
  (): void;
  cancel(): void;
}

export function coalesced(work: () => Promise<void> | void, gapMs: number, timers: Timers, now: () => number = Date.now): Coalesced {
  const timer = createOneTimer(timers);
  let running = false;
  let asked = false;
  let lastRunAt = Number.NEGATIVE_INFINITY;

  function runNow(): void {
    asked = false;
    running = true;
    lastRunAt = now();
    void Promise.resolve()
      .then(work)
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (asked) schedule();
      });
  }

  function schedule(): void {
    if (running || timer.waiting) return;
    const wait = lastRunAt + gapMs - now();
    if (wait <= 0) runNow();
    else timer.after(wait, runNow);
  }

  const ask = (() => {
    asked = true;
    schedule();
  }) as Coalesced;
  ask.cancel = () => {
    asked = false;
    timer.cancel();
  };
  return ask;
}
