/**
 * Looks at one hot folder and says which files are ready to take: regular files (links are never followed) with a
 * name that is not a program's temporary one, unchanged in size and time for `stableMs`, and not open for writing
 * by another program. A folder that cannot be read (an unplugged drive) is reported, not fatal: the next look
 * tries again.
 */
import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isTemporaryName } from './file-names';

export interface ReadyFile {
  name: string;
  stat: fs.Stats;
}

export type ScanResult =
  | { ok: true; ready: ReadyFile[]; waiting: number; links: number }
  | { ok: false; code: string };

interface Seen {
  size: number;
  mtimeMs: number;
  ino: number;
  since: number;
}

export interface FolderScan {
  scan(): Promise<ScanResult>;
  /** Forget a file (taken, or refused until it changes). */
  forget(name: string): void;
}

export function createFolderScan(options: { folder: string; stableMs: number; now: () => number; openForWriting: (file: string) => Promise<boolean> }): FolderScan {
  const seen = new Map<string, Seen>();
  return {
    forget: (name) => seen.delete(name),
    async scan() {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(options.folder, { withFileTypes: true });
      } catch (error) {
        return { ok: false, code: (error as NodeJS.ErrnoException).code ?? 'EIO' };
      }
      const ready: ReadyFile[] = [];
      const present = new Set<string>();
      let waiting = 0;
      let links = 0;
      for (const entry of entries) {
        if (entry.isSymbolicLink()) links += 1;
        if (!entry.isFile() || isTemporaryName(entry.name)) continue;
        const file = path.join(options.folder, entry.name);
        const stat = await fsp.lstat(file).catch(() => null);
        if (!stat?.isFile()) continue;
        present.add(entry.name);
        const before = seen.get(entry.name);
        const at = options.now();
        if (!before || before.size !== stat.size || before.mtimeMs !== stat.mtimeMs || before.ino !== stat.ino) {
          seen.set(entry.name, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, since: at });
          waiting += 1;
          continue;
        }
        if (at - before.since < options.stableMs) {
          waiting += 1;
          continue;
        }
        if (await options.openForWriting(file)) {
          // Still being written (or locked): it must then stay closed and unchanged for the whole interval.
          before.since = at;
          waiting += 1;
          continue;
        }
        ready.push({ name: entry.name, stat });
      }
      for (const name of [...seen.keys()]) if (!present.has(name)) seen.delete(name);
      return { ok: true, ready, waiting, links };
    },
  };
}
