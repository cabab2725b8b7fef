/**
 * The local cache: one SQLite file encrypted with SQLCipher (through better-sqlite3-multiple-ciphers), its key
 * derived from the master key in the OS keychain. The schema is versioned (PRAGMA user_version) and migrated
 * forward on open; a new file starts from the schema the migrations make (new-cache-schema.ts) in one step. The
 * cache only holds what the Fax Service can give back, so a file that cannot be opened with our key is set aside and
 * rebuilt rather than crashing the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import type { Logger } from '../../log/logger';
import { migrations } from './migrations';
import { newCacheSchemaVersion, newCacheStatements } from './new-cache-schema';

export type CacheDb = Database.Database;

/** Opens `db` with the cache's cipher and key (tests open raw cache files of older versions with it too). */
export function applyKey(db: CacheDb, keyHex: string): void {
  db.pragma("cipher = 'sqlcipher'");
  db.pragma('legacy = 4');
  db.pragma(`key = "x'${keyHex}'"`);
}

function migrate(db: CacheDb): void {
  let current = db.pragma('user_version', { simple: true }) as number;
  if (current === 0 && (db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n === 0) {
    // A new file: the schema of version newCacheSchemaVersion in one step; any later migration still runs below.
    db.transaction(() => {
      for (const statement of newCacheStatements) db.exec(statement);
      db.pragma(`user_version = ${String(newCacheSchemaVersion)}`);
    })();
    current = newCacheSchemaVersion;
  }
  for (const [index, migration] of migrations.entries()) {
    const version = index + 1;
    if (version <= current) continue;
    db.transaction(() => {
      migration(db);
      db.pragma(`user_version = ${version}`);
    })();
  }
}

function openKeyed(file: string, keyHex: string): CacheDb {
  const db = new Database(file);
  try {
    applyKey(db, keyHex);
    // Reading the schema fails here when the key is wrong or the file is not a database.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function openCacheDatabase(dataDir: string, keyHex: string, log: Logger): CacheDb {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'cache.db');
  try {
    return openKeyed(file, keyHex);
  } catch (error) {
    if (!fs.existsSync(file)) throw error;
    const aside = `${file}.unreadable-${Date.now()}`;
    log.warn('cache.unreadable_set_aside', { error });
    for (const suffix of ['', '-wal', '-shm']) if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, aside + suffix);
    return openKeyed(file, keyHex);
  }
}
