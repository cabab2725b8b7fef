/** Which faxes' transmission reports were saved to the reports folder, so each is saved once. */
import type { CacheDb } from './cache-database';

export interface ReportLog {
  wasSaved(faxId: number): boolean;
  markSaved(faxId: number, savedMs: number): void;
}

export function createReportLog(db: CacheDb): ReportLog {
  const find = db.prepare<[number], { fax_id: number }>('SELECT fax_id FROM transmission_reports WHERE fax_id = ?');
  const insert = db.prepare('INSERT OR IGNORE INTO transmission_reports (fax_id, saved_ms) VALUES (?, ?)');
  return {
    wasSaved: (faxId) => find.get(faxId) !== undefined,
    markSaved: (faxId, savedMs) => void insert.run(faxId, savedMs),
  };
}
