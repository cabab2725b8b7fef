/** What an API route handler gets: the authenticated account and key, the clock and the shared services. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from './clock';
import type { SandboxDb } from './database';
import type { AccountRow } from './resources';
import type { PublicIds } from './public-ids';

export interface KeyRow {
  id: string;
  account_id: string;
  hash: string;
  scopes: string;
  created_at: string;
  revoked_at: string | null;
}

export interface Services {
  db: SandboxDb;
  clock: Clock;
  dataDir: string;
  /** Records an event for a finished or received fax and queues its webhook deliveries. */
  recordEvent(faxId: number): void;
  /** The fax ids the API shows (the row id, or 64-bit ids above a base). */
  ids: PublicIds;
}

export interface ApiContext {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  requestId: string;
  account: AccountRow;
  key: KeyRow;
  scopes: readonly string[];
  params: Record<string, string>;
  services: Services;
}
