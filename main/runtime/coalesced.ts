/**
 * Work asked for in bursts, done at most once every `gapMs` over time: the first ask after a quiet spell runs at once,
 * asks while it runs or within the gap after it run it once more when the gap has passed. With a `burst` above one,
 * that many runs may go one right after another before the gap applies (news seconds apart is looked at as it
 * comes); the rate over time stays one run a gap. For news that only says "look again" (the office's lists
 * changed, the hub's change log grew): a flood of it costs a few looks, not one each.
 */
import { createOneTimer } from './one-timer';
import type { Timers } from './timers';

export interface Coalesced {
  (): void;
  cancel(): void;
}

export function coalesced(work: () => Promise<void> | void, gapMs: number, timers: Timers, now: () => number = Date.now, burst = 1): Coalesced {
  const timer = createOneTimer(timers);
  let running = false;
  let asked = false;
  // A bucket of `burst` runs, one more earned each gap: news seconds apart runs at once, a flood once a gap.
  let runsLeft = burst;
  let earnedFrom = now();

  function earn(): void {
    const earned = Math.floor((now() - earnedFrom) / gapMs);
    if (earned <= 0) return;
    runsLeft = Math.min(burst, runsLeft + earned);
    earnedFrom += earned * gapMs;
  }

  function runNow(): void {
    // A full bucket earns nothing: the gap counts from the run that first takes from it.
    if (runsLeft === burst) earnedFrom = now();
    runsLeft -= 1;
    asked = false;
    running = true;
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
    earn();
    if (runsLeft > 0) runNow();
    else timer.after(earnedFrom + gapMs - now(), schedule);
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
