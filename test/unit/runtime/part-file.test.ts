// Writing through a part file: the finished file appears under its name only when whole; a failed write leaves
// nothing behind — also when it fails before the file stream has even opened its file.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { writeThroughPart } from '../../../main/runtime/part-file';
import { tempDirsRemovedAfterEach } from '../../helpers/temp-dirs';

/** A write that touches the stream only after a while (a download first), as a rule's copy does. */
const lateWrite = (out: NodeJS.WritableStream) =>
  new Promise<void>((resolve) => setTimeout(resolve, 30)).then(() => pipeline(Readable.from([Buffer.from('%PDF-1.4')]), out));

const folder = tempDirsRemovedAfterEach('part-file-');

describe('writeThroughPart', () => {
  it('renames the part file into place once written', async () => {
    const dir = folder();
    const target = path.join(dir, 'copy.pdf');
    await writeThroughPart(target, (out) => new Promise((resolve) => out.end('%PDF-1.4', () => resolve())));
    expect(fs.readdirSync(dir)).toEqual(['copy.pdf']);
    expect(fs.readFileSync(target, 'utf8')).toBe('%PDF-1.4');
  });

  it('leaves no part file, and no open file, when the write fails before the stream has opened its file', async () => {
    const dir = folder();
    const opened: fs.WriteStream[] = [];
    // A slow file system (a network drive): the stream's asynchronous open completes well after the write failed.
    const slowOpen = (file: string) => {
      const out = fs.createWriteStream(file, {
        mode: 0o600,
        fs: {
          open: (...args: Parameters<typeof fs.open>) => setTimeout(() => fs.open(...args), 40),
          write: fs.write,
          writev: fs.writev,
          close: fs.close,
        },
      });
      opened.push(out);
      return out;
    };
    await expect(writeThroughPart(path.join(dir, 'copy.pdf'), () => Promise.reject(new Error('download failed')), slowOpen)).rejects.toThrow('download failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(opened[0]?.closed).toBe(true);
  });

  it('leaves no part file when the write fails half-way', async () => {
    const dir = folder();
    const write = (out: NodeJS.WritableStream) =>
      new Promise<void>((_resolve, reject) => {
        out.write('%PDF-1.4 half', () => reject(new Error('disk gone')));
      });
    await expect(writeThroughPart(path.join(dir, 'copy.pdf'), write)).rejects.toThrow('disk gone');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a folder that cannot be opened is an ordinary error, never an error event nobody listens to', async () => {
    const dir = folder();
    const missing = path.join(dir, 'gone', 'copy.pdf');
    // The default opener: the failing open rejects before any stream exists.
    await expect(writeThroughPart(missing, lateWrite)).rejects.toMatchObject({ code: 'ENOENT' });
    // A stream that opens lazily (as fs.createWriteStream does): its failed open is caught and rethrown as the
    // write's failure. Before, this 'error' event had no listener and ended the process.
    await expect(writeThroughPart(missing, lateWrite, (file) => fs.createWriteStream(file))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a write that ignores its stream still fails when the stream could not open its file', async () => {
    const dir = folder();
    const missing = path.join(dir, 'gone', 'copy.pdf');
    const ignoring = () => new Promise<void>((resolve) => setTimeout(resolve, 30));
    await expect(writeThroughPart(missing, ignoring, (file) => fs.createWriteStream(file))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
