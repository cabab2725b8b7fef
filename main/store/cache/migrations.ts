/** Schema migrations of the cache, in order; the index + 1 is the schema version. Never edit a released one. */
import type Database from 'better-sqlite3-multiple-ciphers';
import { statusGroup } from '../../../preload/fax-status';

export const migrations: ReadonlyArray<(db: Database.Database) => void> = [
  (db) => {
    db.exec(`
      CREATE TABLE faxes (
        id INTEGER PRIMARY KEY,
        reference TEXT NOT NULL,
        direction TEXT NOT NULL,
        status TEXT NOT NULL,
        pages INTEGER,
        created_at TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        to_number TEXT,
        from_number TEXT,
        counterpart TEXT,
        subject TEXT,
        sender_name TEXT,
        cost TEXT,
        provider_error TEXT,
        recipients TEXT NOT NULL,
        recipient_count INTEGER NOT NULL,
        search TEXT NOT NULL,
        unread INTEGER NOT NULL DEFAULT 0,
        submission_id TEXT,
        origin TEXT NOT NULL DEFAULT 'server',
        synced_ms INTEGER NOT NULL
      );
      CREATE INDEX faxes_by_time ON faxes (direction, created_ms DESC, id DESC);
      CREATE INDEX faxes_pending ON faxes (created_ms) WHERE status IN ('queued', 'converting', 'sending');
      CREATE INDEX faxes_unread ON faxes (direction) WHERE unread = 1;
      CREATE TABLE contacts (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, fax_number TEXT, company TEXT, email TEXT, search TEXT NOT NULL, position INTEGER NOT NULL
      );
      CREATE TABLE numbers (id TEXT PRIMARY KEY, number TEXT NOT NULL, label TEXT, capabilities TEXT NOT NULL, position INTEGER NOT NULL);
      CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE pdf_files (fax_id INTEGER PRIMARY KEY, file TEXT NOT NULL, size INTEGER NOT NULL, last_access_ms INTEGER NOT NULL);
      CREATE TABLE audit (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, action TEXT NOT NULL, fax_id INTEGER, submission_id TEXT);
      CREATE TRIGGER audit_append_only_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
      CREATE TRIGGER audit_append_only_delete BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    `);
  },
  // v2: searching 50,000 faxes reads this narrow index instead of every row (bench/RESULTS.md, big inbox).
  (db) => {
    db.exec('CREATE INDEX faxes_search ON faxes (direction, search)');
  },
  // v3: lists filter by what a status means (preload/fax-status.ts), not by one word; contacts keep every fax number.
  (db) => {
    db.exec(`
      ALTER TABLE faxes ADD COLUMN status_group TEXT NOT NULL DEFAULT 'other';
      ALTER TABLE contacts ADD COLUMN fax_numbers TEXT NOT NULL DEFAULT '[]';
    `);
    const update = db.prepare('UPDATE faxes SET status_group = ? WHERE id = ?');
    for (const row of db.prepare('SELECT id, direction, status FROM faxes').all() as Array<{ id: number; direction: 'inbound' | 'outbound'; status: string }>) {
      update.run(statusGroup(row.direction, row.status), row.id);
    }
    db.exec(`
      UPDATE contacts SET fax_numbers = json_array(json_object('number', fax_number, 'label', NULL)) WHERE fax_number IS NOT NULL;
      CREATE INDEX faxes_in_flight ON faxes (created_ms) WHERE status_group IN ('in_progress', 'other');
    `);
  },
  // v4: every sync asks for the newest fax from the service; without this it read all 50,000 rows (bench: cache memory).
  (db) => {
    db.exec("CREATE INDEX faxes_from_server ON faxes (created_ms) WHERE origin = 'server'");
  },
];
