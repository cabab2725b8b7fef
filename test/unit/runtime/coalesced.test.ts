// Work asked for in bursts runs at once after a quiet spell, then at most once per gap, and never drops the last ask.
import { describe, expect, it } from 'vitest';
import { coalesced } from '../../../main/runtime/coalesced';
import { virtualTime } from '../../helpers/virtual-time';

describe('coalesced work', () => {
  it('a burst of a thousand asks runs the work twice: at once, and once after the gap for the asks that came meanwhile', async () => {
    const clock = virtualTime();
    const runs: number[] = [];
    const ask = coalesced(() => void runs.push(clock.now()), 500, clock.timers, clock.now);
    const start = clock.now();
    for (let index = 0; index < 1000; index += 1) ask();
    await clock.advance(0);
    expect(runs.map((at) => at - start)).toEqual([0]);
    await clock.advance(2_000);
    expect(runs.map((at) => at - start)).toEqual([0, 500]);
  });

  it('an ask while the work runs is not lost: the work runs again after it', async () => {
    const clock = virtualTime();
    let release: () => void = () => undefined;
    const runs: number[] = [];
    const ask = coalesced(() => new Promise<void>((resolve) => ((release = resolve), runs.push(clock.now()))), 100, clock.timers, clock.now);
    ask();
    await clock.advance(0);
    ask();
    await clock.advance(1_000);
    expect(runs).toHaveLength(1);
    release();
    await clock.advance(1_000);
    expect(runs).toHaveLength(2);
  });

  it('asks spread wider than the gap each run at once; a cancelled ask does not run', async () => {
    const clock = virtualTime();
    const runs: number[] = [];
    const ask = coalesced(() => void runs.push(clock.now()), 500, clock.timers, clock.now);
    for (let index = 0; index < 3; index += 1) {
      ask();
      await clock.advance(600);
    }
    expect(runs).toHaveLength(3);
    ask();
    ask();
    ask.cancel();
    await clock.advance(5_000);
    expect(runs).toHaveLength(4);
  });

  it('with a burst: news spaced under the gap runs at once as it comes, while a flood still runs once a gap over time', async () => {
    const clock = virtualTime();
    const runs: number[] = [];
    const ask = coalesced(() => void runs.push(clock.now()), 250, clock.timers, clock.now, 4);
    const start = clock.now();
    for (let index = 0; index < 4; index += 1) {
      ask();
      await clock.advance(100);
    }
    expect(runs.map((at) => at - start)).toEqual([0, 100, 200, 300]);
    // Ten seconds of asks every 10 ms: the bucket's four, then one a gap.
    runs.length = 0;
    for (let index = 0; index < 1_000; index += 1) {
      ask();
      await clock.advance(10);
    }
    expect(runs.length).toBeGreaterThanOrEqual(38);
    expect(runs.length).toBeLessThanOrEqual(4 + 10_000 / 250);
    const gaps = runs.slice(5).map((at, index) => at - (runs[index + 4] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(250);
  });
});
