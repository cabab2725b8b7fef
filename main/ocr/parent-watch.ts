/**
 * A helper process ends itself when the app that started it is gone. A forked Node process is told by its IPC
 * channel closing; an Electron utility process (and a Node process whose channel stays open for any reason) is not,
 * so the process also checks every few seconds that its parent is still its parent and still alive. Without this, a
 * recognition process with a loaded recognizer outlived a killed app by minutes.
 */
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';

export interface ParentWatch {
  /** Also watch this process id (the app's main process, which the start message names). */
  alsoWatch(pid: number): void;
  stop(): void;
}

export interface ParentWatchDeps {
  /** Ends the process (tests pass a recorder). */
  exit: () => void;
  everyMs?: number;
  /** Unreferenced by default: the watch itself never keeps the process running. */
  timers?: Timers;
  /** The parent's id as the system says it now (process.ppid). */
  currentParent?: () => number;
  /** Whether a process with this id exists (signal 0). */
  isAlive?: (pid: number) => boolean;
  /** Subscribes to the IPC channel closing (absent: no channel). */
  onDisconnect?: (listener: () => void) => void;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which is still "alive".
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function watchParent(deps: ParentWatchDeps): ParentWatch {
  const currentParent = deps.currentParent ?? (() => process.ppid);
  const isAlive = deps.isAlive ?? processExists;
  const bornUnder = currentParent();
  const watched = new Set<number>();
  const timer = createOneTimer(deps.timers ?? realTimers);
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    timer.cancel();
    deps.exit();
  };
  const check = (): void => {
    if (currentParent() !== bornUnder) return end();
    for (const pid of watched) if (!isAlive(pid)) return end();
    timer.after(deps.everyMs ?? 2_000, check);
  };
  timer.after(deps.everyMs ?? 2_000, check);
  deps.onDisconnect?.(end);
  return {
    alsoWatch: (pid) => {
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) watched.add(pid);
    },
    stop: () => {
      ended = true;
      timer.cancel();
    },
  };
}
