/** Timers behind an interface, so benchmarks and tests can run the sync schedule on virtual time. */
export interface Timers {
  set(callback: () => void, milliseconds: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: Timers = {
  set(callback, milliseconds) {
    const handle = setTimeout(callback, milliseconds);
    handle.unref();
    return handle;
  },
  clear(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};
