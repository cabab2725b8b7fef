import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isOpenForWriting } from '../../../main/office/hotfolders/write-activity';

// Another program (a child process) holds the file open as a scanner would; the kernel's /proc is the referee.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'write-activity-'));
const holders: ChildProcess[] = [];

afterEach(() => {
  for (const holder of holders.splice(0)) holder.kill('SIGKILL');
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A process that opens `file` with `flags` and keeps it open until killed; resolves once it is open. */
async function holdOpen(file: string, flags: string): Promise<ChildProcess> {
  const holder = spawn(process.execPath, ['-e', `require('fs').openSync(${JSON.stringify(file)}, ${JSON.stringify(flags)}); console.log('open'); setInterval(() => {}, 60000);`], { stdio: ['ignore', 'pipe', 'inherit'] });
  holders.push(holder);
  for await (const line of readline.createInterface({ input: holder.stdout })) if (line === 'open') return holder;
  throw new Error('the holder ended before it opened the file');
}

function fileWith(name: string): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, '%PDF-1.4\n');
  return file;
}

describe.runIf(process.platform === 'linux')('a file another program is still writing (Linux /proc)', () => {
  it('is open for writing while a process holds it for writing, appending or reading and writing', async () => {
    for (const flags of ['w', 'a', 'r+']) {
      const file = fileWith(`held-${flags}.pdf`);
      const holder = await holdOpen(file, flags);
      expect(await isOpenForWriting(file, 'linux'), flags).toBe(true);
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
      expect(await isOpenForWriting(file, 'linux'), `${flags} after the writer ended`).toBe(false);
    }
  });

  it('is not open for writing when nobody has it open, or only for reading', async () => {
    const file = fileWith('read-only.pdf');
    expect(await isOpenForWriting(file, 'linux')).toBe(false);
    await holdOpen(file, 'r');
    expect(await isOpenForWriting(file, 'linux')).toBe(false);
  });

  it('another file held for writing in the same folder does not count', async () => {
    const held = fileWith('other.pdf');
    const quiet = fileWith('quiet.pdf');
    await holdOpen(held, 'w');
    expect(await isOpenForWriting(quiet, 'linux')).toBe(false);
    expect(await isOpenForWriting(held, 'linux')).toBe(true);
  });

  it('is found through a link to the folder (the kernel names the real path)', async () => {
    const file = fileWith('linked.pdf');
    const link = path.join(os.tmpdir(), `write-activity-link-${String(process.pid)}`);
    fs.rmSync(link, { force: true });
    fs.symlinkSync(folder, link);
    try {
      await holdOpen(file, 'w');
      expect(await isOpenForWriting(path.join(link, 'linked.pdf'), 'linux')).toBe(true);
    } finally {
      fs.rmSync(link, { force: true });
    }
  });

  it('a file that is gone is not open for writing (no error)', async () => {
    expect(await isOpenForWriting(path.join(folder, 'never-there.pdf'), 'linux')).toBe(false);
  });
});
