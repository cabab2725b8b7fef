// How soon the next pass runs, and sync's share of the per-minute budget.
import { describe, expect, it } from 'vitest';
import { inUseDelayMs, nextPassDelay, shareWait } from '../../../main/sync/poll-cadence';

const now = 1_000_000;

describe('poll cadence', () => {
  it('in the background with nothing in flight: the user\'s interval', () => {
    expect(nextPassDelay({ now, intervalMs: 30_000, inUse: false, inFlight: false, lastChangeAt: 0 })).toBe(30_000);
  });

  it('while someone looks at the app: every few seconds, or the interval if it is shorter', () => {
    expect(nextPassDelay({ now, intervalMs: 30_000, inUse: true, inFlight: false, lastChangeAt: 0 })).toBe(inUseDelayMs);
    expect(inUseDelayMs).toBeLessThanOrEqual(5_000);
    expect(nextPassDelay({ now, intervalMs: 2_000, inUse: true, inFlight: false, lastChangeAt: 0 })).toBe(2_000);
  });

  it('a fax in flight: 2.5 s while things change, slower while nothing does, never slower than the interval', () => {
    const delay = (quietMs: number, intervalMs = 30_000) => nextPassDelay({ now, intervalMs, inUse: false, inFlight: true, lastChangeAt: now - quietMs });
    expect(delay(0)).toBe(2_500);
    expect(delay(59_000)).toBe(2_500);
    expect(delay(61_000)).toBe(5_000);
    expect(delay(10 * 60_000)).toBe(10_000);
    expect(delay(10 * 60_000, 8_000)).toBe(8_000);
  });

  it('sync never takes more than a fifth of the per-minute limit: it waits for the oldest request to age out', () => {
    expect(shareWait([], now, 120)).toBe(0);
    const full = Array.from({ length: 24 }, (_, index) => now - 59_000 + index * 1000);
    expect(shareWait(full.slice(0, 23), now, 120)).toBe(0);
    expect(shareWait(full, now, 120)).toBe(1000);
    expect(shareWait(full, now, 120, 3)).toBe(3000);
    // Requests older than a minute do not count; a service stating a lower limit lowers the share.
    expect(shareWait(full.map((at) => at - 60_000), now, 120)).toBe(0);
    expect(shareWait([now - 1000, now - 2000], now, 10)).toBe(58_000);
  });
});
