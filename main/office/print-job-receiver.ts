/**
 * Print to fax on Windows, the app's half: the "Fax Desktop" printer (Windows' own "Microsoft Print To PDF" driver)
 * prints to a port that is a named pipe of this app, so each print job arrives as one connection — the spooler
 * opens the pipe, writes the job's PDF, closes it. Jobs in quick succession are kept apart by construction: each is
 * its own stream, written to its own hidden part file and renamed, whole, into the hot folder under a name no other
 * job has (time and a counter). A job cut off midway leaves nothing behind: a pipe closed early looks like a pipe
 * closed at the end, so a job counts only when it is a whole PDF (its last kilobyte holds the %%EOF marker). With
 * the app not running, the spooler cannot open the pipe and keeps the job until it can.
 *
 * The same code listens on a Unix socket elsewhere, which is how it is tested on Linux.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from '../log/logger';

/** The pipe a printer for one hot folder prints to (one per person: the name carries the user's). */
export function printPipeName(userName: string, hotFolderId: string): string {
  const user = userName.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64);
  return `\\\\.\\pipe\\FaxDesktop-${user}-${hotFolderId}`;
}

export interface PrintJobReceiver {
  /** Resolves once listening. */
  start(): Promise<void>;
  /** Jobs received whole so far (for the log and tests). */
  readonly received: number;
  stop(): Promise<void>;
}

/** The most a print job may be: a longer stream is cut off (and nothing of it kept). */
export const maxJobBytes = 512 * 1024 * 1024;

export function createPrintJobReceiver(deps: { listenPath: string; folder: () => string | null; log: Logger; now?: () => Date }): PrintJobReceiver {
  const log = deps.log.child('print-port');
  const now = deps.now ?? (() => new Date());
  let counter = 0;
  let received = 0;
  const sockets = new Set<net.Socket>();

  const stamp = (date: Date): string => {
    const two = (value: number): string => String(value).padStart(2, '0');
    return `${String(date.getFullYear())}${two(date.getMonth() + 1)}${two(date.getDate())}-${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
  };

  function receive(socket: net.Socket): void {
    sockets.add(socket);
    const folder = deps.folder();
    if (folder === null) {
      // The hot folder is gone: refuse the job so the spooler keeps it rather than it being lost here.
      socket.destroy();
      return;
    }
    counter += 1;
    const name = `print-${stamp(now())}-${String(process.pid)}-${String(counter)}.pdf`;
    const part = path.join(folder, `.${name}.part`);
    const out = fs.createWriteStream(part, { flags: 'wx', mode: 0o600 });
    let bytes = 0;
    let tail = Buffer.alloc(0);
    let failed = false;
    const discard = (reason: string): void => {
      if (failed) return;
      failed = true;
      log.warn('print_port.job_dropped', { reason });
      socket.destroy();
      out.destroy();
      void fsp.rm(part, { force: true });
    };
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      tail = Buffer.concat([tail, chunk]).subarray(-1024);
      if (bytes > maxJobBytes) discard('too big');
    });
    socket.on('error', () => discard('cut off'));
    out.on('error', () => discard('not writable'));
    socket.pipe(out);
    out.on('finish', () => {
      sockets.delete(socket);
      if (failed) return;
      if (bytes === 0 || !tail.includes('%%EOF')) {
        if (bytes > 0) log.warn('print_port.job_dropped', { reason: 'not a whole PDF' });
        void fsp.rm(part, { force: true });
        return;
      }
      void fsp
        .rename(part, path.join(folder, name))
        .then(() => {
          received += 1;
          log.info('print_port.job_received', { bytes });
        })
        .catch(() => discard('not renamed'));
    });
    socket.on('close', (hadError) => {
      if (hadError) discard('cut off');
    });
  }

  const server = net.createServer(receive);

  return {
    start: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(deps.listenPath, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    get received() {
      return received;
    },
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
