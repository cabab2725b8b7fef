/**
 * What the misdirected-fax guard asks the cache, by number key ("+14155550122"): which contacts have a number,
 * which numbers this app faxed successfully, contacts by name, and the number changes seen between contact syncs.
 * Every lookup is by index, in chunks, so a check stays fast with tens of thousands of contacts and faxes.
 */
import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { CacheDb } from './cache-database';

export interface ContactNumberMatch {
  number: string;
  contactId: string;
  name: string | null;
}

export interface FaxedNumber {
  number: string;
  times: number;
  lastMs: number;
}

export interface NumberChange {
  contactId: string;
  name: string | null;
  oldNumber: string;
  newNumber: string | null;
  changedMs: number;
  /** The old number is the contact's again, or another contact's: it is not stale. */
  oldNumberCurrent: boolean;
}

export interface GuardRepository {
  contactsWithNumbers(keys: readonly string[]): ContactNumberMatch[];
  faxedNumbers(keys: readonly string[]): FaxedNumber[];
  /** The contacts called `name` (name or organisation, any case), with their number keys. */
  contactsNamed(name: string): Array<{ contactId: string; name: string; numbers: string[] }>;
  /** Changes where the number was the old one or is the new one. */
  changesAround(keys: readonly string[]): NumberChange[];
  /** Whether a fax to this number went through after the given time. */
  faxedSince(key: string, sinceMs: number): boolean;
}

const chunkSize = 400;

function inChunks<T>(keys: readonly string[], read: (chunk: readonly string[], placeholders: string) => T[]): T[] {
  const rows: T[] = [];
  const unique = [...new Set(keys)];
  for (let start = 0; start < unique.length; start += chunkSize) {
    const chunk = unique.slice(start, start + chunkSize);
    rows.push(...read(chunk, chunk.map(() => '?').join(', ')));
  }
  return rows;
}

const displayName = "COALESCE(NULLIF(c.name, ''), c.company)";

export function createGuardRepository(db: CacheDb): GuardRepository {
  // Statements by their text: a full chunk's statement is prepared once, not on every check.
  const prepared = new Map<string, Statement<string[]>>();
  const statement = (sql: string): Statement<string[]> => {
    let found = prepared.get(sql);
    if (!found) {
      found = db.prepare<string[]>(sql);
      if (prepared.size < 64) prepared.set(sql, found);
    }
    return found;
  };
  const faxedAfter = db.prepare<[string, number], { found: number }>(
    "SELECT 1 AS found FROM fax_parties WHERE number = ? AND role = 'to' AND failed = 0 AND created_ms > ? LIMIT 1",
  );
  const named = db.prepare<[string, string], { contact_id: string; name: string; number: string | null }>(
    `SELECT c.id AS contact_id, ${displayName} AS name, n.number AS number FROM contacts c LEFT JOIN contact_numbers n ON n.contact_id = c.id
     WHERE c.name = ? COLLATE NOCASE OR c.company = ? COLLATE NOCASE`,
  );

  return {
    contactsWithNumbers: (keys) =>
      inChunks(keys, (chunk, placeholders) =>
        (
          statement(`SELECT n.number AS number, n.contact_id AS contact_id, ${displayName} AS name FROM contact_numbers n JOIN contacts c ON c.id = n.contact_id WHERE n.number IN (${placeholders})`)
            .all(...chunk) as Array<{ number: string; contact_id: string; name: string | null }>
        ).map((row) => ({ number: row.number, contactId: row.contact_id, name: row.name })),
      ),

    faxedNumbers: (keys) =>
      inChunks(keys, (chunk, placeholders) =>
        (
          statement(
              `SELECT number, COUNT(*) AS times, MAX(created_ms) AS last_ms FROM fax_parties WHERE number IN (${placeholders}) AND role = 'to' AND failed = 0 GROUP BY number`,
            )
            .all(...chunk) as Array<{ number: string; times: number; last_ms: number }>
        ).map((row) => ({ number: row.number, times: row.times, lastMs: row.last_ms })),
      ),

    contactsNamed(name) {
      const byContact = new Map<string, { contactId: string; name: string; numbers: string[] }>();
      for (const row of named.all(name, name)) {
        const contact = byContact.get(row.contact_id) ?? { contactId: row.contact_id, name: row.name, numbers: [] };
        if (row.number !== null) contact.numbers.push(row.number);
        byContact.set(row.contact_id, contact);
      }
      return [...byContact.values()];
    },

    changesAround: (keys) =>
      inChunks(keys, (chunk, placeholders) =>
        (
          statement(
              `SELECT ch.contact_id, ${displayName} AS name, ch.old_number, ch.new_number, ch.changed_ms,
                 EXISTS (SELECT 1 FROM contact_numbers n WHERE n.number = ch.old_number) AS old_current
               FROM contact_number_changes ch JOIN contacts c ON c.id = ch.contact_id
               WHERE ch.old_number IN (${placeholders}) OR ch.new_number IN (${placeholders})`,
            )
            .all(...chunk, ...chunk) as Array<{ contact_id: string; name: string | null; old_number: string; new_number: string | null; changed_ms: number; old_current: number }>
        ).map((row) => ({
          contactId: row.contact_id,
          name: row.name,
          oldNumber: row.old_number,
          newNumber: row.new_number,
          changedMs: row.changed_ms,
          oldNumberCurrent: row.old_current === 1,
        })),
      ),

    faxedSince: (key, sinceMs) => faxedAfter.get(key, sinceMs) !== undefined,
  };
}
