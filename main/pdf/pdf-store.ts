/**
 * Fax documents: GET /faxes/{id}/pdf streamed straight into an encrypted cache file (never held whole while it
 * downloads), handed to the renderer as bytes on request, written as a plain copy only where the user (or a rule they set) chooses,
 * and evicted least-recently-used beyond the size cap in Settings.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ConnectionService } from '../connection/connection-service';
import { AppError } from '../errors';
import type { Logger } from '../log/logger';
import type { Cache } from '../store/cache/cache';
import { createSealedReadStream, createSealedWriter, plainSizeOf, readSealed, readSealedRange } from '../store/crypto/sealed-file';
import type { SettingsStore } from '../store/settings-store';
import { writeProblem } from '../files/write-problem';
import { writeThroughPart } from '../runtime/part-file';
import type { FaxId } from '../../preload/fax-id';

export interface PdfStore {
  /** The cached, encrypted file of the fax's document, downloaded first if needed (one download per fax at a time). */
  ensure(faxId: FaxId): Promise<string>;
  isCached(faxId: FaxId): boolean;
  /** Opens the document for the preview (downloading it if needed): its size and first `headBytes` bytes. */
  open(faxId: FaxId, headBytes: number): Promise<{ size: number; head: Uint8Array }>;
  /** Bytes [begin, end) of the document: the preview reads only the parts a page needs. */
  range(faxId: FaxId, begin: number, end: number): Promise<Uint8Array>;
  /** A plain copy where the user chose to save it. */
  saveAs(faxId: FaxId, target: string): Promise<void>;
  /** The whole document in memory (page tools, a searchable copy: they need every page at once). */
  bytes(faxId: FaxId): Promise<Uint8Array>;
  /** Writes the plain document into `out` (a rule's copy, a print job); the write's own error is thrown as it is. */
  copyTo(faxId: FaxId, out: Writable): Promise<void>;
}

export function createPdfStore(deps: { dataDir: string; fileKey: Buffer; cache: Cache; connection: ConnectionService; settings: SettingsStore; log: Logger; now?: () => number }): PdfStore {
  const now = deps.now ?? Date.now;
  const dir = path.join(deps.dataDir, 'pdfs');
  const fileFor = (faxId: FaxId) => path.join(dir, `${faxId}.sealed`);
  const inFlight = new Map<FaxId, Promise<string>>();
  const files = deps.cache.pdfFiles;

  async function evict(keep: FaxId): Promise<void> {
    const cap = deps.settings.get().pdfCacheMaxMb * 1024 * 1024;
    let total = 0;
    for (const row of files.newestFirst()) {
      total += row.size;
      if (total > cap && row.faxId !== keep) {
        await fsp.rm(path.join(dir, row.file), { force: true });
        files.forget(row.faxId);
        total -= row.size;
      }
    }
  }

  async function download(faxId: FaxId): Promise<string> {
    const target = fileFor(faxId);
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    let size = 0;
    let done: Promise<void> = Promise.resolve();
    // A fresh sealed file per attempt: a retried download never appends to a broken one.
    const openSink = () => {
      size = 0;
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      done = pipeline(counting, createSealedWriter(target, deps.fileKey));
      done.catch(() => undefined);
      return counting;
    };
    try {
      await deps.connection.client().downloadPdf(faxId, openSink);
      await done;
    } catch (error) {
      await done.catch(() => undefined);
      throw error;
    }
    files.record(faxId, path.basename(target), size, now());
    await evict(faxId);
    deps.log.info('pdf.cached', { faxId, bytes: size });
    return target;
  }

  /** The cached file of the fax, if there is one. */
  function cachedPath(faxId: FaxId): string | null {
    const file = files.fileOf(faxId);
    return file && fs.existsSync(path.join(dir, file)) ? path.join(dir, file) : null;
  }

  async function ensure(faxId: FaxId): Promise<string> {
    const cached = cachedPath(faxId);
    if (cached) {
      files.touch(faxId, now());
      return cached;
    }
    let pending = inFlight.get(faxId);
    if (!pending) {
      pending = download(faxId).finally(() => inFlight.delete(faxId));
      inFlight.set(faxId, pending);
    }
    return pending;
  }

  return {
    ensure,

    isCached(faxId: FaxId): boolean {
      return cachedPath(faxId) !== null;
    },

    /** Opens the document for the preview (downloading it if needed): its size and first `headBytes` bytes. */
    async open(faxId: FaxId, headBytes: number): Promise<{ size: number; head: Uint8Array }> {
      const file = await ensure(faxId);
      const size = plainSizeOf((await fsp.stat(file)).size);
      const head = await readSealedRange(file, deps.fileKey, 0, Math.min(size, headBytes));
      return { size, head: new Uint8Array(head.buffer, head.byteOffset, head.byteLength) };
    },

    /**
     * Bytes [begin, end) of the document: the preview reads only the parts a page needs. The file was found (and
     * its use recorded) when the preview opened it; a range read touches no database row.
     */
    async range(faxId: FaxId, begin: number, end: number): Promise<Uint8Array> {
      const file = cachedPath(faxId) ?? (await ensure(faxId));
      const plain = await readSealedRange(file, deps.fileKey, begin, end);
      return new Uint8Array(plain.buffer, plain.byteOffset, plain.byteLength);
    },


    async bytes(faxId: FaxId): Promise<Uint8Array> {
      const plain = await readSealed(await ensure(faxId), deps.fileKey);
      return new Uint8Array(plain.buffer, plain.byteOffset, plain.byteLength);
    },

    /** A plain copy where the user chose to save it. */
    async saveAs(faxId: FaxId, target: string): Promise<void> {
      const source = await ensure(faxId);
      // Written beside, then renamed: the chosen name never holds half a document.
      await writeThroughPart(target, (out) => pipeline(createSealedReadStream(source, deps.fileKey), out)).catch((error: unknown) => {
        throw new AppError('file', writeProblem(error));
      });
    },

    async copyTo(faxId: FaxId, out: Writable): Promise<void> {
      const source = await ensure(faxId);
      await pipeline(createSealedReadStream(source, deps.fileKey), out);
    },
  };
}

