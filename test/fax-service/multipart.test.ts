// The sandbox's multipart parser tells a slow disk from a malformed body: a valid upload whose bytes wait for the
// disk after the request has ended is accepted (a loaded CI machine once turned a valid fax into a 400), while a
// body cut mid-file is still refused.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMultipart, type ParsedForm } from './multipart';

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multipart-test-'));
let server: http.Server | null = null;

afterEach(() => {
  server?.close();
  server = null;
});

/** A disk that takes `delayMs` for every write. */
function slowDisk(target: string, delayMs: number): Writable {
  const handle = fs.openSync(target, 'w', 0o600);
  return new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      setTimeout(() => {
        fs.writeSync(handle, chunk);
        callback();
      }, delayMs);
    },
    final(callback) {
      fs.closeSync(handle);
      callback();
    },
  });
}

async function upload(body: Buffer, boundary: string, delayMs: number): Promise<ParsedForm | Error> {
  let outcome: Promise<ParsedForm | Error> = Promise.resolve(new Error('no request'));
  server = http.createServer((request, response) => {
    outcome = parseMultipart(request, { tempDir, maxFileBytes: 25 * 1024 * 1024, maxFiles: 20, openDiskFile: (target) => slowDisk(target, delayMs) }).catch((error: unknown) => error as Error);
    void outcome.then(() => response.end('done'));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => {
    const request = http.request({ port, method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length } }, (response) => {
      response.resume();
      response.on('end', resolve);
    });
    request.on('error', () => resolve());
    request.end(body);
  });
  return outcome;
}

function form(file: Buffer, boundary: string): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="to"\r\n\r\n+14155550100\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

describe('sandbox multipart parser', () => {
  it('accepts a valid upload whose file waits on a slow disk well past the stall limit', async () => {
    const file = crypto.randomBytes(256 * 1024);
    const parsed = await upload(form(file, 'slowdisk'), 'slowdisk', 700);
    expect(parsed).not.toBeInstanceOf(Error);
    const files = (parsed as ParsedForm).files;
    expect(files).toHaveLength(1);
    expect(files[0]?.sha256).toBe(crypto.createHash('sha256').update(file).digest('hex'));
  }, 60_000);

  it('still refuses a body cut in the middle of a file', async () => {
    const whole = form(crypto.randomBytes(64 * 1024), 'cutbody');
    const parsed = await upload(whole.subarray(0, whole.length - 40_000), 'cutbody', 0);
    expect(parsed).toBeInstanceOf(Error);
  });
});
