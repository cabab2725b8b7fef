/**
 * A cache file opened raw, as the app keys it (`applyKey`), for tests that make a file of an older schema version
 * or look under the app's own code (the audit's triggers).
 */
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { applyKey } from '../../main/store/cache/cache-database';
import { migrations } from '../../main/store/cache/migrations';

/** The cache file in `dir`, opened with the key and nothing else done to it. */
export function openRawCache(dir: string, keyHex: string): Database.Database {
  const raw = new Database(path.join(dir, 'cache.db'));
  applyKey(raw, keyHex);
  return raw;
}

/** A cache file at schema `version` (the first `version` migrations), open raw for rows of that time. */
export function rawCacheAt(dir: string, keyHex: string, version: number): Database.Database {
  const raw = openRawCache(dir, keyHex);
  for (const migration of migrations.slice(0, version)) migration(raw);
  raw.pragma(`user_version = ${String(version)}`);
  return raw;
}
