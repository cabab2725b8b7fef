import { describe, expect, it } from 'vitest';
import { backgroundRetries, longestWait, sendRetries, waitAfterFailures } from '../../../main/runtime/retry-schedule';
import { retryWait } from '../../../main/runtime/job-runner';

describe('retry schedules', () => {
  it('the n-th failure waits the n-th step; past the end, the last step; nonsense counts as the first failure', () => {
    const schedule = [10, 20, 40];
    expect([1, 2, 3, 4, 100].map((failures) => waitAfterFailures(schedule, failures))).toEqual([10, 20, 40, 40, 40]);
    expect([0, -5, Number.NaN, 1.7].map((failures) => waitAfterFailures(schedule, failures))).toEqual([10, 10, 10, 10]);
    expect(waitAfterFailures([], 3)).toBe(0);
  });

  it('waits never shrink as failures grow, in every schedule', () => {
    for (const schedule of [sendRetries, backgroundRetries]) {
      const waits = Array.from({ length: 40 }, (_, index) => waitAfterFailures(schedule, index + 1));
      for (let index = 1; index < waits.length; index++) expect(waits[index]).toBeGreaterThanOrEqual(waits[index - 1] ?? 0);
      expect(Math.max(...waits)).toBe(longestWait(schedule));
    }
  });

  it('a send retries within seconds and never waits more than 5 minutes; background work doubles from 30 s to an hour', () => {
    expect(waitAfterFailures(sendRetries, 1)).toBe(2_000);
    expect(longestWait(sendRetries)).toBe(300_000);
    expect([0, 1, 2, 3, 7, 50].map(retryWait)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });
});
