/**
 * What recognition read on each fax, kept in the encrypted cache (it is PHI): how far each fax has been read (so
 * reading resumes at the next page after a restart), each page's words with their boxes and confidence, and a
 * full-text index (FTS5) the lists search by words, dates and numbers — and by ids a misread space split, indexed
 * joined in a second column (`split-ids.ts`).
 */
import type { CacheDb } from './cache-database';
import { spellingVariants } from './spelling-variants';
import type { FaxId } from '../../../preload/fax-id';
import type { FaxDirection, TextHit, TextPageHits } from '../../../preload/models';
import type { RecognizedPage, RecognizedWord } from '../recognized-text';
import { startNearHit } from './text-excerpts';
import { joinedId, joinedIds, onOneLine, splitIdExcerpt } from './split-ids';

export interface FaxToRead {
  faxId: FaxId;
  direction: FaxDirection;
  /** 1-based. */
  nextPage: number;
}

export interface FaxTextState {
  pageCount: number | null;
  pagesRead: number;
  done: boolean;
  failure: string | null;
  /** The lowest confidence of a page with text (0–100), null before any. */
  minConfidence: number | null;
}

export interface FaxTextRepository {
  /** The newest fax of these directions not read to its end nor given up on. */
  nextToRead(directions: readonly FaxDirection[]): FaxToRead | null;
  /** Stores one page read (in one transaction with the progress); the last page marks the fax done. */
  savePage(faxId: FaxId, pageCount: number, page: RecognizedPage): void;
  /** A try that failed; after `maxAttempts`, or at once when `final`, the fax is not tried again. */
  failed(faxId: FaxId, reason: string, options: { final: boolean; maxAttempts: number }): void;
  state(faxId: FaxId): FaxTextState | null;
  /** Whether any recognized text matches the search (lists use the plain search when none does). */
  anyMatch(search: string): boolean;
  /** The SQL that selects the ids of faxes whose text has every word (on any of its pages), and its arguments. */
  matchClause(search: string): { sql: string; args: string[] } | null;
  /** For these faxes, the first page whose text matches and a short excerpt around the match. */
  firstHits(search: string, faxIds: readonly FaxId[]): Map<FaxId, TextHit>;
  /** The words on each page of the fax that the search matches, with their boxes (for the preview's highlights). */
  pageHits(faxId: FaxId, search: string): TextPageHits[];
  /** The fax's recognized text, page by page (for a searchable copy). */
  pages(faxId: FaxId): Array<{ page: number; words: RecognizedWord[] }>;
  counts(): { read: number; failed: number };
  /** Forgets every fax's recognized text, index and progress (the user asked); returns how many faxes had any. */
  forgetAll(): number;
  /**
   * Whether the fax's text contains every word (as the lists' search reads them): not read yet; found, each word
   * somewhere read with at least `sure` confidence; found only where the reading was unsure; absent, the pages read
   * surely; absent, but a page was read unsurely (a word may have been missed).
   */
  contentMatch(faxId: FaxId, words: string, sure: number): 'unread' | 'found' | 'found_unsure' | 'absent' | 'absent_unsure';
}

/** Marks the excerpt's matched words (characters no recognized text contains; the window shows them as highlights). */
export const hitStart = '\u0002';
export const hitEnd = '\u0003';

/** The search's words, as the index splits text: letters and digits, diacritics folded, lower case. */
export function searchTerms(search: string): string[] {
  return (
    search
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 16);
}

/**
 * What the user typed as FTS5 queries, one per word, each a prefix ("joh" finds "Johnson"); a date or number typed
 * with separators ("03/14/1961") becomes a phrase of its parts, so it matches only in that order. A fax matches
 * when each of them matches one of its pages (a name on the cover, a date on page 2).
 */
export function ftsWords(search: string): string[] {
  return termGroups(search).map((group) => {
    const phrases = group.map((terms) => `"${terms.join(' ')}"*`);
    return phrases.length === 1 ? (phrases[0] ?? '') : `(${phrases.join(' OR ')})`;
  });
}

/** Each word typed, as the ways it may be written (ß/ss, ö/oe…), each of those as the index's terms. */
function termGroups(search: string): string[][][] {
  return search
    .toLowerCase()
    .split(/\s+/)
    .map((group) => {
      const ways = new Map<string, string[]>();
      for (const variant of spellingVariants(group)) {
        const terms = searchTerms(variant);
        if (terms.length > 0) ways.set(terms.join(' '), terms);
      }
      return [...ways.values()];
    })
    .filter((ways) => ways.length > 0)
    .slice(0, 16);
}

/** The words typed, each as the terms any of its spellings begins a word with. */
function alternativeTerms(search: string): string[][] {
  return termGroups(search).flatMap((ways) => {
    const longest = Math.max(...ways.map((terms) => terms.length));
    return Array.from({ length: longest }, (_, index) => [...new Set(ways.flatMap((terms) => (terms[index] === undefined ? [] : [terms[index]])))]);
  });
}

/** One query that matches a page with any of the words (for the excerpt of the first page that has one). */
export function ftsQuery(search: string): string | null {
  const words = ftsWords(search);
  return words.length === 0 ? null : words.join(' OR ');
}

