/** Contacts, numbers and the account snapshot in the cache, so they stay readable offline. */
import { z } from 'zod';
import { numberKey } from '../../../preload/fax-number';
import type { AccountView, ContactPage, ContactView, NumberView } from '../../../preload/models';
import type { CacheDb } from './cache-database';
import { spellingVariants } from './spelling-variants';
import { accountViewSchema } from '../snapshots';
import type { KvStore } from './kv-store';


const faxNumbersSchema = z.array(z.object({ number: z.string(), label: z.string().nullable() }));

export interface DirectoryRepository {
  /** Keeps contacts seen on the service; `replaceAll` drops the ones that are gone (after a full listing). */
  saveContacts(contacts: readonly ContactView[], options: { replaceAll: boolean; firstPosition: number }): void;
  contacts(query: { q?: string | undefined; offset: number; limit: number }): ContactPage;
  saveNumbers(numbers: readonly NumberView[]): void;
  numbers(): NumberView[];
  saveAccount(account: AccountView): void;
  account(): AccountView | null;
}

function numberKeysOf(contact: ContactView): string[] {
  const keys = contact.faxNumbers.map((found) => numberKey(found.number)).filter((key): key is string => key !== null);
  return [...new Set(keys)];
}

export function createDirectoryRepository(db: CacheDb, kv: KvStore, now: () => number = Date.now): DirectoryRepository {
  const numbersOfContact = db.prepare<[string], { number: string }>('SELECT number FROM contact_numbers WHERE contact_id = ?');
  const forgetNumbers = db.prepare('DELETE FROM contact_numbers WHERE contact_id = ?');
  const keepNumber = db.prepare('INSERT OR IGNORE INTO contact_numbers (number, contact_id) VALUES (?, ?)');
  const recordChange = db.prepare('INSERT OR REPLACE INTO contact_number_changes (contact_id, old_number, new_number, changed_ms) VALUES (?, ?, ?, ?)');
  const forgetChange = db.prepare('DELETE FROM contact_number_changes WHERE contact_id = ? AND old_number = ?');

  /**
   * Keeps the contact's numbers by key; a number it had at the last sync and no longer has is recorded as a
   * change (to its first number now), so the guard can warn about the old number and the new one.
   */
  function trackNumbers(contact: ContactView): void {
    const before = numbersOfContact.all(contact.id).map((row) => row.number);
    const after = numberKeysOf(contact);
    const changedMs = now();
    for (const old of before) if (!after.includes(old)) recordChange.run(contact.id, old, after[0] ?? null, changedMs);
    // A number that comes back is no longer a change.
    for (const current of after) forgetChange.run(contact.id, current);
    forgetNumbers.run(contact.id);
    for (const current of after) keepNumber.run(current, contact.id);
  }

  return {
    /** Keeps contacts seen on the service; `replaceAll` drops the ones that are gone (after a full listing). */
    saveContacts(contacts: readonly ContactView[], options: { replaceAll: boolean; firstPosition: number }): void {
      const upsert = db.prepare(`INSERT INTO contacts (id, name, fax_number, fax_numbers, company, email, search, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET name = excluded.name, fax_number = excluded.fax_number, fax_numbers = excluded.fax_numbers, company = excluded.company,
        email = excluded.email, search = excluded.search, position = excluded.position`);
      db.transaction(() => {
        if (options.replaceAll) {
          db.prepare('DELETE FROM contacts').run();
          // Contacts gone from the service take their numbers along; those still there are tracked below.
          const kept = new Set(contacts.map((contact) => contact.id));
          for (const { contact_id } of db.prepare('SELECT DISTINCT contact_id FROM contact_numbers').all() as Array<{ contact_id: string }>) {
            if (!kept.has(contact_id)) forgetNumbers.run(contact_id);
          }
        }
        contacts.forEach((contact, index) => {
          trackNumbers(contact);
          const search = [contact.name, ...contact.faxNumbers.map((found) => found.number), contact.company, contact.email].filter(Boolean).join(' ').toLowerCase();
          // The column predates nameless contacts: '' stands for "no name".
          upsert.run(contact.id, contact.name ?? '', contact.faxNumber, JSON.stringify(contact.faxNumbers), contact.company, contact.email, search, options.firstPosition + index);
        });
      })();
    },

    contacts(query: { q?: string | undefined; offset: number; limit: number }): ContactPage {
      const q = query.q?.trim().toLowerCase() ?? '';
      // The name as written, in any of the ways it is spelled (Weiss, Weiß).
      const spellings = q ? spellingVariants(q) : [];
      const clause = q ? `WHERE (${spellings.map(() => "search LIKE ? ESCAPE '\\'").join(' OR ')})` : '';
      const args = spellings.map((spelling) => `%${spelling.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM contacts ${clause}`).get(...args) as { n: number }).n;
      const rows = db
        .prepare(`SELECT id, name, fax_number, fax_numbers, company, email FROM contacts ${clause} ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`)
        .all(...args, query.limit, query.offset) as Array<{ id: string; name: string; fax_number: string | null; fax_numbers: string; company: string | null; email: string | null }>;
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name === '' ? null : row.name,
          faxNumber: row.fax_number,
          faxNumbers: faxNumbersSchema.catch([]).parse(JSON.parse(row.fax_numbers)),
          company: row.company,
          email: row.email,
        })),
        total,
        offset: query.offset,
        hasMore: query.offset + rows.length < total,
        fromCache: true,
      };
    },

    saveNumbers(numbers: readonly NumberView[]): void {
      db.transaction(() => {
        db.prepare('DELETE FROM numbers').run();
        const insert = db.prepare('INSERT INTO numbers (id, number, label, capabilities, position) VALUES (?, ?, ?, ?, ?)');
        numbers.forEach((number, index) => insert.run(number.id, number.number, number.label, JSON.stringify(number.capabilities), index));
      })();
    },

    numbers(): NumberView[] {
      return (db.prepare('SELECT * FROM numbers ORDER BY position').all() as Array<{ id: string; number: string; label: string | null; capabilities: string }>).map((row) => ({
        id: row.id,
        number: row.number,
        label: row.label,
        capabilities: JSON.parse(row.capabilities) as string[],
      }));
    },

    saveAccount(account: AccountView): void {
      kv.set('account', account);
    },

    account(): AccountView | null {
      return kv.get('account', accountViewSchema);
    },
  };
}

