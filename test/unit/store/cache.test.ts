import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaxRecord } from '../../../main/api/read/fax-reader';
import { createLogger, memorySink } from '../../../main/log/logger';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import { openCacheDatabase } from '../../../main/store/cache/cache-database';
import { migrations } from '../../../main/store/cache/migrations';
import { openRawCache, rawCacheAt } from '../../helpers/raw-cache';

const open: Cache[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const cache of open.splice(0)) cache.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-'));
  dirs.push(dir);
  return dir;
}

/** A cache file of an earlier version in a new folder, with a key of its own. */
function oldCacheFile(version: number): { dir: string; keyHex: string; raw: Database.Database } {
  const dir = tempDir();
  const keyHex = crypto.randomBytes(32).toString('hex');
  return { dir, keyHex, raw: rawCacheAt(dir, keyHex, version) };
}

/** A fax row as schema v9 and later hold it (ids as digits, a status group). */
function insertRawFax(raw: Database.Database, fax: { id: string; direction: 'inbound' | 'outbound'; status: string }): void {
  raw
    .prepare("INSERT INTO faxes (id, reference, direction, status, created_at, created_ms, recipients, recipient_count, search, synced_ms, status_group) VALUES (?, ?, ?, ?, '2026-01-01T00:00:00Z', 0, '[]', 0, '', 0, ?)")
    .run(fax.id, `FX-${fax.id}`, fax.direction, fax.status, fax.status);
}

function cacheAt(dir: string, key = 'aa'.repeat(32)): Cache {
  const cache = openCache(dir, key, createLogger({ sinks: [] }));
  open.push(cache);
  return cache;
}

let nextId = 1;
/** A fax record; `id` is given as a number for brevity and held as the service's digits. */
function fax(overrides: Omit<Partial<FaxRecord>, 'id'> & { id?: number } = {}): FaxRecord {
  const { id: given, ...rest } = overrides;
  const id = given ?? nextId++;
  const createdAt = overrides.createdAt ?? new Date(Date.parse('2026-03-01T10:00:00Z') + id * 60_000).toISOString();
  return {
    id: String(id),
    reference: `FX-${id}`,
    direction: 'outbound',
    status: 'delivered',
    pages: 1,
    createdAt,
    createdMs: Date.parse(createdAt),
    to: '+14155550100',
    from: null,
    subject: null,
    senderName: null,
    cost: null,
    providerError: null,
    recipients: [{ to: '+14155550100', name: 'Dr. Lee', status: 'delivered', error: null, reason: null }],
    ...rest,
  };
}

describe('encrypted cache', () => {
  it('is migrated to the current schema version', () => {
    const cache = cacheAt(tempDir());
    expect(cache.schemaVersion()).toBe(migrations.length);
  });

  it('a version 1 cache is upgraded in place, keeping its faxes', () => {
    const dir = tempDir();
    const keyHex = 'aa'.repeat(32);
    const raw = rawCacheAt(dir, keyHex, 1);
    raw
      .prepare("INSERT INTO faxes (id, reference, direction, status, created_at, created_ms, recipients, recipient_count, search, synced_ms) VALUES (7, 'FX-7', 'inbound', 'received', '2026-01-01T00:00:00Z', 0, '[]', 0, '', 0)")
      .run();
    raw.close();
    const upgraded = cacheAt(dir, keyHex);
    expect(upgraded.schemaVersion()).toBe(migrations.length);
    expect(upgraded.faxes.list({ direction: 'inbound', offset: 0, limit: 10 }).total).toBe(1);
    upgraded.close();
    open.splice(open.indexOf(upgraded), 1);
    const db = openCacheDatabase(dir, keyHex, createLogger({ sinks: [] }));
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'faxes_search'").get()).toEqual({ name: 'faxes_search' });
    db.close();
  });

  it('is encrypted on disk: the raw file holds no number, subject or name, and opens only with the key', () => {
    const dir = tempDir();
    const cache = cacheAt(dir);
    cache.faxes.upsertMany([fax({ subject: 'Oncology referral', senderName: 'Riverside Clinic' })], { markNewInboundUnread: false });
    cache.directory.saveContacts([{ id: 'c1', name: 'Jane Doe', faxNumber: '+14155550199', faxNumbers: [{ number: '+14155550199', label: null }], company: 'Lab', email: null }], { replaceAll: true, firstPosition: 0 });
    cache.flush();
    cache.close();
    open.splice(0);
    for (const name of fs.readdirSync(dir)) {
      const raw = fs.readFileSync(path.join(dir, name), 'latin1');
      expect(raw, name).not.toMatch(/4155550100|4155550199|Oncology|Riverside|Jane Doe|SQLite format 3/);
    }
    const plain = new Database(path.join(dir, 'cache.db'));
    expect(() => plain.prepare('SELECT * FROM faxes').all()).toThrow(/not a database/);
    plain.close();
    expect(cacheAt(dir).faxes.list({ direction: 'outbound', offset: 0, limit: 5 }).items[0]?.subject).toBe('Oncology referral');
  });

  it('a cache that cannot be opened with the key is set aside and rebuilt, not a crash', () => {
    const dir = tempDir();
    cacheAt(dir, 'aa'.repeat(32)).faxes.upsertMany([fax()], { markNewInboundUnread: false });
    open.splice(0).forEach((cache) => cache.close());
    const sink = memorySink();
    const rebuilt = openCache(dir, 'bb'.repeat(32), createLogger({ sinks: [sink] }));
    open.push(rebuilt);
    expect(rebuilt.faxes.count()).toBe(0);
    expect(fs.readdirSync(dir).some((name) => name.includes('unreadable'))).toBe(true);
    expect(sink.lines.join()).toContain('cache.unreadable_set_aside');
  });
});

