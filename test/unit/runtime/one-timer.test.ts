import { describe, expect, it } from 'vitest';
import { createOneTimer } from '../../../main/runtime/one-timer';
import type { Timers } from '../../../main/runtime/timers';

function manualTimers(): Timers & { fire(): void; pending(): number } {
  const waiting = new Map<number, () => void>();
  let next = 0;
  return {
    set(callback) {
      next += 1;
      waiting.set(next, callback);
      return next;
    },
    clear(handle) {
      waiting.delete(handle as number);
    },
    fire() {
      const callbacks = [...waiting.values()];
      waiting.clear();
      for (const callback of callbacks) callback();
    },
    pending: () => waiting.size,
  };
}

describe('one timer', () => {
  it('setting it again replaces what was waiting; cancel clears it; it knows whether it waits', () => {
    const timers = manualTimers();
    const timer = createOneTimer(timers);
    const fired: string[] = [];
    timer.after(100, () => fired.push('a'));
    timer.after(50, () => fired.push('b'));
    expect(timers.pending()).toBe(1);
    expect(timer.waiting).toBe(true);
    timers.fire();
    expect(fired).toEqual(['b']);
    expect(timer.waiting).toBe(false);
    timer.after(10, () => fired.push('c'));
    timer.cancel();
    timers.fire();
    expect(fired).toEqual(['b']);
    expect(timer.waiting).toBe(false);
  });

  it('a callback may set the timer again', () => {
    const timers = manualTimers();
    const timer = createOneTimer(timers);
    let count = 0;
    const tick = (): void => {
      count += 1;
      if (count < 3) timer.after(10, tick);
    };
    timer.after(10, tick);
    timers.fire();
    timers.fire();
    timers.fire();
    expect(count).toBe(3);
    expect(timer.waiting).toBe(false);
  });
});
