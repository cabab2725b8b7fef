/**
 * Files the user drops or picks, checked again in main whatever the renderer said: a regular file (not a
 * directory, device or symlink pointing elsewhere), within the size limit, a faxable type by its content, with
 * countable pages. Each accepted file is copied, encrypted, into the app's own staging folder at once — later
 * changes to the original cannot alter what is sent, and nothing readable is left on disk.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { StagedFile, StageRejection, StageResult } from '../../preload/models';
import { AppError, isAppError } from '../errors';
import { kindOf } from '../files/file-kind';
import { countPagesOf } from '../files/page-count';
import { checkFileSize } from '../files/submission-rules';
import type { Logger } from '../log/logger';
import { readSealed, readSealedJson, writeSealed, writeSealedJson } from '../store/crypto/sealed-file';
import { msg } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';

const stagedSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['pdf', 'docx', 'jpg', 'png', 'tiff']),
  size: z.number().int().nonnegative(),
  pages: z.number().int().positive(),
  pagesEstimated: z.boolean(),
});

export interface Staging {
  stage(paths: readonly string[]): Promise<StageResult>;
  /** Stages bytes the app itself produced (a fax PDF to forward). */
  stageSealedCopy(sourceSealed: string, meta: Omit<StagedFile, 'id'>): Promise<StagedFile>;
  /** Stages a document the app made in memory (a PDF with its blank pages removed), encrypted at once. */
  stageBytes(bytes: Uint8Array, meta: Omit<StagedFile, 'id' | 'size'>): Promise<StagedFile>;
  get(id: string): Promise<StagedFile>;
  sealedPath(id: string): string;
  read(id: string): Promise<Buffer>;
  /** Copies the staged (encrypted) file to `target`, e.g. into a submission. */
  copySealed(id: string, target: string): Promise<void>;
  release(ids: readonly string[]): Promise<void>;
  /** Removes staged files older than `ageMs` (an abandoned draft's), except those in `keep`. */
  purgeOlderThan(ageMs: number, keep: ReadonlySet<string>): Promise<void>;
}

const noLongerAvailable = (): AppError => new AppError('file', msg('staging.aFileOfThis'));

/** A staged copy that has gone (removed, or the staging folder cleaned) is "no longer available", not a crash. */
function missingOr(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' ? noLongerAvailable() : error;
}

function displayName(filePath: string): string {
  return path.basename(filePath).slice(0, 200) || 'file';
}

