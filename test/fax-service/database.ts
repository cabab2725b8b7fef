/**
 * The sandbox's state on disk: one SQLite file in the data folder (plain SQLite through the same native module
 * the app uses). Everything a restart must keep lives here: accounts, hashed keys, faxes, contacts, numbers,
 * covers, webhooks, events, deliveries, idempotency records and the virtual clock.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';

export type SandboxDb = Database.Database;

const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, plan TEXT NOT NULL, page_limit INTEGER NOT NULL, pages_used INTEGER NOT NULL,
  cycle_start TEXT NOT NULL, cycle_end TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, scopes TEXT NOT NULL,
  created_at TEXT NOT NULL, revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS faxes (
  id INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, reference TEXT NOT NULL, direction TEXT NOT NULL,
  status TEXT NOT NULL, pages INTEGER NOT NULL, created_s INTEGER NOT NULL, accepted_ms INTEGER NOT NULL,
  subject TEXT, notes TEXT, cover_id TEXT, sender_name TEXT, from_number TEXT, to_number TEXT NOT NULL,
  cost_cents INTEGER NOT NULL DEFAULT 0, provider_error TEXT, has_docx INTEGER NOT NULL DEFAULT 0,
  files TEXT NOT NULL DEFAULT '[]', completed_ms INTEGER, updated_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS faxes_order ON faxes (account_id, created_s DESC, id DESC);
CREATE INDEX IF NOT EXISTS faxes_open ON faxes (completed_ms) WHERE completed_ms IS NULL;
CREATE TABLE IF NOT EXISTS recipients (
  fax_id INTEGER NOT NULL, position INTEGER NOT NULL, to_number TEXT NOT NULL, name TEXT, status TEXT NOT NULL,
  error TEXT, PRIMARY KEY (fax_id, position)
);
CREATE TABLE IF NOT EXISTS contacts (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL, name TEXT NOT NULL, fax_number TEXT, company TEXT, email TEXT,
  notes TEXT, created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS contacts_account ON contacts (account_id, name, id);
CREATE TABLE IF NOT EXISTS numbers (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL, number TEXT NOT NULL, label TEXT, created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS covers (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, name TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS webhooks (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL, url TEXT NOT NULL, events TEXT NOT NULL, description TEXT,
  secret TEXT NOT NULL, payload TEXT NOT NULL, created_at TEXT NOT NULL, deleted_at TEXT
);
CREATE TABLE IF NOT EXISTS events (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL, type TEXT NOT NULL, created INTEGER NOT NULL, fax_id INTEGER,
  standard TEXT NOT NULL, reduced TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS deliveries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL, endpoint_id TEXT NOT NULL, account_id TEXT NOT NULL,
  url TEXT NOT NULL, attempt INTEGER NOT NULL, status_code INTEGER, error TEXT, at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS delivery_queue (
  event_id TEXT NOT NULL, endpoint_id TEXT NOT NULL, attempt INTEGER NOT NULL, due_ms INTEGER NOT NULL,
  PRIMARY KEY (event_id, endpoint_id)
);
CREATE TABLE IF NOT EXISTS idempotency (
  account_id TEXT NOT NULL, key TEXT NOT NULL, state TEXT NOT NULL, fingerprint TEXT, status INTEGER, body TEXT,
  fax_id INTEGER, created_ms INTEGER NOT NULL, PRIMARY KEY (account_id, key)
);
`;

/**
 * Each SQL text compiled once: the sandbox runs the same few dozen statements on every request, and compiling them
 * again each time was a good part of a request's cost (the SIGKILL tests make thousands). No statement is iterated
 * or switched to pluck/raw mode, so one compiled statement serves every caller of its text.
 */
function compileOnce(db: SandboxDb): SandboxDb {
  const compiled = new Map<string, Database.Statement>();
  const compile = db.prepare.bind(db);
  const prepare = (source: string): Database.Statement => {
    let statement = compiled.get(source);
    if (!statement) {
      statement = compile(source);
      compiled.set(source, statement);
    }
    return statement;
  };
  db.prepare = prepare as SandboxDb['prepare'];
  return db;
}

export function openSandboxDb(dataDir: string): SandboxDb {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = compileOnce(new Database(path.join(dataDir, 'sandbox.db')));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(schema);
  // A request that was processing when the sandbox stopped never completed: its key is released.
  db.prepare("DELETE FROM idempotency WHERE state = 'processing'").run();
  return db;
}

export function readMeta(db: SandboxDb, key: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

export function writeMeta(db: SandboxDb, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
