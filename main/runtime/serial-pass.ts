/**
 * One pass of work at a time (VS Code's `Throttler`): asked while a pass runs, it runs exactly one more pass after
 * it, however many times it was asked meanwhile — so what changed during a pass is always looked at, and never by
 * two passes at once. A failed pass is reported and does not stop the next.
 */
export interface SerialPass {
  /** Runs a pass now, or once after the one under way; resolves when the pass that covers this call has ended. */
  run(): Promise<void>;
  /** Resolves when no pass is running or queued. */
  idle(): Promise<void>;
}

export function createSerialPass(pass: () => Promise<void>, options: { onError: (error: unknown) => void; afterEach?: () => void }): SerialPass {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  function start(): Promise<void> {
    running = pass()
      .catch((error: unknown) => {
        options.onError(error);
      })
      .finally(() => {
        running = null;
        options.afterEach?.();
      });
    return running;
  }

  return {
    run() {
      if (!running) return start();
      queued ??= running.then(() => {
        queued = null;
        return start();
      });
      return queued;
    },
    async idle() {
      while (running ?? queued) await (queued ?? running);
    },
  };
}
