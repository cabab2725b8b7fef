/** A clock and timers that move only when a test says so: minutes of idle time pass in microseconds. */
import type { Timers } from '../../main/runtime/timers';

export interface VirtualTime {
  now: () => number;
  timers: Timers;
  /** Moves time forward, firing due timers in order and letting the promises they start settle. */
  advance(milliseconds: number): Promise<void>;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export function virtualTime(start = Date.UTC(2026, 10, 21, 9, 0, 0)): VirtualTime {
  let current = start;
  let sequence = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => current,
    timers: {
      set(callback, milliseconds) {
        sequence += 1;
        pending.set(sequence, { at: current + Math.max(0, milliseconds), callback });
        return sequence;
      },
      clear(handle) {
        pending.delete(handle as number);
      },
    },
    async advance(milliseconds) {
      const end = current + milliseconds;
      for (;;) {
        await settle();
        let nextId: number | null = null;
        let nextAt = Infinity;
        for (const [id, timer] of pending) {
          if (timer.at <= end && timer.at < nextAt) {
            nextAt = timer.at;
            nextId = id;
          }
        }
        if (nextId === null) break;
        const timer = pending.get(nextId);
        pending.delete(nextId);
        current = nextAt;
        timer?.callback();
      }
      current = end;
      await settle();
    },
  };
}
