/**
 * What to do when the window's renderer crashes or hangs: reload it once and tell the user (drafts, the outbox and
 * the stores live in main, so nothing is lost); a second crash within a minute shows a plain error page instead
 * of a reload loop. A hang counts as a crash once it has lasted `hangGraceMs`.
 */
export type CrashAction = 'reload' | 'error-page' | 'none';

export interface CrashRecovery {
  /** The renderer went away: Electron's `render-process-gone` reason. */
  rendererGone(reason: string): CrashAction;
  /** Whether the next loaded page should be told it was reloaded after a crash (asked once). */
  takeRecoveredNotice(): boolean;
}

export const hangGraceMs = 10_000;
const repeatWindowMs = 60_000;

export function createCrashRecovery(now: () => number = Date.now): CrashRecovery {
  let lastCrashAt: number | null = null;
  let noticePending = false;
  return {
    rendererGone(reason) {
      // A clean exit is the window closing, not a crash.
      if (reason === 'clean-exit') return 'none';
      const at = now();
      const repeated = lastCrashAt !== null && at - lastCrashAt < repeatWindowMs;
      lastCrashAt = at;
      if (repeated) {
        noticePending = false;
        return 'error-page';
      }
      noticePending = true;
      return 'reload';
    },
    takeRecoveredNotice() {
      const pending = noticePending;
      noticePending = false;
      return pending;
    },
  };
}
