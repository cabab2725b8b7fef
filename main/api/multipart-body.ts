/**
 * A multipart/form-data body streamed from disk: its length is known before the first byte is sent (so progress
 * has a total and the server can refuse early), no file is ever held in memory whole, and file data goes out
 * through a small ring of reused buffers — each reused only once the connection has taken its bytes — so a
 * 500 MB upload leaves no trail of garbage buffers behind it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { RequestBody } from './https-transport';

export interface FormField {
  name: string;
  value: string;
}

/** Reads a file's bytes in order. A reader may fill `scratch` (and return part of it) or return its own buffer. */
export interface ChunkReader {
  next(scratch: Buffer): Promise<Buffer>;
  /** Checks the file was read whole and unchanged, and closes it. */
  finish(): Promise<void>;
  close(): Promise<void>;
}

export interface FormFile {
  name: string;
  /** The file name sent to the service (a neutral one: the user's own file name never leaves the machine). */
  filename: string;
  contentType: string;
  size: number;
  open(): Promise<ChunkReader>;
}

const chunkBytes = 256 * 1024;
const ringSize = 4;

/** A plain file on disk, read into the caller's reused buffers. */
export function plainFormFile(file: { name: string; filename: string; contentType: string; path: string; size: number }): FormFile {
  return {
    name: file.name,
    filename: file.filename,
    contentType: file.contentType,
    size: file.size,
    async open() {
      const handle = await fs.open(file.path, 'r');
      let position = 0;
      return {
        async next(scratch) {
          const { bytesRead } = await handle.read(scratch, 0, Math.min(scratch.length, Math.max(0, file.size - position)), position);
          position += bytesRead;
          return scratch.subarray(0, bytesRead);
        },
        async finish() {
          const { size } = await handle.stat();
          await handle.close();
          if (size !== file.size || position !== file.size) throw new Error('file changed during upload');
        },
        close: () => handle.close().catch(() => undefined),
      };
    },
  };
}

function quoted(value: string): string {
  return value.replace(/[\r\n"\\]/g, '_');
}

/** Writes a chunk and resolves once the connection has taken it (after which its buffer may be reused). */
function writeFlushed(sink: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    sink.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}

async function writeFile(sink: Writable, file: FormFile, ring: Buffer[], onBytes: (count: number) => void): Promise<void> {
  const reader = await file.open();
  const inFlight: Array<Promise<void>> = ring.map(() => Promise.resolve());
  let finished = false;
  try {
    let sent = 0;
    let slot = 0;
    while (sent < file.size) {
      await inFlight[slot];
      const chunk = await reader.next(ring[slot] ?? Buffer.allocUnsafe(chunkBytes));
      // A file that shrank or grew after it was measured would corrupt the body: stop rather than send it.
      if (chunk.length === 0 || sent + chunk.length > file.size) throw new Error('file changed during upload');
      sent += chunk.length;
      const write = writeFlushed(sink, chunk).then(() => onBytes(chunk.length));
      write.catch(() => undefined);
      inFlight[slot] = write;
      slot = (slot + 1) % ring.length;
    }
    await Promise.all(inFlight);
    finished = true;
    await reader.finish();
  } finally {
    if (!finished) await reader.close();
  }
}

export function multipartBody(fields: readonly FormField[], files: readonly FormFile[]): RequestBody {
  const boundary = `----FaxDesktop${crypto.randomBytes(12).toString('hex')}`;
  const fieldParts = fields.map((field) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(field.name)}"\r\n\r\n${field.value}\r\n`, 'utf8'),
  );
  const fileHeaders = files.map((file) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.name)}"; filename="${quoted(file.filename)}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      'utf8',
    ),
  );
  const crlf = Buffer.from('\r\n');
  const closing = Buffer.from(`--${boundary}--\r\n`);
  const length =
    fieldParts.reduce((sum, part) => sum + part.length, 0) +
    fileHeaders.reduce((sum, part) => sum + part.length, 0) +
    files.reduce((sum, file) => sum + file.size + crlf.length, 0) +
    closing.length;

  return {
    length,
    contentType: `multipart/form-data; boundary=${boundary}`,
    async writeTo(sink, onBytes) {
      const small = async (chunk: Buffer) => {
        await writeFlushed(sink, chunk);
        onBytes(chunk.length);
      };
      for (const part of fieldParts) await small(part);
      const ring = files.length > 0 ? Array.from({ length: ringSize }, () => Buffer.allocUnsafe(chunkBytes)) : [];
      for (const [index, file] of files.entries()) {
        await small(fileHeaders[index] ?? Buffer.alloc(0));
        await writeFile(sink, file, ring, onBytes);
        await small(crlf);
      }
      await small(closing);
    },
  };
}

/** A small in-memory body (JSON). */
export function bufferBody(bytes: Buffer, contentType: string): RequestBody {
  return {
    length: bytes.length,
    contentType,
    async writeTo(sink, onBytes) {
      await writeFlushed(sink, bytes);
      onBytes(bytes.length);
    },
  };
}
