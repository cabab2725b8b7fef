/** The cache as the rest of main sees it: repositories over one encrypted database. */
import type { Logger } from '../../log/logger';
import { createAuditLog, type AuditLog } from './audit-log';
import { openCacheDatabase, type CacheDb } from './cache-database';
import { createDirectoryRepository, type DirectoryRepository } from './directory-repository';
import { createFaxRepository, type FaxRepository } from './fax-repository';
import { createKvStore, type KvStore } from './kv-store';

export interface Cache {
  db: CacheDb;
  faxes: FaxRepository;
  directory: DirectoryRepository;
  kv: KvStore;
  audit: AuditLog;
  close(): void;
}

export function openCache(dataDir: string, databaseKeyHex: string, log: Logger, now: () => number = Date.now): Cache {
  const db = openCacheDatabase(dataDir, databaseKeyHex, log);
  const kv = createKvStore(db);
  return {
    db,
    faxes: createFaxRepository(db, now),
    directory: createDirectoryRepository(db, kv),
    kv,
    audit: createAuditLog(db, now),
    close: () => db.close(),
  };
}
