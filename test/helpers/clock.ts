/**
 * The one place tests build calendar times. A time written as "10:42" means that local time on a fixed day, so a
 * test reads the same on every day it runs; `pinClock` sets the fake clock to that day (formatting shows "today"
 * differently from other days, so a test that formats a time must pin the clock first).
 */
import { vi } from 'vitest';

/** The day every test calendar time falls on (November 23, 2026, a Monday), in the computer's time zone. */
export const testDay = { year: 2026, monthIndex: 10, day: 23 } as const;

/** Local time on the test day (or `day` of the same month): `localTime(23, 9, 5)` is Nov 23, 09:05. */
export function localTime(day: number, hours: number, minutes = 0, seconds = 0): number {
  return new Date(testDay.year, testDay.monthIndex, day, hours, minutes, seconds, 0).getTime();
}

/** "HH:MM" or "HH:MM:SS" on the test day, local time, as epoch ms. */
export function at(time: string, day: number = testDay.day): number {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!match) throw new Error(`at(): "${time}" is not HH:MM or HH:MM:SS`);
  return localTime(day, Number(match[1]), Number(match[2]), Number(match[3] ?? 0));
}

/** Fake timers with the clock pinned at `time` ("HH:MM[:SS]" on the test day, or epoch ms). */
export function pinClock(time: string | number): number {
  const ms = typeof time === 'number' ? time : at(time);
  vi.useFakeTimers({ now: ms });
  return ms;
}