describe('fax repository', () => {
  it('reports which faxes were added and which changed', () => {
    const cache = cacheAt(tempDir());
    const first = fax({ id: 10, status: 'sending' });
    expect(cache.faxes.upsertMany([first], { markNewInboundUnread: true })).toEqual({ added: ['10'], updated: [], addedInbound: [] });
    expect(cache.faxes.upsertMany([first], { markNewInboundUnread: true })).toEqual({ added: [], updated: [], addedInbound: [] });
    expect(cache.faxes.upsertMany([{ ...first, status: 'delivered' }], { markNewInboundUnread: true })).toEqual({ added: [], updated: ['10'], addedInbound: [] });
  });

  it('new inbound faxes are unread only when asked (not for imported history); marks can be set and cleared', () => {
    const cache = cacheAt(tempDir());
    cache.faxes.upsertMany([fax({ id: 1, direction: 'inbound', from: '+14155550111' })], { markNewInboundUnread: false });
    cache.faxes.upsertMany([fax({ id: 2, direction: 'inbound', from: '+14155550112' })], { markNewInboundUnread: true });
    expect(cache.faxes.unreadInbound()).toBe(1);
    cache.faxes.markRead(['2'], true);
    expect(cache.faxes.unreadInbound()).toBe(0);
    cache.faxes.markRead(['1', '2'], false);
    expect(cache.faxes.unreadInbound()).toBe(2);
    // An update from the service never resets the user's mark.
    cache.faxes.upsertMany([fax({ id: 1, direction: 'inbound', status: 'received', from: '+14155550111' })], { markNewInboundUnread: true });
    expect(cache.faxes.detail('1')?.unread).toBe(true);
  });

  it('a search with few matches and one with thousands page the same way: newest first, right totals and windows', () => {
    const cache = cacheAt(tempDir());
    const records = Array.from({ length: 3000 }, (_, index) =>
      fax({ id: 10_000 + index, subject: index % 1000 === 0 ? 'Rare referral' : 'Common lab results', status: index % 2 === 0 ? 'delivered' : 'failed' }),
    );
    cache.faxes.upsertMany(records, { markNewInboundUnread: false });
    const newestFirst = (ids: string[]) => [...ids].sort((a, b) => Number(b) - Number(a));
    const rare = cache.faxes.list({ direction: 'outbound', search: 'rare', offset: 1, limit: 10 });
    expect(rare.total).toBe(3);
    expect(rare.items.map((item) => item.id)).toEqual(['11000', '10000']);
    const common = cache.faxes.list({ direction: 'outbound', search: 'common lab', offset: 2990, limit: 10 });
    expect(common.total).toBe(2997);
    expect(common.items.map((item) => item.id)).toEqual(newestFirst(records.filter((record) => record.subject === 'Common lab results').map((record) => record.id)).slice(2990));
    const mixed = cache.faxes.list({ direction: 'outbound', search: 'referral', groups: ['failed'], offset: 0, limit: 10 });
    expect(mixed.total).toBe(0);
  });

  it('"Received" is every inbound fax that arrived, whatever word the service used; unknown words are kept verbatim', () => {
    const cache = cacheAt(tempDir());
    const words = ['received', 'delivered', 'completed', 'SUCCESS', 'archived_by_carrier', 'receiving', 'failed'];
    cache.faxes.upsertMany(
      words.map((status, index) => fax({ id: 100 + index, direction: 'inbound', status, from: '+14155550177' })),
      { markNewInboundUnread: false },
    );
    const received = cache.faxes.list({ direction: 'inbound', groups: ['received'], offset: 0, limit: 10 });
    expect(received.items.map((item) => item.status).sort()).toEqual(['SUCCESS', 'archived_by_carrier', 'completed', 'delivered', 'received']);
    expect(cache.faxes.list({ direction: 'inbound', groups: ['in_progress'], offset: 0, limit: 10 }).items.map((item) => item.status)).toEqual(['receiving']);
    expect(cache.faxes.list({ direction: 'inbound', groups: ['failed'], offset: 0, limit: 10 }).items.map((item) => item.status)).toEqual(['failed']);
    // Unfiltered, nothing is hidden.
    expect(cache.faxes.list({ direction: 'inbound', offset: 0, limit: 10 }).total).toBe(words.length);
    // An outbound word nobody knows is "other", shown verbatim, never dropped.
    cache.faxes.upsertMany([fax({ id: 200, status: 'escalated' })], { markNewInboundUnread: false });
    expect(cache.faxes.list({ direction: 'outbound', groups: ['other'], offset: 0, limit: 10 }).items).toEqual([expect.objectContaining({ id: '200', status: 'escalated', statusGroup: 'other' })]);
  });

  it('migrates a v2 cache: each fax gets its status group, each contact its list of numbers', () => {
    const { dir, keyHex, raw } = oldCacheFile(2);
    const insert = raw.prepare(
      "INSERT INTO faxes (id, reference, direction, status, created_at, created_ms, recipients, recipient_count, search, synced_ms) VALUES (?, ?, ?, ?, '2026-01-01T00:00:00Z', 0, '[]', 0, '', 0)",
    );
    insert.run(1, 'A', 'inbound', 'completed');
    insert.run(2, 'B', 'outbound', 'sending');
    raw.prepare("INSERT INTO contacts (id, name, fax_number, company, email, search, position) VALUES ('c', 'Lab', '+14155550100', NULL, NULL, '', 0)").run();
    raw.close();
    const upgraded = cacheAt(dir, keyHex);
    expect(upgraded.faxes.list({ direction: 'inbound', groups: ['received'], offset: 0, limit: 5 }).total).toBe(1);
    expect(upgraded.faxes.pending().map((item) => item.id)).toEqual(['2']);
    expect(upgraded.directory.contacts({ offset: 0, limit: 5 }).items[0]?.faxNumbers).toEqual([{ number: '+14155550100', label: null }]);
  });

  it('migrates a v12 cache: recognized text already read is indexed again with its split ids joined', () => {
    const { dir, keyHex, raw } = oldCacheFile(12);
    insertRawFax(raw, { id: '7', direction: 'inbound', status: 'received' });
    raw.prepare("INSERT INTO fax_text_pages (id, fax_id, page, outcome, confidence, words) VALUES (3, '7', 1, 'text', 95, '[]')").run();
    raw.prepare("INSERT INTO fax_text_state (fax_id, page_count, next_page, done, min_confidence) VALUES ('7', 1, 2, 1, 95)").run();
    raw.prepare("INSERT INTO fax_text (rowid, text) VALUES (3, 'Insurance ID: XJ447 1920')").run();
    raw.close();
    const upgraded = cacheAt(dir, keyHex);
    expect(upgraded.schemaVersion()).toBe(migrations.length);
    for (const search of ['XJ4471920', 'insurance', 'xj447']) expect(upgraded.faxes.list({ direction: 'inbound', search, offset: 0, limit: 5 }).items.map((item) => item.id)).toEqual(['7']);
  });

  it('migrates a v13 cache: a reply this desk expected is still announced when overdue', () => {
    const { dir, keyHex, raw } = oldCacheFile(13);
    insertRawFax(raw, { id: '30', direction: 'outbound', status: 'delivered' });
    raw.prepare("INSERT INTO reply_expectations (fax_id, due_ms, overdue_notified) VALUES ('30', 1000, 0)").run();
    raw.close();
    const upgraded = cacheAt(dir, keyHex);
    expect(upgraded.schemaVersion()).toBe(migrations.length);
    expect(upgraded.replies.takeNewlyOverdue(2000)).toEqual([{ id: '30', reference: 'FX-30', announce: true }]);
    expect(upgraded.replies.takeNewlyOverdue(3000)).toEqual([]);
  });

  it('lists newest first with filters: status, local date range, search, unread; with totals for paging', () => {
    const cache = cacheAt(tempDir());
    cache.faxes.upsertMany(
      [
        fax({ id: 1, createdAt: '2026-03-01T09:00:00Z', status: 'delivered', subject: 'Lab results' }),
        fax({ id: 2, createdAt: '2026-03-02T09:00:00Z', status: 'failed' }),
        fax({ id: 3, createdAt: '2026-03-03T09:00:00Z', status: 'partial', recipients: [{ to: '+442079460958', name: 'St. Mary', status: 'failed', error: 'busy', reason: null }] }),
        fax({ id: 4, createdAt: '2026-03-03T09:00:00Z', direction: 'inbound', status: 'received', from: '+14155550177' }),
      ],
      { markNewInboundUnread: true },
    );
    expect(cache.faxes.list({ direction: 'outbound', offset: 0, limit: 10 }).items.map((item) => item.id)).toEqual(['3', '2', '1']);
    expect(cache.faxes.list({ direction: 'outbound', groups: ['failed', 'partial'], offset: 0, limit: 10 }).total).toBe(2);
    expect(cache.faxes.list({ direction: 'outbound', search: 'st. mary', offset: 0, limit: 10 }).items.map((item) => item.id)).toEqual(['3']);
    expect(cache.faxes.list({ direction: 'outbound', search: 'LAB', offset: 0, limit: 10 }).items.map((item) => item.id)).toEqual(['1']);
    expect(cache.faxes.list({ direction: 'outbound', search: '100%_', offset: 0, limit: 10 }).total).toBe(0);
    const window = cache.faxes.list({ direction: 'outbound', offset: 1, limit: 1 });
    expect(window).toMatchObject({ total: 3, offset: 1, items: [expect.objectContaining({ id: '2' })] });
    expect(cache.faxes.list({ direction: 'inbound', unreadOnly: true, offset: 0, limit: 10 }).items).toEqual([
      expect.objectContaining({ id: '4', counterpart: '+14155550177', unread: true }),
    ]);
    const local = (day: string) => new Date(`${day}T12:00:00`).toISOString().slice(0, 10);
    expect(cache.faxes.list({ direction: 'outbound', from: local('2026-03-02'), to: local('2026-03-02'), offset: 0, limit: 10 }).items.map((item) => item.id)).toEqual(['2']);
  });

  it('the newest synced timestamp ignores local placeholders of sent faxes', () => {
    const cache = cacheAt(tempDir());
    cache.faxes.upsertMany([fax({ id: 1, createdAt: '2026-03-01T09:00:00Z' })], { markNewInboundUnread: false });
    cache.faxes.recordSent({ id: '2', reference: 'FX-2', status: 'queued', pages: 1, recipients: [], subject: null, submissionId: crypto.randomUUID() });
    expect(cache.faxes.newestSyncedMs()).toBe(Date.parse('2026-03-01T09:00:00Z'));
    expect(cache.faxes.pending().map((item) => item.id)).toEqual(['2']);
  });
});

