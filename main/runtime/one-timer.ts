import type { Timers } from './timers';

/**
 * A timer that is set again rather than added to: `after()` replaces what was waiting, `cancel()` clears it. The
 * one place that holds a timer handle, so no service keeps `timer = null` bookkeeping of its own.
 */
export interface OneTimer {
  after(milliseconds: number, callback: () => void): void;
  cancel(): void;
  readonly waiting: boolean;
}

export function createOneTimer(timers: Timers): OneTimer {
  let handle: unknown = null;
  const cancel = (): void => {
    if (handle !== null) timers.clear(handle);
    handle = null;
  };
  return {
    after(milliseconds, callback) {
      cancel();
      handle = timers.set(() => {
        handle = null;
        callback();
      }, milliseconds);
    },
    cancel,
    get waiting() {
      return handle !== null;
    },
  };
}
