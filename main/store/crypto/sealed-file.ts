/**
 * Sealed files: AES-256-GCM in 64 KiB chunks, so large files stream in and out without being held whole, and
 * each chunk is authenticated on its own. The header names the format and a random per-file nonce prefix; each
 * chunk's nonce is that prefix plus the chunk number, and its additional data marks the last chunk, so a file
 * that was cut short, reordered or altered fails to open instead of yielding partial plaintext.
 *
 *   file  = "FXS1" | prefix (8 bytes) | chunk…
 *   chunk = ciphertext (≤ 65,536 bytes) | tag (16 bytes)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';

const magic = Buffer.from('FXS1');
const headerBytes = magic.length + 8;
export const sealedChunkBytes = 64 * 1024;
const tagBytes = 16;

export class SealedFileError extends Error {
  override readonly name = 'SealedFileError';
}

function nonceFor(prefix: Buffer, index: number): Buffer {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0, 0, 8);
  nonce.writeUInt32BE(index, 8);
  return nonce;
}

function aad(prefix: Buffer, index: number, last: boolean): Buffer {
  const data = Buffer.alloc(8 + 4 + 1);
  prefix.copy(data, 0);
  data.writeUInt32BE(index, 8);
  data[12] = last ? 1 : 0;
  return data;
}

function sealChunk(key: Buffer, prefix: Buffer, index: number, plain: Buffer, last: boolean): Buffer {
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonceFor(prefix, index));
  cipher.setAAD(aad(prefix, index, last));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function openChunk(key: Buffer, prefix: Buffer, index: number, sealed: Buffer, last: boolean): Buffer {
  if (sealed.length < tagBytes) throw new SealedFileError('sealed file is truncated');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonceFor(prefix, index));
  decipher.setAAD(aad(prefix, index, last));
  decipher.setAuthTag(sealed.subarray(sealed.length - tagBytes));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - tagBytes)), decipher.final()]);
  } catch {
    throw new SealedFileError('sealed file failed authentication (altered, truncated or another key)');
  }
}

/** Plaintext size of a sealed file of `sealedSize` bytes. */
export function plainSizeOf(sealedSize: number): number {
  const body = sealedSize - headerBytes;
  if (body < tagBytes) throw new SealedFileError('sealed file is truncated');
  const chunks = Math.ceil(body / (sealedChunkBytes + tagBytes));
  return body - chunks * tagBytes;
}

/**
 * A Writable that seals what is written into `target` (via a temporary file renamed on finish, so a crash never
 * leaves a half-written file under the final name).
 */
export function createSealedWriter(target: string, key: Buffer): Writable {
  const temporary = `${target}.${crypto.randomBytes(4).toString('hex')}.part`;
  const prefix = crypto.randomBytes(8);
  let handle: fs.promises.FileHandle | null = null;
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  // Every file operation runs after the previous one, so destroy() can wait for the one in flight.
  let busy: Promise<unknown> = Promise.resolve();
  const run = (work: () => Promise<void>): Promise<void> => {
    const next = busy.then(work);
    busy = next.catch(() => undefined);
    return next;
  };
  const open = async () => {
    if (!handle) {
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      handle = await fsp.open(temporary, 'w', 0o600);
      await handle.write(Buffer.concat([magic, prefix]));
    }
    return handle;
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      run(async () => {
        const file = await open();
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        // Keep at least one byte back: the last chunk is only known at the end.
        while (pending.length > sealedChunkBytes) {
          await file.write(sealChunk(key, prefix, index, pending.subarray(0, sealedChunkBytes), false));
          index += 1;
          pending = pending.subarray(sealedChunkBytes);
        }
      }).then(() => callback(), callback);
    },
    final(callback) {
      run(async () => {
        const file = await open();
        await file.write(sealChunk(key, prefix, index, pending, true));
        await file.sync();
        await file.close();
        handle = null;
        await fsp.rename(temporary, target);
      }).then(() => callback(), callback);
    },
    destroy(error, callback) {
      void busy.then(async () => {
        const opened = handle;
        handle = null;
        if (opened) await opened.close().catch(() => undefined);
        await fsp.rm(temporary, { force: true });
      }).then(() => callback(error), () => callback(error));
    },
  });
}

/** Reads a sealed file chunk by chunk (plaintext), checking every chunk. */
export class SealedReader {
  private constructor(
    private readonly handle: fs.promises.FileHandle,
    private readonly key: Buffer,
    private readonly prefix: Buffer,
    private readonly chunkCount: number,
    readonly plainSize: number,
  ) {}

