import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaxRecord } from '../../../main/api/read/fax-reader';
import { createLogger } from '../../../main/log/logger';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import { ftsQuery, ftsWords, hitEnd, hitStart, searchTerms } from '../../../main/store/cache/fax-text-repository';
import { splitIdExcerpt } from '../../../main/store/cache/split-ids';
import { spellingVariants } from '../../../main/store/cache/spelling-variants';
import type { RecognizedPage } from '../../../main/ocr/recognition-protocol';

const open: Cache[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const cache of open.splice(0)) cache.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function newCache(): Cache {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-text-'));
  dirs.push(dir);
  const cache = openCache(dir, 'bb'.repeat(32), createLogger({ sinks: [] }));
  open.push(cache);
  return cache;
}

function received(id: number, overrides: Partial<FaxRecord> = {}): FaxRecord {
  const createdAt = new Date(Date.parse('2026-03-01T10:00:00Z') + id * 60_000).toISOString();
  return {
    id: String(id),
    reference: `FX-${String(id)}`,
    direction: 'inbound',
    status: 'received',
    pages: 2,
    createdAt,
    createdMs: Date.parse(createdAt),
    to: '+14155550100',
    from: '+14155550199',
    subject: null,
    senderName: null,
    cost: null,
    providerError: null,
    recipients: [],
    ...overrides,
  };
}

function page(number: number, text: string, confidence = 90): RecognizedPage {
  const words = text.split(/\s+/).filter(Boolean).map((word, index) => ({ text: word, confidence, box: [(10 + index * 5) / 100, 0.2, (14 + index * 5) / 100, 0.22] as [number, number, number, number] }));
  return { page: number, text, confidence, words, outcome: text ? 'text' : 'blank' };
}