describe('exact fax ids', () => {
  it('two faxes whose ids are one double are two rows, each found by its own id, listed in numeric order', () => {
    const cache = cacheAt(tempDir());
    const at = '2026-03-05T10:00:00Z';
    const record = (id: string, subject: string): FaxRecord => ({ ...fax({ createdAt: at, subject }), id, reference: `R-${id.slice(-3)}` });
    cache.faxes.upsertMany([record('9007199254740992', 'first'), record('9007199254740993', 'second'), record('18446744073709551617', 'huge'), record('99', 'small')], { markNewInboundUnread: false });
    expect(cache.faxes.count()).toBe(4);
    expect(cache.faxes.detail('9007199254740992')?.subject).toBe('first');
    expect(cache.faxes.detail('9007199254740993')?.subject).toBe('second');
    // Same time: newest id first, as numbers (a longer id is larger).
    expect(cache.faxes.list({ direction: 'outbound', offset: 0, limit: 10 }).items.map((item) => item.id)).toEqual(['18446744073709551617', '9007199254740993', '9007199254740992', '99']);
    cache.handling.mark(['9007199254740993'], 1000);
    expect(cache.handling.get('9007199254740992').handledAt).toBeNull();
    expect(cache.handling.get('9007199254740993').handledAt).toBe(1000);
  });

  it('a cache from before (v8, ids as integers) is carried over: the same faxes, marks, links and journal, ids as digits', () => {
    const { dir, keyHex, raw } = oldCacheFile(8);
    const insert = raw.prepare(
      "INSERT INTO faxes (id, reference, direction, status, status_group, created_at, created_ms, recipients, recipient_count, search, synced_ms) VALUES (?, ?, ?, 'received', 'received', '2026-01-01T00:00:00Z', ?, '[]', 0, '', 0)",
    );
    insert.run(7, 'FX-7', 'inbound', 1000);
    insert.run(12, 'FX-12', 'inbound', 1000);
    insert.run(30, 'FX-30', 'outbound', 2000);
    raw.prepare('INSERT INTO fax_handling (fax_id, handled_ms, note) VALUES (7, 5, ?)').run('called back');
    raw.prepare("INSERT INTO reply_links (inbound_id, outbound_id, how) VALUES (12, 30, 'manual')").run();
    raw.prepare("INSERT INTO rule_actions (fax_id, rule_id, action, state, created_ms) VALUES (12, 'save', 'save', 'pending', 1)").run();
    raw.prepare("INSERT INTO audit (at, action, fax_id) VALUES ('2026-01-01T00:00:00Z', 'view', 12)").run();
    raw.prepare('INSERT INTO pdf_files (fax_id, file, size, last_access_ms) VALUES (30, ?, 10, 1)').run('x.sealed');
    raw.close();
    const upgraded = cacheAt(dir, keyHex);
    expect(upgraded.schemaVersion()).toBe(migrations.length);
    expect(upgraded.faxes.list({ direction: 'inbound', offset: 0, limit: 10 }).items.map((item) => item.id)).toEqual(['12', '7']);
    expect(upgraded.handling.get('7')).toEqual({ handledAt: 5, note: 'called back' });
    expect(upgraded.replies.repliesTo(['12']).get('12')).toEqual({ id: '30', reference: 'FX-30' });
    expect(upgraded.ruleActions.forFax('12')).toEqual([expect.objectContaining({ faxId: '12', ruleId: 'save', state: 'pending' })]);
    expect(upgraded.audit.entries()).toEqual([expect.objectContaining({ action: 'view', faxId: '12' })]);
    expect(upgraded.pdfFiles.fileOf('30')).toBe('x.sealed');
    // The audit log is still append-only after the carry-over.
    const db = openRawCache(dir, keyHex);
    expect(() => db.prepare('DELETE FROM audit').run()).toThrow('append-only');
    db.close();
  });
});

describe('audit log', () => {
  it('records actions without PHI and refuses updates and deletes', () => {
    const dir = tempDir();
    const cache = cacheAt(dir);
    cache.audit.record('view', { faxId: '7' });
    cache.audit.record('send', { faxId: '8', submissionId: 's-1' });
    expect(cache.audit.entries()).toEqual([
      expect.objectContaining({ seq: 1, action: 'view', faxId: '7', submissionId: null }),
      expect.objectContaining({ seq: 2, action: 'send', faxId: '8', submissionId: 's-1' }),
    ]);
    // Even with the database itself in hand (the app's code never has it), rows cannot be changed.
    cache.close();
    open.splice(open.indexOf(cache), 1);
    const db = openCacheDatabase(dir, 'aa'.repeat(32), createLogger({ sinks: [] }));
    expect(() => db.prepare("UPDATE audit SET action = 'nothing'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit').run()).toThrow(/append-only/);
    expect((db.prepare('SELECT COUNT(*) AS n FROM audit').get() as { n: number }).n).toBe(2);
    db.close();
  });
});
