// Should new-cache-schema.ts fall behind the migrations (a migration added, `npm run cache:schema` not run yet), a
// new file starts from the schema it has and the newer migrations run after it: the file still ends up current.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { migrations } from '../../../main/store/cache/migrations';
import { schemaStatements } from '../../../scripts/cache-schema';

const staleVersion = 9;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stale-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function statementsAt(version: number): string[] {
  const db = new Database(':memory:');
  for (const migration of migrations.slice(0, version)) db.transaction(() => migration(db))();
  const statements = schemaStatements(db);
  db.close();
  return statements;
}

vi.doMock('../../../main/store/cache/new-cache-schema', () => ({ newCacheSchemaVersion: staleVersion, newCacheStatements: statementsAt(staleVersion) }));

describe('a new cache file from a schema that fell behind', () => {
  it('starts from that schema and runs the migrations after it', async () => {
    const { openCacheDatabase } = await import('../../../main/store/cache/cache-database');
    const { createLogger } = await import('../../../main/log/logger');
    const db = openCacheDatabase(dir, crypto.randomBytes(32).toString('hex'), createLogger({ sinks: [] }));
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      const names = (rows: Array<{ name: string }>): string[] => rows.map((row) => row.name).sort();
      const current = new Database(':memory:');
      for (const migration of migrations) current.transaction(() => migration(current))();
      const query = "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'";
      expect(names(db.prepare(query).all() as Array<{ name: string }>)).toEqual(names(current.prepare(query).all() as Array<{ name: string }>));
      current.close();
    } finally {
      db.close();
    }
  });
});
