// A new cache file is made in one step from new-cache-schema.ts: the file is what the migrations make (kept by
// `npm run cache:schema`), a new file gets exactly the schema, rows and version of one migrated step by step, and
// a file at any older version (even 0 with something in it) still migrates step by step.
import crypto from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3-multiple-ciphers';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import { openCacheDatabase } from '../../../main/store/cache/cache-database';
import { migrations } from '../../../main/store/cache/migrations';
import { newCacheSchemaVersion } from '../../../main/store/cache/new-cache-schema';
import { newCacheSchemaFile, renderNewCacheSchema } from '../../../scripts/cache-schema';
import { openRawCache, rawCacheAt } from '../../helpers/raw-cache';
import { tempDirsRemovedAfterEach } from '../../helpers/temp-dirs';

const tempDir = tempDirsRemovedAfterEach('new-cache-');

interface Described {
  version: number;
  master: unknown[];
  rows: Record<string, unknown[]>;
}

/** Everything a schema is: sqlite_master as SQLite keeps it, the version, and the rows of every table. */
function describe_(db: Database.Database): Described {
  // A table renamed after it was made (v13's full-text table) has its name in double quotes in the statements
  // SQLite keeps, where the same table made under its name has single ones: the same name.
  const master = (db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all() as Array<{ sql: string | null }>).map((row) => ({
    ...row,
    sql: row.sql?.replace(/^CREATE TABLE (['"])([^'"]+)\1/, 'CREATE TABLE "$2"') ?? null,
  }));
  const tables = (db.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'shadow') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").all() as Array<{ name: string }>).map((row) => row.name);
  const rows = Object.fromEntries(tables.map((name) => [name, db.prepare(`SELECT * FROM "${name}"`).raw().all()]));
  return { version: db.pragma('user_version', { simple: true }) as number, master, rows };
}

/** A file made the old way: every migration in turn, each in its transaction. */
function migratedStepByStep(upTo = migrations.length): Described {
  const db = new Database(':memory:');
  for (const [index, migration] of migrations.slice(0, upTo).entries()) {
    db.transaction(() => {
      migration(db);
      db.pragma(`user_version = ${String(index + 1)}`);
    })();
  }
  const described = describe_(db);
  db.close();
  return described;
}

describe('a new cache file', () => {
  it('new-cache-schema.ts is what the migrations make now (after adding a migration: npm run cache:schema)', () => {
    expect(fs.readFileSync(newCacheSchemaFile, 'utf8')).toBe(renderNewCacheSchema());
    expect(newCacheSchemaVersion).toBe(migrations.length);
  });

  it('gets the schema, rows and version of a file migrated step by step', () => {
    const db = openCacheDatabase(tempDir(), crypto.randomBytes(32).toString('hex'), createLogger({ sinks: [] }));
    try {
      expect(describe_(db)).toEqual(migratedStepByStep());
    } finally {
      db.close();
    }
  });

  it('is made in one step, not by the migrations: its full-text table was made under its own name, never renamed', () => {
    const db = openCacheDatabase(tempDir(), crypto.randomBytes(32).toString('hex'), createLogger({ sinks: [] }));
    try {
      const config = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'fax_text_config'").get() as { sql: string };
      expect(config.sql.startsWith("CREATE TABLE 'fax_text_config'")).toBe(true);
    } finally {
      db.close();
    }
  });

  it.each([1, 8, 9, 13, migrations.length - 1])('a file at version %i migrates step by step to the same schema', (version) => {
    const dir = tempDir();
    const keyHex = crypto.randomBytes(32).toString('hex');
    rawCacheAt(dir, keyHex, version).close();
    const db = openCacheDatabase(dir, keyHex, createLogger({ sinks: [] }));
    try {
      expect(describe_(db)).toEqual(migratedStepByStep());
    } finally {
      db.close();
    }
  });

  it('a file at version 0 that already holds a table is not taken for a new one: the migrations run (and fail on it, so it is set aside)', () => {
    const dir = tempDir();
    const keyHex = crypto.randomBytes(32).toString('hex');
    const raw = openRawCache(dir, keyHex);
    raw.exec('CREATE TABLE faxes (id INTEGER PRIMARY KEY)');
    raw.close();
    const db = openCacheDatabase(dir, keyHex, createLogger({ sinks: [] }));
    try {
      expect(describe_(db)).toEqual(migratedStepByStep());
      expect(fs.readdirSync(dir).some((name) => name.startsWith('cache.db.unreadable-'))).toBe(true);
    } finally {
      db.close();
    }
  });
});
