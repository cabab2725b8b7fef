/**
 * Whether another program still has a file open for writing (a scanner or a "Print to PDF" driver that pauses
 * between pages). On Windows such a file cannot be opened for writing by anyone else; on Linux the kernel lists
 * every process's open files under /proc with their open flags. Elsewhere only the stable size tells.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

const writeAccessMask = 0o3; // O_WRONLY = 1, O_RDWR = 2

async function linuxWriters(filePath: string): Promise<boolean> {
  const target = await fsp.realpath(filePath);
  const pids = (await fsp.readdir('/proc').catch(() => [] as string[])).filter((name) => /^\d+$/.test(name));
  for (const pid of pids) {
    const fdDir = path.join('/proc', pid, 'fd');
    const fds = await fsp.readdir(fdDir).catch(() => [] as string[]);
    for (const fd of fds) {
      const link = await fsp.readlink(path.join(fdDir, fd)).catch(() => '');
      if (link !== target) continue;
      const info = await fsp.readFile(path.join('/proc', pid, 'fdinfo', fd), 'utf8').catch(() => '');
      const flags = /^flags:\s*([0-7]+)/m.exec(info)?.[1];
      if (flags !== undefined && (parseInt(flags, 8) & writeAccessMask) !== 0) return true;
    }
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