  static async open(file: string, key: Buffer): Promise<SealedReader> {
    const handle = await fsp.open(file, 'r');
    try {
      const { size } = await handle.stat();
      const header = Buffer.alloc(headerBytes);
      await handle.read(header, 0, headerBytes, 0);
      if (!header.subarray(0, magic.length).equals(magic)) throw new SealedFileError('not a sealed file');
      const plainSize = plainSizeOf(size);
      const chunkCount = Math.ceil((size - headerBytes) / (sealedChunkBytes + tagBytes));
      return new SealedReader(handle, key, Buffer.from(header.subarray(magic.length)), chunkCount, plainSize);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  get chunks(): number {
    return this.chunkCount;
  }

  async chunk(index: number, scratch?: Buffer): Promise<Buffer> {
    const start = headerBytes + index * (sealedChunkBytes + tagBytes);
    const length = index === this.chunkCount - 1 ? this.plainSize - index * sealedChunkBytes + tagBytes : sealedChunkBytes + tagBytes;
    const buffer = scratch && scratch.length >= length ? scratch.subarray(0, length) : Buffer.allocUnsafe(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, start);
    if (bytesRead !== length) throw new SealedFileError('sealed file is truncated');
    return openChunk(this.key, this.prefix, index, buffer, index === this.chunkCount - 1);
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

export function createSealedReadStream(file: string, key: Buffer): Readable {
  let reader: SealedReader | null = null;
  let index = 0;
  const scratch = Buffer.allocUnsafe(sealedChunkBytes + tagBytes);
  return new Readable({
    read() {
      void (async () => {
        reader ??= await SealedReader.open(file, key);
        if (index >= reader.chunks) {
          await reader.close();
          reader = null;
          this.push(null);
          return;
        }
        this.push(await reader.chunk(index, scratch));
        index += 1;
      })().catch((error: unknown) => this.destroy(error instanceof Error ? error : new SealedFileError('read failed')));
    },
    destroy(error, callback) {
      const open = reader;
      reader = null;
      void (open ? open.close() : Promise.resolve()).then(() => callback(error), () => callback(error));
    },
  });
}

/** Plaintext bytes [begin, end) of a sealed file, decrypting only the chunks they lie in (each one checked). */
export async function readSealedRange(file: string, key: Buffer, begin: number, end: number): Promise<Buffer> {
  const reader = await SealedReader.open(file, key);
  try {
    const stop = Math.min(end, reader.plainSize);
    if (begin < 0 || begin >= stop) return Buffer.alloc(0);
    const first = Math.floor(begin / sealedChunkBytes);
    const last = Math.floor((stop - 1) / sealedChunkBytes);
    const out = Buffer.allocUnsafeSlow(stop - begin);
    for (let index = first; index <= last; index += 1) {
      const plain = await reader.chunk(index);
      const chunkStart = index * sealedChunkBytes;
      const from = Math.max(begin, chunkStart) - chunkStart;
      const to = Math.min(stop, chunkStart + plain.length) - chunkStart;
      plain.copy(out, chunkStart + from - begin, from, to);
    }
    return out;
  } finally {
    await reader.close();
  }
}

/** The whole plaintext of a sealed file: one read, every chunk checked, decrypted into one buffer. */
export async function readSealed(file: string, key: Buffer): Promise<Buffer> {
  const sealed = await fsp.readFile(file);
  if (sealed.length < headerBytes || !sealed.subarray(0, magic.length).equals(magic)) throw new SealedFileError('not a sealed file');
  const prefix = sealed.subarray(magic.length, headerBytes);
  const plainSize = plainSizeOf(sealed.length);
  const chunkCount = Math.ceil((sealed.length - headerBytes) / (sealedChunkBytes + tagBytes));
  // Its own ArrayBuffer, never Node's shared pool: the bytes may be handed on (IPC clones the whole buffer), and
  // every byte is overwritten below.
  const plain = Buffer.allocUnsafeSlow(plainSize);
  for (let index = 0; index < chunkCount; index += 1) {
    const start = headerBytes + index * (sealedChunkBytes + tagBytes);
    const end = Math.min(sealed.length, start + sealedChunkBytes + tagBytes);
    openChunk(key, prefix, index, sealed.subarray(start, end), index === chunkCount - 1).copy(plain, index * sealedChunkBytes);
  }
  return plain;
}

export async function writeSealed(file: string, key: Buffer, data: Buffer): Promise<void> {
  const writer = createSealedWriter(file, key);
  await new Promise<void>((resolve, reject) => {
    writer.on('error', reject);
    writer.end(data, () => resolve());
  });
  // Make the rename durable: a journal entry must survive a crash right after this returns.
  const directory = await fsp.open(path.dirname(file), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

export async function readSealedJson(file: string, key: Buffer): Promise<unknown> {
  return JSON.parse((await readSealed(file, key)).toString('utf8')) as unknown;
}

export function writeSealedJson(file: string, key: Buffer, value: unknown): Promise<void> {
  return writeSealed(file, key, Buffer.from(JSON.stringify(value), 'utf8'));
}

/** Seals a copy of a plain file (the user's document) without holding it whole. */
export async function sealCopy(source: string, target: string, key: Buffer): Promise<void> {
  const { pipeline } = await import('node:stream/promises');
  await pipeline(fs.createReadStream(source, { highWaterMark: sealedChunkBytes }), createSealedWriter(target, key));
}
