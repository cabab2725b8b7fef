/**
 * The cache's schema as the migrations make it, written out as the statements a new cache file is made with
 * (main/store/cache/new-cache-schema.ts, kept by `npm run cache:schema`; test/unit/store/new-cache-schema.test.ts
 * checks the file is current and makes what the migrations make).
 */
import Database from 'better-sqlite3-multiple-ciphers';
import { migrations } from '../main/store/cache/migrations';

export const newCacheSchemaFile = 'main/store/cache/new-cache-schema.ts';

/**
 * The statements that make `db`'s schema again, in the order SQLite keeps them: tables (virtual ones included),
 * then what depends on them. SQLite's own (sqlite_sequence, automatic indexes) and the tables a virtual table
 * keeps for itself are made by the statements that need them.
 */
export function schemaStatements(db: Database.Database): string[] {
  const shadow = new Set((db.prepare("SELECT name FROM pragma_table_list WHERE type = 'shadow'").all() as Array<{ name: string }>).map((row) => row.name));
  const rows = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid").all() as Array<{ type: string; name: string; sql: string }>;
  const kept = rows.filter((row) => !shadow.has(row.name));
  const rank = (type: string): number => ['table', 'index', 'trigger', 'view'].indexOf(type);
  return kept.sort((a, b) => rank(a.type) - rank(b.type)).map((row) => row.sql);
}

/** The schema every migration makes on an empty database, and its version. */
export function migratedSchema(): { version: number; statements: string[] } {
  const db = new Database(':memory:');
  try {
    for (const migration of migrations) db.transaction(() => migration(db))();
    return { version: migrations.length, statements: schemaStatements(db) };
  } finally {
    db.close();
  }
}

export function renderNewCacheSchema(): string {
  const { version, statements } = migratedSchema();
  return [
    '// Written by `npm run cache:schema` (scripts/cache-schema.ts) from the migrations: do not edit.',
    '/**',
    ' * The schema of a new cache file at version `newCacheSchemaVersion`, made in one step instead of by replaying',
    ' * every migration (~20 ms of CPU at each new profile, most of it SQLite reading its schema again at each table',
    ' * migration v9 rebuilt). A file at an older version still migrates step by step.',
    ' */',
    `export const newCacheSchemaVersion = ${String(version)};`,
    '',
    'export const newCacheStatements: readonly string[] = [',
    ...statements.map((statement) => `  ${JSON.stringify(statement)},`),
    '];',
    '',
  ].join('\n');
}