/** The ids of the faxes with every word, each on some page (and only among `faxId` when the SQL adds it). */
function everyWordSql(count: number, oneFax: boolean): string {
  return Array.from({ length: count }, () => `SELECT p.fax_id FROM fax_text JOIN fax_text_pages p ON p.id = fax_text.rowid WHERE fax_text MATCH ?${oneFax ? ' AND p.fax_id = ?' : ''}`).join(' INTERSECT ');
}

function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export function createFaxTextRepository(db: CacheDb): FaxTextRepository {
  const pageId = db.prepare<[FaxId, number], { id: number }>('SELECT id FROM fax_text_pages WHERE fax_id = ? AND page = ?');
  const insertPage = db.prepare('INSERT INTO fax_text_pages (fax_id, page, outcome, confidence, words) VALUES (?, ?, ?, ?, ?)');
  const updatePage = db.prepare('UPDATE fax_text_pages SET outcome = ?, confidence = ?, words = ? WHERE id = ?');
  const deleteIndexed = db.prepare('DELETE FROM fax_text WHERE rowid = ?');
  const insertIndexed = db.prepare('INSERT INTO fax_text (rowid, text, joined) VALUES (?, ?, ?)');
  const indexedText = db.prepare<[number], { text: string }>('SELECT text FROM fax_text WHERE rowid = ?');
  const progress = db.prepare(`
    INSERT INTO fax_text_state (fax_id, page_count, next_page, done, min_confidence) VALUES (@fax_id, @page_count, @next_page, @done, @confidence)
    ON CONFLICT(fax_id) DO UPDATE SET page_count = excluded.page_count, next_page = MAX(next_page, excluded.next_page), done = MAX(done, excluded.done),
      min_confidence = CASE WHEN excluded.min_confidence IS NULL THEN min_confidence WHEN min_confidence IS NULL THEN excluded.min_confidence ELSE MIN(min_confidence, excluded.min_confidence) END`);
  const failure = db.prepare(`
    INSERT INTO fax_text_state (fax_id, attempts, failure) VALUES (@fax_id, 1, CASE WHEN @final = 1 OR 1 >= @max THEN @reason ELSE NULL END)
    ON CONFLICT(fax_id) DO UPDATE SET attempts = attempts + 1, failure = CASE WHEN @final = 1 OR attempts + 1 >= @max THEN @reason ELSE NULL END`);
  const stateOf = db.prepare<[FaxId], { page_count: number | null; next_page: number; done: number; failure: string | null; min_confidence: number | null }>(
    'SELECT page_count, next_page, done, failure, min_confidence FROM fax_text_state WHERE fax_id = ?',
  );
  const pagesOf = db.prepare<[FaxId], { page: number; words: string }>("SELECT page, words FROM fax_text_pages WHERE fax_id = ? AND outcome = 'text' ORDER BY page");
  const counts = db.prepare<[], { read: number; failed: number }>('SELECT COALESCE(SUM(done), 0) AS read, COUNT(failure) AS failed FROM fax_text_state');

  return {
    nextToRead(directions) {
      if (directions.length === 0) return null;
      const row = db
        .prepare<unknown[], { id: FaxId; direction: FaxDirection; next_page: number | null }>(
          `SELECT f.id, f.direction, s.next_page FROM faxes f INDEXED BY faxes_by_time LEFT JOIN fax_text_state s ON s.fax_id = f.id
           WHERE f.direction IN (${directions.map(() => '?').join(', ')}) AND f.origin = 'server' AND f.status_group IN ('received', 'delivered', 'partial')
             AND (s.fax_id IS NULL OR (s.done = 0 AND s.failure IS NULL))
           ORDER BY f.created_ms DESC, length(f.id) DESC, f.id DESC LIMIT 1`,
        )
        .get(...directions);
      return row ? { faxId: row.id, direction: row.direction, nextPage: row.next_page ?? 1 } : null;
    },

    savePage(faxId, pageCount, page) {
      db.transaction(() => {
        const words = JSON.stringify(page.words);
        const existing = pageId.get(faxId, page.page)?.id;
        let id: number;
        if (existing === undefined) {
          id = Number(insertPage.run(faxId, page.page, page.outcome, page.confidence, words).lastInsertRowid);
        } else {
          id = existing;
          updatePage.run(page.outcome, page.confidence, words, id);
          deleteIndexed.run(id);
        }
        if (page.text !== '') insertIndexed.run(id, page.text, joinedIds(page.text));
        progress.run({ fax_id: faxId, page_count: pageCount, next_page: page.page + 1, done: page.page >= pageCount ? 1 : 0, confidence: page.outcome === 'text' ? page.confidence : null });
      })();
    },

    failed(faxId, reason, options) {
      failure.run({ fax_id: faxId, reason, final: options.final ? 1 : 0, max: options.maxAttempts });
    },

    state(faxId) {
      const row = stateOf.get(faxId);
      if (!row) return null;
      return { pageCount: row.page_count, pagesRead: row.next_page - 1, done: row.done === 1, failure: row.failure, minConfidence: row.min_confidence };
    },

    anyMatch(search) {
      const words = ftsWords(search);
      return words.length > 0 && db.prepare<string[], { fax_id: FaxId }>(`${everyWordSql(words.length, false)} LIMIT 1`).get(...words) !== undefined;
    },

    matchClause(search) {
      const words = ftsWords(search);
      return words.length === 0 ? null : { sql: everyWordSql(words.length, false), args: words };
    },

    firstHits(search, faxIds) {
      const query = ftsQuery(search);
      const hits = new Map<FaxId, TextHit>();
      if (query === null || faxIds.length === 0) return hits;
      const rows = db
        .prepare<unknown[], { fax_id: FaxId; page: number; excerpt: string; id: number }>(
          `SELECT p.fax_id, p.page, snippet(fax_text, 0, '${hitStart}', '${hitEnd}', '…', 10) AS excerpt, p.id FROM fax_text JOIN fax_text_pages p ON p.id = fax_text.rowid
           WHERE fax_text MATCH ? AND p.fax_id IN (${faxIds.map(() => '?').join(', ')}) ORDER BY p.fax_id, p.page`,
        )
        .all(query, ...faxIds);
      const terms = alternativeTerms(search).flat();
      for (const row of rows) {
        if (hits.has(row.fax_id)) continue;
        // Matched only through a split id's joined column: the words around its two halves (the page's text read
        // for this row alone).
        const text = row.excerpt.includes(hitStart) ? null : (indexedText.get(row.id)?.text ?? null);
        const excerpt = (text !== null && splitIdExcerpt(text, terms, { start: hitStart, end: hitEnd })) || row.excerpt;
        hits.set(row.fax_id, { page: row.page, excerpt: startNearHit(excerpt.replace(/\s+/g, ' '), hitStart) });
      }
      return hits;
    },

    pageHits(faxId, search) {
      const terms = alternativeTerms(search);
      if (terms.length === 0) return [];
      const result: TextPageHits[] = [];
      // Which of the words typed were found (by any of their spellings).
      const termsFound = new Set<number>();
      const matching = (text: string): number[] => terms.flatMap((ways, index) => (ways.some((term) => text.startsWith(term)) ? [index] : []));
      for (const row of pagesOf.all(faxId)) {
        const words = JSON.parse(row.words) as RecognizedWord[];
        const hit = words.map((word) => {
          const found = (folded(word.text).match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(matching);
          for (const term of found) termsFound.add(term);
          return found.length > 0;
        });
        // An id split by a misread space: both halves are the match.
        words.forEach((word, index) => {
          const next = words[index + 1];
          if (!next || !onOneLine(word, next)) return;
          const joined = joinedId(word.text, next.text);
          const found = joined === null ? [] : matching(joined);
          for (const term of found) termsFound.add(term);
          if (found.length > 0) hit[index] = hit[index + 1] = true;
        });
        const boxes = words.filter((_, index) => hit[index]).map((word) => word.box);
        if (boxes.length > 0) result.push({ page: row.page, boxes });
      }
      // As in the list, a fax matches when every word is on one of its pages: a fax that says only some of them
      // (still open after a search that leaves it out) marks nothing rather than claim the search words are there.
      return termsFound.size === terms.length ? result : [];
    },

    pages(faxId) {
      return pagesOf.all(faxId).map((row) => ({ page: row.page, words: JSON.parse(row.words) as RecognizedWord[] }));
    },

    counts() {
      return counts.get() ?? { read: 0, failed: 0 };
    },

    forgetAll() {
      return db.transaction(() => {
        const had = (db.prepare('SELECT COUNT(*) AS count FROM fax_text_state').get() as { count: number }).count;
        // What intake read from the text, and the words the office's kind model learned from, go with it.
        db.exec('DELETE FROM fax_text; DELETE FROM fax_text_pages; DELETE FROM fax_text_state; DELETE FROM fax_intake; DELETE FROM intake_examples;');
        return had;
      })();
    },

    contentMatch(faxId, words, sure) {
      const state = stateOf.get(faxId);
      if (!state || state.done === 0) return 'unread';
      const queries = ftsWords(words);
      const terms = alternativeTerms(words);
      if (queries.length === 0 || terms.length === 0) return 'found';
      const indexed = db.prepare<string[], { fax_id: FaxId }>(everyWordSql(queries.length, true)).get(...queries.flatMap((query) => [query, faxId]));
      const unsurePages = state.min_confidence !== null && state.min_confidence < sure;
      if (!indexed) return unsurePages ? 'absent_unsure' : 'absent';
      // Each word must be read surely somewhere: a match made only of unsure readings does not count alone.
      const words_ = pagesOf.all(faxId).flatMap((row) => JSON.parse(row.words) as RecognizedWord[]);
      const surelyRead = terms.every((ways) => words_.some((word) => word.confidence >= sure && (folded(word.text).match(/[\p{L}\p{N}]+/gu) ?? []).some((part) => ways.some((term) => part.startsWith(term)))));
      return surelyRead ? 'found' : 'found_unsure';
    },
  };
}
