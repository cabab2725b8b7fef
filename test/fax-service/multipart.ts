/**
 * Streams a multipart/form-data body to disk with busboy: every file goes to a temporary file while its
 * SHA-256 and first bytes are taken, so a 20 × 25 MB upload never sits in memory. Limits are enforced while
 * streaming; the caller gets what arrived and which limit was hit.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Writable } from 'node:stream';
import busboy from 'busboy';
import { boundaryOf, epilogueCutter } from './epilogue-cutter';

export interface UploadedFile {
  field: string;
  filename: string;
  path: string;
  size: number;
  sha256: string;
  head: Buffer;
  tooLarge: boolean;
}

export interface ParsedForm {
  fields: Array<[string, string]>;
  files: UploadedFile[];
  tooManyFiles: boolean;
  truncatedField: string | null;
}

export class MultipartError extends Error {}

/** How long a parser that has the whole body may make no progress before the body counts as malformed. */
const stallMs = 2000;

export async function parseMultipart(
  request: IncomingMessage,
  options: { tempDir: string; maxFileBytes: number; maxFiles: number; openDiskFile?: (target: string) => Writable },
): Promise<ParsedForm> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: request.headers,
      // busboy flags a file that *reaches* fileSize; one byte of headroom makes exactly maxFileBytes acceptable.
      limits: { fileSize: options.maxFileBytes + 1, files: options.maxFiles, fields: 200, fieldSize: 64 * 1024, parts: 260, headerPairs: 50 },
    });
  } catch (error) {
    throw new MultipartError(error instanceof Error ? error.message : 'malformed multipart body');
  }
  fs.mkdirSync(options.tempDir, { recursive: true });
  const form: ParsedForm = { fields: [], files: [], tooManyFiles: false, truncatedField: null };
  const writes: Array<Promise<void>> = [];
  const fileStreams: NodeJS.ReadableStream[] = [];
  /** Every stream between the parser and the disk: data queued in any of them is a slow disk, not a stall. */
  const diskPipes: Array<{ readableLength?: number; writableLength?: number }> = [];
  const waitingForDisk = (): boolean => diskPipes.some((pipe) => (pipe.readableLength ?? 0) > 0 || (pipe.writableLength ?? 0) > 0);

  let lastProgress = Date.now();
  let settled = false;
  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value, info) => {
      lastProgress = Date.now();
      if (info.valueTruncated || info.nameTruncated) form.truncatedField = name;
      form.fields.push([name, value]);
    });
    parser.on('file', (field, stream, info) => {
      const target = path.join(options.tempDir, crypto.randomBytes(12).toString('hex'));
      const hash = crypto.createHash('sha256');
      const upload: UploadedFile = { field, filename: info.filename ?? '', path: target, size: 0, sha256: '', head: Buffer.alloc(0), tooLarge: false };
      form.files.push(upload);
      fileStreams.push(stream);
      stream.on('limit', () => {
        upload.tooLarge = true;
      });
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          lastProgress = Date.now();
          hash.update(chunk);
          upload.size += chunk.length;
          if (upload.head.length < 4096) upload.head = Buffer.concat([upload.head, chunk.subarray(0, 4096 - upload.head.length)]);
          callback(null, chunk);
        },
      });
      const disk = options.openDiskFile?.(target) ?? fs.createWriteStream(target, { mode: 0o600 });
      diskPipes.push(stream, meter, disk);
      writes.push(
        pipeline(stream, meter, disk).then(() => {
          upload.sha256 = hash.digest('hex');
        }),
      );
    });
    parser.on('filesLimit', () => {
      form.tooManyFiles = true;
    });
    parser.on('partsLimit', () => reject(new MultipartError('too many parts')));
    parser.on('fieldsLimit', () => reject(new MultipartError('too many fields')));
    parser.on('error', (error: unknown) => reject(new MultipartError(error instanceof Error ? error.message : 'malformed multipart body')));
    parser.on('close', () => resolve());
    request.on('close', () => {
      if (!request.complete) reject(new MultipartError('client aborted'));
    });
    // busboy can stall without 'close' or 'error' on some malformed bodies (e.g. parts after the closing
    // boundary, cut mid-file). Once the whole body has arrived, a parser that makes no progress for a while
    // has stalled: the body is malformed. A busy disk holding the file's bytes back is progress, not a stall
    // (a valid upload on a loaded machine must not be refused).
    request.on('end', () => {
      const watch = setInterval(() => {
        if (settled) clearInterval(watch);
        else if (waitingForDisk()) lastProgress = Date.now();
        else if (Date.now() - lastProgress > stallMs) {
          clearInterval(watch);
          reject(new MultipartError('incomplete multipart body'));
        }
      }, stallMs / 2);
      watch.unref();
    });
    request.on('error', () => reject(new MultipartError('connection error')));
  });

  request.on('data', () => {
    lastProgress = Date.now();
  });
  const boundary = boundaryOf(request.headers['content-type'] ?? '');
  if (boundary) request.pipe(epilogueCutter(boundary)).pipe(parser);
  else request.pipe(parser);
  try {
    await done.finally(() => {
      settled = true;
    });
    await Promise.all(writes);
  } catch (error) {
    request.unpipe();
    // An aborted request never ends its file streams: end them so the disk writes settle.
    for (const stream of fileStreams) (stream as unknown as { destroy(error: Error): void }).destroy(new Error('aborted'));
    await Promise.allSettled(writes);
    removeUploads(form.files);
    throw error instanceof MultipartError ? error : new MultipartError('malformed multipart body');
  }
  return form;
}

export function removeUploads(files: readonly UploadedFile[]): void {
  for (const file of files) fs.rmSync(file.path, { force: true });
}
