/**
 * When the app updates itself: checked at start and every 6 hours (unless turned off in Settings), downloaded in
 * the background by the updater (electron-updater, whose signature and sha512 checks verify the download),
 * installed when the user chooses "Restart to update" or at quit — never while a fax is uploading: a restart asked
 * for during an upload waits until the outbox has finished it. The electron-updater calls stay in the shell
 * (main/shell/updater.ts); this decides when to make them.
 */
import type { UpdateView } from '../../preload/models';
import type { Logger } from '../log/logger';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';

export const checkEveryMs = 6 * 3600 * 1000;

/** What the shell's updater does when asked. */
export interface UpdaterPort {
  /**
   * Checks the feed (the organization's, when a policy names one; else the one the app was built with); a newer
   * version downloads in the background and is reported by `downloaded`.
   */
  check(feedUrl: string | null): Promise<void>;
  /** Quits the app and installs the downloaded update. */
  install(): void;
}

export interface UpdateController {
  start(): void;
  stop(): void;
  view(): UpdateView;
  /** The updater finished downloading (and verifying) this version. */
  downloaded(version: string): void;
  /** "Restart to update": now, or as soon as no fax is uploading. */
  restartToUpdate(): void;
  /** The outbox changed: a restart waiting for an upload may go now. */
  uploadsChanged(): void;
  /** Whether quitting now may install the downloaded update. */
  installAtQuit(): boolean;
}

export interface UpdateControllerDeps {
  port: UpdaterPort;
  enabled(): boolean;
  /** The update feed the organization's policy names, or null. */
  feedUrl?: () => string | null;
  /** Whether a fax is being uploaded right now. */
  uploading(): boolean;
  onChange(view: UpdateView): void;
  log: Logger;
  timers?: Timers;
}

export function createUpdateController(deps: UpdateControllerDeps): UpdateController {
  const timer = createOneTimer(deps.timers ?? realTimers);
  let started = false;
  let readyVersion: string | null = null;
  let restartWanted = false;
  let checking = false;

  const view = (): UpdateView => {
    if (readyVersion !== null) return { status: 'ready', version: readyVersion, waitingForUpload: restartWanted };
    return { status: deps.enabled() ? 'current' : 'off' };
  };
  const changed = (): void => deps.onChange(view());

  const check = async (): Promise<void> => {
    if (!deps.enabled() || checking || readyVersion !== null) return;
    checking = true;
    try {
      await deps.port.check(deps.feedUrl?.() ?? null);
    } catch (error) {
      // An update server that cannot be reached is not the user's problem: the next check tries again.
      deps.log.warn('update.check_failed', { error });
    } finally {
      checking = false;
    }
  };
  const schedule = (): void => {
    // A check still under way when the controller stopped does not set the timer again.
    if (started) timer.after(checkEveryMs, () => void check().finally(schedule));
  };
  const installIfFree = (): void => {
    if (!restartWanted || readyVersion === null || deps.uploading()) return;
    deps.log.info('update.installing', { version: readyVersion });
    deps.port.install();
  };

  return {
    start() {
      if (started) return;
      started = true;
      void check();
      schedule();
    },
    stop() {
      started = false;
      timer.cancel();
    },
    view,
    downloaded(version) {
      readyVersion = version;
      deps.log.info('update.downloaded', { version });
      changed();
    },
    restartToUpdate() {
      if (readyVersion === null) return;
      restartWanted = true;
      changed();
      installIfFree();
    },
    uploadsChanged: installIfFree,
    installAtQuit: () => readyVersion !== null && !deps.uploading(),
  };
}