/** Opens a file for reading only if it is a regular file reached without following a symlink. */
async function openRegularFile(filePath: string, label: string): Promise<fs.promises.FileHandle> {
  let before: fs.Stats;
  try {
    before = await fsp.lstat(filePath);
  } catch {
    throw new AppError('file', msg('staging.cannotBeFoundAny', { label }));
  }
  if (before.isSymbolicLink()) throw new AppError('file', msg('staging.isALinkTo', { label }));
  if (before.isDirectory()) throw new AppError('file', msg('staging.isAFolderAdd', { label }));
  if (!before.isFile()) throw new AppError('file', msg('staging.isNotARegular', { label }));
  let handle: fs.promises.FileHandle;
  try {
    handle = await fsp.open(filePath, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    throw new AppError('file', msg('staging.cannotBeOpenedCheck', { label }));
  }
  const after = await handle.stat();
  // The path must still name the file that was checked (nothing swapped in between).
  if (!after.isFile() || after.ino !== before.ino || after.dev !== before.dev) {
    await handle.close();
    throw new AppError('file', msg('staging.changedWhileItWas', { label }));
  }
  return handle;
}

export function createStaging(options: { dataDir: string; fileKey: Buffer; log: Logger; now?: () => number }): Staging {
  const dir = path.join(options.dataDir, 'staging');
  const now = options.now ?? Date.now;
  const sealedPath = (id: string) => path.join(dir, `${id}.sealed`);
  const metaPath = (id: string) => path.join(dir, `${id}.meta.sealed`);
  const validId = (id: string) => /^[a-f0-9]{32}$/.test(id);

  async function stageOne(filePath: string): Promise<StagedFile> {
    const name = displayName(filePath);
    const label = `“${name}”`;
    const handle = await openRegularFile(filePath, label);
    const id = crypto.randomBytes(16).toString('hex');
    try {
      const { size } = await handle.stat();
      checkFileSize(size, label);
      // Type and pages are judged on a snapshot read through the checked handle, in memory only; then sealed.
      const snapshot = await handle.readFile();
      const kind = kindOf(snapshot);
      if (!kind) throw new AppError('file', msg('staging.isNotAPdf', { label }));
      const { pages, estimated } = await countPagesOf(kind, snapshot, label);
      await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
      await writeSealed(sealedPath(id), options.fileKey, snapshot);
      const staged: StagedFile = { id, name, kind, size, pages, pagesEstimated: estimated };
      await writeSealedJson(metaPath(id), options.fileKey, { ...staged, stagedAt: now() });
      return staged;
    } finally {
      await handle.close();
    }
  }

  const staging: Staging = {
    async stage(paths) {
      const staged: StagedFile[] = [];
      const rejected: StageRejection[] = [];
      for (const filePath of paths) {
        try {
          staged.push(await stageOne(filePath));
        } catch (error) {
          if (!isAppError(error)) options.log.error('staging.failed', { error });
          rejected.push({ name: displayName(filePath), message: say(isAppError(error) ? error.text : msg('staging.fileCouldNotBeAdded')) });
        }
      }
      return { staged, rejected };
    },

    async stageSealedCopy(sourceSealed, meta) {
      const id = crypto.randomBytes(16).toString('hex');
      await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
      await fsp.copyFile(sourceSealed, sealedPath(id));
      const staged: StagedFile = { id, ...meta };
      await writeSealedJson(metaPath(id), options.fileKey, { ...staged, stagedAt: now() });
      return staged;
    },

    async stageBytes(bytes, meta) {
      const id = crypto.randomBytes(16).toString('hex');
      await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
      await writeSealed(sealedPath(id), options.fileKey, Buffer.from(bytes));
      const staged: StagedFile = { id, ...meta, size: bytes.byteLength };
      await writeSealedJson(metaPath(id), options.fileKey, { ...staged, stagedAt: now() });
      return staged;
    },

    async get(id) {
      if (!validId(id)) throw new AppError('invalid_input', msg('staging.unknownFile'));
      try {
        return stagedSchema.parse(await readSealedJson(metaPath(id), options.fileKey));
      } catch {
        throw noLongerAvailable();
      }
    },

    sealedPath,

    async read(id) {
      if (!validId(id)) throw new AppError('invalid_input', msg('staging.unknownFile'));
      try {
        return await readSealed(sealedPath(id), options.fileKey);
      } catch (error) {
        throw missingOr(error);
      }
    },

    async copySealed(id, target) {
      if (!validId(id)) throw new AppError('invalid_input', msg('staging.unknownFile'));
      try {
        await fsp.copyFile(sealedPath(id), target);
      } catch (error) {
        throw missingOr(error);
      }
    },

    async release(ids) {
      for (const id of ids) {
        if (!validId(id)) continue;
        await fsp.rm(sealedPath(id), { force: true });
        await fsp.rm(metaPath(id), { force: true });
      }
    },


    async purgeOlderThan(ageMs, keep) {
      let names: string[];
      try {
        names = await fsp.readdir(dir);
      } catch {
        return;
      }
      for (const name of names) {
        const id = name.split('.')[0] ?? '';
        if (keep.has(id)) continue;
        const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
        if (stat && now() - stat.mtimeMs > ageMs) await fsp.rm(path.join(dir, name), { force: true });
      }
    },
  };
  return staging;
}
