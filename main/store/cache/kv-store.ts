/** Small values kept in the cache (sync cursors, the account snapshot, refresh times), validated on read. */
import type { z } from 'zod';
import type { CacheDb } from './cache-database';

export interface KvStore {
  /** The stored value, or null when it is missing or no longer has the expected shape. */
  get<T>(key: string, schema: z.ZodType<T>): T | null;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export function createKvStore(db: CacheDb): KvStore {
  const read = db.prepare<[string], { value: string }>('SELECT value FROM kv WHERE key = ?');
  const write = db.prepare('INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  const remove = db.prepare('DELETE FROM kv WHERE key = ?');
  return {
    /** The stored value, or null when it is missing or no longer has the expected shape. */
    get<T>(key: string, schema: z.ZodType<T>): T | null {
      const row = read.get(key);
      if (!row) return null;
      try {
        const parsed = schema.safeParse(JSON.parse(row.value));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    set(key: string, value: unknown): void {
      write.run(key, JSON.stringify(value));
    },
    delete(key: string): void {
      remove.run(key);
    },
  };
}

