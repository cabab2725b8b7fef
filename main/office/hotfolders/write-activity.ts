/**
 * Whether another program still has a file open for writing (a scanner or a "Print to PDF" driver that pauses
 * between pages). On Windows such a file cannot be opened for writing by anyone else; on Linux the kernel lists
 * every process's open files under /proc with their open flags. Elsewhere only the stable size tells.
 *
 * The /proc walk reads each process's descriptors synchronously and yields to the event loop between processes:
 * a promise per descriptor cost ~32 µs of CPU each (~30 ms for a thousand descriptors, and a desktop with a browser
 * open holds tens of thousands), the synchronous reads about a seventh of that.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

const writeAccessMask = 0o3; // O_WRONLY = 1, O_RDWR = 2
/** Processes looked at between two turns of the event loop. */
const processesPerTurn = 16;

function opensForWriting(pidDir: string, target: string): boolean {
  let fds: string[];
  try {
    fds = fs.readdirSync(path.join(pidDir, 'fd'));
  } catch {
    // Gone meanwhile, or another user's: its descriptors cannot be read.
    return false;
  }
  for (const fd of fds) {
    let link: string;
    try {
      link = fs.readlinkSync(path.join(pidDir, 'fd', fd));
    } catch {
      continue;
    }
    if (link !== target) continue;
    let info = '';
    try {
      info = fs.readFileSync(path.join(pidDir, 'fdinfo', fd), 'utf8');
    } catch {
      continue;
    }
    const flags = /^flags:\s*([0-7]+)/m.exec(info)?.[1];
    if (flags !== undefined && (parseInt(flags, 8) & writeAccessMask) !== 0) return true;
  }
  return false;
}

async function linuxWriters(filePath: string): Promise<boolean> {
  const target = await fsp.realpath(filePath);
  const pids = (await fsp.readdir('/proc').catch(() => [] as string[])).filter((name) => /^\d+$/.test(name));
  for (const [index, pid] of pids.entries()) {
    if (index > 0 && index % processesPerTurn === 0) await nextTurn();
    if (opensForWriting(path.join('/proc', pid), target)) return true;
  }
  return false;
}

async function windowsLocked(filePath: string): Promise<boolean> {
  // A read-only file refuses writers whoever has it open: only a writable one can tell.
  const stat = await fsp.stat(filePath).catch(() => null);
  if (!stat || (stat.mode & 0o200) === 0) return false;
  try {
    const handle = await fsp.open(filePath, fs.constants.O_RDWR);
    await handle.close();
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EBUSY' || code === 'EPERM' || code === 'EACCES';
  }
}

export async function isOpenForWriting(filePath: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  if (platform === 'linux') return linuxWriters(filePath).catch(() => false);
  if (platform === 'win32') return windowsLocked(filePath);
  return false;
}
