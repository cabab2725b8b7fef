/**
 * A durable journal of records, one sealed file each: a record is written (encrypted, fsynced, atomically renamed)
 * before the work it describes and after every step, so a crash at any moment leaves either the step before or the
 * step after — never a torn record. Records are parsed by their schema when read; one that cannot be read (another
 * key, a newer version, damage) is skipped and kept on disk for inspection, never deleted.
 *
 * The outbox (one folder per submission, beside its sealed files) and the hot folders (one file per claim) keep
 * their records here; so should any later journal (the office hub's triage actions).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { readSealedJson, writeSealedJson } from './crypto/sealed-file';

export interface JournalRecord {
  id: string;
  createdAt: number;
}

export interface SealedJournalOptions<Schema extends z.ZodType<JournalRecord>> {
  /** The journal's folder. */
  root: string;
  schema: Schema;
  fileKey: Buffer;
  /**
   * 'file': each record is `<root>/<id>.sealed`. 'folder': each record is `<root>/<id>/<recordName>` beside files
   * of its own; a folder without a record (a crash before the record was first written) is removed when read.
   */
  layout: { kind: 'file' } | { kind: 'folder'; recordName: string };
}

export interface SealedJournal<Record extends JournalRecord> {
  write: (record: Record) => Promise<void>;
  /** Every readable record, oldest first. */
  readAll: () => Promise<Record[]>;
  remove: (id: string) => Promise<void>;
  /** The folder of a record's own files (folder layout only). */
  folder: (id: string) => string;
}

export function createSealedJournal<Schema extends z.ZodType<JournalRecord>>(options: SealedJournalOptions<Schema>): SealedJournal<z.output<Schema>> {
  type Record = z.output<Schema>;
  const { root, schema, fileKey, layout } = options;
  const folder = (id: string): string => path.join(root, id);
  const recordPath = (id: string): string => (layout.kind === 'folder' ? path.join(folder(id), layout.recordName) : path.join(root, `${id}.sealed`));
  const idOf = (entry: string): string | null => (layout.kind === 'folder' ? entry : entry.endsWith('.sealed') ? entry.slice(0, -'.sealed'.length) : null);

  async function readOne(id: string): Promise<Record | null> {
    const parsed = schema.safeParse(await readSealedJson(recordPath(id), fileKey).catch(() => null));
    if (parsed.success) return parsed.data;
    if (layout.kind === 'folder') {
      const hasRecord = await fsp.stat(recordPath(id)).then(() => true, () => false);
      if (!hasRecord) await fsp.rm(folder(id), { recursive: true, force: true });
    }
    return null;
  }

  return {
    folder,

    async write(record) {
      await fsp.mkdir(layout.kind === 'folder' ? folder(record.id) : root, { recursive: true, mode: 0o700 });
      await writeSealedJson(recordPath(record.id), fileKey, record);
    },

    async readAll() {
      const entries = await fsp.readdir(root).catch(() => [] as string[]);
      const records: Record[] = [];
      for (const entry of entries) {
        const id = idOf(entry);
        if (id === null) continue;
        const record = await readOne(id);
        if (record !== null) records.push(record);
      }
      return records.sort((a, b) => a.createdAt - b.createdAt);
    },

    async remove(id) {
      await fsp.rm(layout.kind === 'folder' ? folder(id) : recordPath(id), { recursive: true, force: true });
    },
  };
}
