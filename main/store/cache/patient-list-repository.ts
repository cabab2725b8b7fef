/**
 * The office's patient list in the encrypted cache (issue 55): the records the matcher compares a fax with, replaced
 * whole by each import. An import writes its records beside the list in parts (the desk stays responsive through
 * 100,000 rows) and swaps them in at once; one that fails midway leaves the list as it was.
 */
import type { CacheDb } from './cache-database';

/** A patient as the chart keeps it (main/chart checks each one read back: the cache is a file on disk). */
export interface StoredPatient {
  id: string;
}

export interface PatientListRepository {
  /** Starts an import: an empty list beside the current one. */
  begin(): void;
  add(records: readonly StoredPatient[]): void;
  /** The import's list becomes the list. */
  commit(): void;
  /** An import given up: the list stays as it was. */
  abandon(): void;
  /** The records after row `after` (0: from the first), at most `limit`: the list is read a part at a time. */
  page(after: number, limit: number): Array<{ row: number; record: unknown }>;
  count(): number;
}

export function createPatientListRepository(db: CacheDb): PatientListRepository {
  const count = db.prepare('SELECT COUNT(*) AS n FROM chart_patients');
  const page = db.prepare<[number, number], { row: number; record: string }>('SELECT rowid AS row, record FROM chart_patients WHERE rowid > ? ORDER BY rowid LIMIT ?');
  let insert: ReturnType<typeof db.prepare<[string, string]>> | null = null;
  const dropNext = () => db.exec('DROP TABLE IF EXISTS chart_patients_next');
  return {
    begin() {
      dropNext();
      db.exec('CREATE TABLE chart_patients_next (id TEXT PRIMARY KEY, record TEXT NOT NULL)');
      insert = db.prepare<[string, string]>('INSERT INTO chart_patients_next (id, record) VALUES (?, ?)');
    },
    add(records) {
      const into = insert;
      if (into === null) throw new Error('patient list: add before begin');
      db.transaction(() => {
        for (const record of records) into.run(record.id, JSON.stringify(record));
      })();
    },
    commit() {
      if (insert === null) throw new Error('patient list: commit before begin');
      insert = null;
      // Swapped by name, at once: copying 100,000 rows would hold the desk for a second.
      db.transaction(() => {
        db.exec('DROP TABLE chart_patients');
        db.exec('ALTER TABLE chart_patients_next RENAME TO chart_patients');
      })();
    },
    abandon() {
      insert = null;
      dropNext();
    },
    page: (after, limit) => page.all(after, limit).map((found) => ({ row: found.row, record: JSON.parse(found.record) as unknown })),
    count: () => (count.get() as { n: number }).n,
  };
}
