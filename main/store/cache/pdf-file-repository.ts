/** Which fax documents are kept (encrypted) on disk, how big, and when each was last opened — for LRU eviction. */
import type { CacheDb } from './cache-database';
import type { FaxId } from '../../../preload/fax-id';

export interface PdfFileRow {
  faxId: FaxId;
  file: string;
  size: number;
}

export interface PdfFileRepository {
  record(faxId: FaxId, file: string, size: number, at: number): void;
  touch(faxId: FaxId, at: number): void;
  fileOf(faxId: FaxId): string | null;
  forget(faxId: FaxId): void;
  /** Every kept document, most recently opened first. */
  newestFirst(): PdfFileRow[];
}

export function createPdfFileRepository(db: CacheDb): PdfFileRepository {
  const record = db.prepare(
    'INSERT INTO pdf_files (fax_id, file, size, last_access_ms) VALUES (?, ?, ?, ?) ON CONFLICT(fax_id) DO UPDATE SET size = excluded.size, last_access_ms = excluded.last_access_ms',
  );
  const touch = db.prepare('UPDATE pdf_files SET last_access_ms = ? WHERE fax_id = ?');
  const known = db.prepare<[FaxId], { file: string }>('SELECT file FROM pdf_files WHERE fax_id = ?');
  const forget = db.prepare('DELETE FROM pdf_files WHERE fax_id = ?');
  const all = db.prepare<[], { fax_id: FaxId; file: string; size: number }>('SELECT fax_id, file, size FROM pdf_files ORDER BY last_access_ms DESC');
  return {
    record: (faxId, file, size, at) => void record.run(faxId, file, size, at),
    touch: (faxId, at) => void touch.run(at, faxId),
    fileOf: (faxId) => known.get(faxId)?.file ?? null,
    forget: (faxId) => void forget.run(faxId),
    newestFirst: () => all.all().map((row) => ({ faxId: row.fax_id, file: row.file, size: row.size })),
  };
}