describe('search words', () => {
  it('folds case and diacritics and splits dates into ordered parts', () => {
    expect(searchTerms('Müller, JÜRGEN')).toEqual(['muller', 'jurgen']);
    expect(ftsWords('doe 03/14/1961')).toEqual(['"doe"*', '"03 14 1961"*']);
    expect(ftsQuery('doe 03/14/1961')).toBe('"doe"* OR "03 14 1961"*');
    expect(ftsQuery('  ')).toBeNull();
    expect(ftsWords('"; DROP TABLE faxes; --')).toEqual(['"drop"*', '"table"*', '"faxes"*']);
  });

  it('never builds a query the index refuses, whatever is typed', () => {
    const cache = newCache();
    cache.faxes.upsertMany([received(1)], { markNewInboundUnread: false });
    cache.faxText.savePage('1', 1, page(1, 'Jane Doe 03/14/1961'));
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        expect(() => cache.faxes.list({ direction: 'inbound', search: typed, offset: 0, limit: 50 })).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('German spellings (ß and ss, ä/ö/ü and ae/oe/ue)', () => {
  /** One form for every way of writing the same word. */
  const canonical = (text: string): string => text.replaceAll('ß', 'ss').replaceAll('ä', 'ae').replaceAll('ö', 'oe').replaceAll('ü', 'ue');

  it('each search is also spelled the other way, the way typed first, never more than 16 ways, and nothing else changes', () => {
    expect(spellingVariants('weiß')).toEqual(['weiß', 'weiss']);
    expect(spellingVariants('joerg')).toEqual(['joerg', 'jörg']);
    expect(spellingVariants('müller-lüdenscheidt')).toHaveLength(4);
    expect(spellingVariants('smith')).toEqual(['smith']);
    // At a word's end a digraph is just letters.
    expect(spellingVariants('doe')).toEqual(['doe']);
    expect(spellingVariants('poe mueller')).toEqual(['poe mueller', 'poe müller']);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'e', 'o', 'u', 's', 'ä', 'ö', 'ü', 'ß', 'x', ' '), { maxLength: 24 }).map((letters) => letters.join('')), (typed) => {
        const variants = spellingVariants(typed);
        expect(variants[0]).toBe(typed);
        expect(new Set(variants).size).toBe(variants.length);
        expect(variants.length).toBeLessThanOrEqual(16);
        for (const variant of variants) expect(canonical(variant)).toBe(canonical(typed));
      }),
      { numRuns: 500, seed: 5_700 },
    );
  });

  it('"Weiss" and "Joerg" find Jörg Weiß by the sender\'s name and by what the fax says; "Jörg Weiß" finds a page that says Joerg Weiss', () => {
    const cache = newCache();
    cache.faxes.upsertMany([received(1, { senderName: 'Jörg Weiß' }), received(2), received(3), received(4)], { markNewInboundUnread: false });
    cache.faxText.savePage('2', 1, page(1, 'Patient: Jörg Weiß geb. 03.04.1980'));
    cache.faxText.savePage('3', 1, page(1, 'Patient: Joerg Weiss'));
    cache.faxText.savePage('4', 1, page(1, 'Patient: Jan Weis'));
    const found = (search: string): string[] => cache.faxes.list({ direction: 'inbound', search, offset: 0, limit: 50 }).items.map((item) => item.id).sort();
    // Weis, another name, is not swept in.
    expect(found('Weiss')).toEqual(['1', '2', '3']);
    expect(found('Joerg')).toEqual(['1', '2', '3']);
    expect(found('jörg weiß')).toEqual(['1', '2', '3']);
    expect(found('Weiß')).toEqual(['1', '2', '3']);
    expect(cache.faxText.pageHits('2', 'weiss joerg')).toHaveLength(1);
    expect(cache.faxText.pageHits('3', 'Weiß')).toHaveLength(1);
    cache.directory.saveContacts([{ id: 'c1', name: 'Dr. Müller', faxNumber: '+14155550199', faxNumbers: [{ number: '+14155550199', label: null }], company: 'Straße 1', email: null }], { replaceAll: true, firstPosition: 0 });
    expect(cache.directory.contacts({ q: 'mueller', offset: 0, limit: 10 }).items.map((contact) => contact.id)).toEqual(['c1']);
    expect(cache.directory.contacts({ q: 'Strasse', offset: 0, limit: 10 }).items.map((contact) => contact.id)).toEqual(['c1']);
  });
});

