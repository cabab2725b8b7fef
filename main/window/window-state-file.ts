/**
 * The window's size, position and maximised state, kept in `window-state.json` in the data folder (nothing in it
 * is private). Moves and resizes are written at most once a second, and at once when the window closes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';
import type { WindowState } from './window-bounds';

export interface WindowStateFile {
  /** What was saved, unparsed (openingBounds checks it), or null. */
  read(): unknown;
  remember(state: WindowState): void;
  /** Writes what is pending now (the window is closing). */
  flush(): void;
}

export function windowStateFile(dataDir: string, timers: Timers = realTimers): WindowStateFile {
  const file = path.join(dataDir, 'window-state.json');
  let pending: WindowState | null = null;
  const timer = createOneTimer(timers);
  const write = (): void => {
    timer.cancel();
    if (!pending) return;
    const text = JSON.stringify(pending);
    pending = null;
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(`${file}.tmp`, text);
      fs.renameSync(`${file}.tmp`, file);
    } catch {
      // Losing a window position is not worth an error: the next move writes it again.
    }
  };
  return {
    read() {
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
      } catch {
        return null;
      }
    },
    remember(state) {
      pending = state;
      if (!timer.waiting) timer.after(1000, write);
    },
    flush: write,
  };
}