describe('recognized text in the cache', () => {
  it('reads newest first, resumes at the next page, and is done at the last', () => {
    const cache = newCache();
    cache.faxes.upsertMany([received(1), received(2), received(3, { status: 'receiving' }), received(4, { direction: 'outbound', status: 'delivered' })], { markNewInboundUnread: false });
    // The one still arriving is not read; the outbound one only when sent faxes are read too.
    expect(cache.faxText.nextToRead(['inbound'])).toEqual({ faxId: '2', direction: 'inbound', nextPage: 1 });
    expect(cache.faxText.nextToRead(['inbound', 'outbound'])?.faxId).toBe('4');
    cache.faxText.savePage('2', 2, page(1, 'first page'));
    expect(cache.faxText.nextToRead(['inbound'])).toEqual({ faxId: '2', direction: 'inbound', nextPage: 2 });
    cache.faxText.savePage('2', 2, page(2, 'second page'));
    expect(cache.faxText.state('2')).toMatchObject({ pageCount: 2, pagesRead: 2, done: true });
    expect(cache.faxText.nextToRead(['inbound'])?.faxId).toBe('1');
  });

  it('gives up on a fax after its tries, at once when the failure is final, and counts both', () => {
    const cache = newCache();
    cache.faxes.upsertMany([received(1), received(2)], { markNewInboundUnread: false });
    cache.faxText.failed('2', 'recognizer', { final: false, maxAttempts: 2 });
    expect(cache.faxText.nextToRead(['inbound'])?.faxId).toBe('2');
    cache.faxText.failed('2', 'recognizer', { final: false, maxAttempts: 2 });
    expect(cache.faxText.nextToRead(['inbound'])?.faxId).toBe('1');
    cache.faxText.failed('1', 'password', { final: true, maxAttempts: 3 });
    expect(cache.faxText.nextToRead(['inbound'])).toBeNull();
    expect(cache.faxText.counts()).toEqual({ read: 0, failed: 2 });
  });

  it('finds a fax by words and dates in its text, says on which page, and still finds by details', () => {
    const cache = newCache();
    cache.faxes.upsertMany([received(1, { subject: 'Referral' }), received(2), received(3)], { markNewInboundUnread: false });
    cache.faxText.savePage('2', 2, page(1, 'Cover sheet'));
    cache.faxText.savePage('2', 2, page(2, 'Lab result for Doe, born 03/14/1961'));
    cache.faxText.savePage('3', 1, page(1, 'Doe family 1962'));
    const found = cache.faxes.list({ direction: 'inbound', search: 'doe 03/14/1961', offset: 0, limit: 50 });
    expect(found.items.map((item) => item.id)).toEqual(['2']);
    expect(found.total).toBe(1);
    expect(found.items[0]?.textHit?.page).toBe(2);
    expect(found.items[0]?.textHit?.excerpt).toContain(`${hitStart}Doe${hitEnd}`);
    // A date in another order is not the same date.
    expect(cache.faxes.list({ direction: 'inbound', search: '1961/03/14', offset: 0, limit: 50 }).total).toBe(0);
    // Prefixes, and both kinds of match in one list.
    expect(cache.faxes.list({ direction: 'inbound', search: 'Do', offset: 0, limit: 50 }).items.map((item) => item.id)).toEqual(['3', '2']);
    const mixed = cache.faxes.list({ direction: 'inbound', search: 'referral', offset: 0, limit: 50 });
    expect(mixed.items.map((item) => item.id)).toEqual(['1']);
    expect(mixed.items[0]?.textHit).toBeUndefined();
    // The preview's highlights: the matching words' boxes on their page.
    expect(cache.faxText.pageHits('2', 'doe 1961')).toEqual([{ page: 2, boxes: [[0.25, 0.2, 0.29, 0.22], [0.35, 0.2, 0.39, 0.22]] }]);
    // A word typed twice, and a date whose parts repeat, still need only each word once.
    expect(cache.faxText.pageHits('2', 'doe doe')).toHaveLength(1);
    cache.faxText.savePage('3', 1, page(1, 'Doe family 01/01/1962'));
    expect(cache.faxText.pageHits('3', '01/01/1962')).toHaveLength(1);
    // A fax that says only some of the words (open in the detail after a search that leaves it out) marks none:
    // "Doe" is on fax 3, "1961" is not.
    expect(cache.faxes.list({ direction: 'inbound', search: 'doe 1961', offset: 0, limit: 50 }).items.map((item) => item.id)).toEqual(['2']);
    expect(cache.faxText.pageHits('3', 'doe 1961')).toEqual([]);
    expect(cache.faxText.pageHits('3', 'doe')).toHaveLength(1);
  });

  it('a row\'s excerpt starts just before the match, even on a short page whose match is at its end', () => {
    const cache = newCache();
    cache.faxes.upsertMany([received(1)], { markNewInboundUnread: false });
    cache.faxText.savePage('1', 1, page(1, 'Befund für Müller, Jürgen Geburtsdatum: 21.09.1958 Versichertennummer: A123456789'));
    const found = cache.faxes.list({ direction: 'inbound', search: 'A1234', offset: 0, limit: 50 });
    expect(found.items[0]?.textHit?.excerpt).toBe(`…${hitStart}A123456789${hitEnd}`);
    expect(cache.faxes.list({ direction: 'inbound', search: '1958', offset: 0, limit: 50 }).items[0]?.textHit?.excerpt).toBe(`…21.09.${hitStart}1958${hitEnd} Versichertennummer: A123456789`);
  });

  it('finds a fax whose words are on different pages (a name on the cover, the date inside)', () => {
    const cache = newCache();
    cache.faxes.upsertMany([received(1), received(2)], { markNewInboundUnread: false });
    cache.faxText.savePage('1', 2, page(1, 'Cover for Jane Doe'));
    cache.faxText.savePage('1', 2, page(2, 'Born 03/14/1961'));
    cache.faxText.savePage('2', 1, page(1, 'Jane Doe'));
    const found = cache.faxes.list({ direction: 'inbound', search: 'doe 03/14/1961', offset: 0, limit: 50 });
    expect(found.items.map((item) => item.id)).toEqual(['1']);
    expect(found.items[0]?.textHit?.page).toBe(1);
  });

  it('a page read again replaces its text in the index', () => {
    const cache = newCache();
    cache.faxes.upsertMany([received(1)], { markNewInboundUnread: false });
    cache.faxText.savePage('1', 1, page(1, 'Smith'));
    cache.faxText.savePage('1', 1, page(1, 'Jones'));
    expect(cache.faxes.list({ direction: 'inbound', search: 'smith', offset: 0, limit: 50 }).total).toBe(0);
    expect(cache.faxes.list({ direction: 'inbound', search: 'jones', offset: 0, limit: 50 }).total).toBe(1);
  });

  it('keeps the lowest confidence of the pages with text (blank pages do not count)', () => {
    const cache = newCache();
    cache.faxes.upsertMany([received(1, { pages: 3 })], { markNewInboundUnread: false });
    cache.faxText.savePage('1', 3, page(1, 'clear words', 92));
    cache.faxText.savePage('1', 3, page(2, '', 0));
    cache.faxText.savePage('1', 3, page(3, 'smudged words', 41));
    expect(cache.faxText.state('1')).toMatchObject({ done: true, minConfidence: 41 });
  });

  it('an id a misread space split is found whole, both halves highlighted; a rule met only so is unsure', () => {
    const cache = newCache();
    cache.faxes.upsertMany([received(1), received(2), received(3)], { markNewInboundUnread: false });
    // Two lines: the id split on the first; on fax 2 the halves are on two lines; on fax 3 a slash was misread in.
    const lines = (faxPage: number, rows: string[][]): RecognizedPage => {
      const words = rows.flatMap((row, line) => row.map((text, index) => ({ text, confidence: 95, box: [0.1 + index * 0.1, 0.1 + line * 0.05, 0.18 + index * 0.1, 0.13 + line * 0.05] as [number, number, number, number] })));
      return { page: faxPage, text: rows.map((row) => row.join(' ')).join('\n'), confidence: 95, words, outcome: 'text' };
    };
    cache.faxText.savePage('1', 1, lines(1, [['Insurance', 'ID:', 'XJ447', '1920'], ['MRN', '88412-7']]));
    cache.faxText.savePage('2', 1, lines(1, [['Insurance', 'XJ447'], ['1920', 'Main', 'Street']]));
    cache.faxText.savePage('3', 1, lines(1, [['ID', 'XJ44', '7/1920']]));
    const found = cache.faxes.list({ direction: 'inbound', search: 'XJ4471920', offset: 0, limit: 50 });
    expect(found.items.map((item) => item.id)).toEqual(['1']);
    expect(found.items[0]?.textHit).toEqual({ page: 1, excerpt: `…ID: ${hitStart}XJ447 1920${hitEnd}` });
    const hits = cache.faxText.pageHits('1', 'xj4471920');
    expect(hits.map((hit) => ({ page: hit.page, boxes: hit.boxes.map((box) => box.map((share) => Math.round(share * 100))) }))).toEqual([{ page: 1, boxes: [[30, 10, 38, 13], [40, 10, 48, 13]] }]);
    expect(cache.faxText.pageHits('2', 'xj4471920')).toEqual([]);
    // Each half is still found as itself, and a search for the start of the id finds the join too.
    expect(cache.faxes.list({ direction: 'inbound', search: 'xj447', offset: 0, limit: 50 }).items.map((item) => item.id)).toEqual(['2', '1']);
    expect(cache.faxes.list({ direction: 'inbound', search: 'xj44719', offset: 0, limit: 50 }).items.map((item) => item.id)).toEqual(['1']);
    // Read surely, but joined by a guess: a rule's content condition asks for a check by hand.
    expect(cache.faxText.contentMatch('1', 'XJ4471920', 80)).toBe('found_unsure');
    expect(cache.faxText.contentMatch('1', 'XJ447', 80)).toBe('found');
    expect(cache.faxText.contentMatch('2', 'XJ4471920', 80)).toBe('absent');
  });

  it('any id split anywhere among other words is found whole (random ids, splits and neighbours)', () => {
    const cache = newCache();
    let next = 1;
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{0,3}[0-9]{6,9}$/),
        fc.nat(),
        fc.array(fc.stringMatching(/^[A-Za-z]{2,8}$/), { maxLength: 4 }),
        fc.array(fc.stringMatching(/^[A-Za-z]{2,8}$/), { maxLength: 4 }),
        (id, at, before, after) => {
          const cut = 1 + (at % (id.length - 1));
          const faxId = next;
          next += 1;
          cache.faxes.upsertMany([received(faxId)], { markNewInboundUnread: false });
          cache.faxText.savePage(String(faxId), 1, page(1, [...before, id.slice(0, cut), id.slice(cut), ...after].join(' ')));
          const found = cache.faxes.list({ direction: 'inbound', search: id, offset: 0, limit: 100 }).items.map((item) => item.id);
          expect(found).toContain(String(faxId));
          expect(cache.faxText.pageHits(String(faxId), id)[0]?.boxes.length).toBeGreaterThanOrEqual(2);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('the preview marks words in a fax exactly when the list finds it by its text (random pages and searches)', () => {
    const cache = newCache();
    const pool = ['Müller', 'muller', 'Jürgen', 'Doe', 'Dorn', 'XJ447', '1920', '4471', 'Größe', 'A1c', 'lab', 'label', 'Straße', 'x-ray', '88412-7'];
    const word = fc.constantFrom(...pool);
    let next = 1;
    fc.assert(
      fc.property(
        fc.array(fc.array(word, { maxLength: 6 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(word, fc.nat({ max: 4 })), { minLength: 1, maxLength: 3 }),
        (pages, typed) => {
          const faxId = String(next);
          next += 1;
          cache.faxes.upsertMany([received(Number(faxId))], { markNewInboundUnread: false });
          pages.forEach((words, index) => cache.faxText.savePage(faxId, pages.length, page(index + 1, words.join(' '))));
          // Each typed word is a word of the pool or its start (a prefix search).
          const search = typed.map(([typedWord, cut]) => typedWord.slice(0, Math.max(1, typedWord.length - cut))).join(' ');
          const listed = cache.faxes.list({ direction: 'inbound', search, offset: 0, limit: 100 }).items.find((item) => item.id === faxId);
          const marked = cache.faxText.pageHits(faxId, search);
          expect(marked.length > 0, `search "${search}" in ${JSON.stringify(pages)}`).toBe(listed?.textHit !== undefined);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the excerpt of a split id: a few words each side of its two halves, marked; none when no term starts it', () => {
    const marks = { start: '[', end: ']' };
    const text = 'one two three four five six seven Insurance ID: XJ447 1920 alpha beta gamma delta epsilon zeta eta\nsecond line';
    expect(splitIdExcerpt(text, ['xj4471'], marks)).toBe('… five six seven Insurance ID: [XJ447 1920] alpha beta gamma delta epsilon …');
    expect(splitIdExcerpt('XJ447 1920', ['xj447192'], marks)).toBe('[XJ447 1920]');
    expect(splitIdExcerpt(text, ['xj9'], marks)).toBeNull();
    expect(splitIdExcerpt('XJ447\n1920', ['xj4471920'], marks)).toBeNull();
  });
});
