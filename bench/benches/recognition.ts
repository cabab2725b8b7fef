/**
 * Reading faxes on this computer (issue 27): the real recognition process (forked, low priority) on generated
 * fax-quality pages with known text — a referral, a lab table, a records request and a German report, each at fine (204 × 196) and
 * standard (204 × 98) resolution, in a sans, a serif and a monospaced face, straight or a little crooked, with
 * line-noise specks (the pages are drawn with @napi-rs/canvas: its rasterizer shapes them) — timed page by page as the app asks
 * (drawing, preparing and reading), with main's event-loop delay watched meanwhile; the character error rate and
 * the share of names, dates and ids read exactly; the recognition process's memory after 300 pages ÷ after 30;
 * and a content search over 50,000 faxes' recognized text in the encrypted cache.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLogger } from '../../main/log/logger';
import { startBenchRecognizer } from '../lib/bench-recognizer';
import { openCacheDatabase } from '../../main/store/cache/cache-database';
import { createFaxRepository } from '../../main/store/cache/fax-repository';
import { createFaxTextRepository } from '../../main/store/cache/fax-text-repository';
import { faxPdf, type FaxPageSpec, type FaxResolution, type PageFont } from '../../test/helpers/fax-pages';
import type { RecognizedPage } from '../../main/store/recognized-text';
import { fakeFaxes } from '../lib/fake-faxes';
import { atMost, info, timing, type Benchmark, type Metric } from '../lib/metric';

interface KnownPage {
  name: string;
  lines: string[];
  /** Names, dates and ids that must come out exactly. */
  keys: string[];
}

const documents: KnownPage[] = [
  {
    name: 'referral',
    lines: ['REFERRAL FOR CONSULTATION', 'Patient: Jane Doe   DOB: 03/14/1961', 'MRN: 88412-7   Insurance ID: XJ4471920', 'Referring physician: Dr. Alan Smith', 'Reason: persistent cough, chest x-ray attached.', 'Please schedule within 2 weeks. Phone 555-0142.'],
    keys: ['Jane', 'Doe', '03/14/1961', '88412-7', 'XJ4471920', 'Alan', 'Smith', '555-0142'],
  },
  {
    name: 'lab table',
    lines: ['CITY LAB SERVICES - RESULTS', 'Patient: Maria Lopez   Collected: 11/02/2026', 'Accession: LB-2026-004417', 'Test            Result   Range', 'Glucose         98       70-99', 'Hemoglobin A1c  5.4      4.0-5.6', 'Creatinine      0.9      0.6-1.2', 'Reviewed by: Dr. Priya Raman'],
    keys: ['Maria', 'Lopez', '11/02/2026', 'LB-2026-004417', '98', '5.4', '0.9', 'Priya', 'Raman'],
  },
  {
    name: 'records request',
    lines: ['REQUEST FOR MEDICAL RECORDS', 'Name: Robert Miller   Date of birth: 11/02/1975', 'Claim number: CL-2026-77812', 'Records from 01/01/2024 through 06/30/2025', 'Signature of patient or guardian', 'Return by fax to (415) 555-0199'],
    keys: ['Robert', 'Miller', '11/02/1975', 'CL-2026-77812', '01/01/2024', '06/30/2025', '555-0199'],
  },
  {
    name: 'German report',
    lines: ['Befund für Müller, Jürgen', 'Geburtsdatum: 21.09.1958', 'Überweisung von Dr. Schäfer', 'Versichertennummer: A123456789', 'Größe 1,82 m, Gewicht 79 kg'],
    keys: ['Müller', 'Jürgen', '21.09.1958', 'Überweisung', 'Schäfer', 'A123456789', 'Größe'],
  },
];

export function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j] ?? 0;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

const faces: readonly PageFont[] = ['DejaVu Sans', 'Liberation Serif', 'Liberation Mono'];
const turns = [0.3, -0.5, 0] as const;

/**
 * The pages of one run at one resolution: every document in three faces, each turned a little one way, the other,
 * or not at all, with specks — 36 pages, so a key or two read differently moves the share by under 1 %.
 */
function pagesOf(resolution: FaxResolution): Array<{ spec: FaxPageSpec; known: KnownPage }> {
  return documents.flatMap((known, index) =>
    faces.flatMap((font, face) =>
      turns.map((skew, turn) => ({ known, spec: { lines: known.lines, resolution, skew, speckle: 0.002, seed: 100 + index * 100 + face * 10 + turn, font } })),
    ),
  );
}

/**
 * The share of keys a content search finds on the page they were printed on: each page stored as the app stores a
 * recognized page (its index, split ids joined), each key searched as a user would type it.
 */
export function keysFoundBySearch(pages: ReadonlyArray<{ keys: readonly string[]; page: RecognizedPage | undefined }>): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-keys-'));
  const db = openCacheDatabase(dir, 'cd'.repeat(32), createLogger({ sinks: [] }));
  try {
    const text = createFaxTextRepository(db);
    let found = 0;
    let total = 0;
    pages.forEach(({ keys, page }, index) => {
      const faxId = String(index + 1);
      if (page) text.savePage(faxId, 1, { ...page, page: 1 });
      for (const key of keys) {
        total += 1;
        if (page && text.contentMatch(faxId, key, 0).startsWith('found')) found += 1;
      }
    });
    return found / Math.max(1, total);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function contentSearch(runs: number, log: (line: string) => void): Promise<Metric[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-text-'));
  const db = openCacheDatabase(dir, 'ef'.repeat(32), createLogger({ sinks: [] }));
  try {
    const text = createFaxTextRepository(db);
    const faxRepository = createFaxRepository(db, Date.now, text);
    const faxes = fakeFaxes(50_000, { firstId: 1, newestMs: Date.parse('2026-11-20T12:00:00Z') });
    faxRepository.upsertMany(faxes, { markNewInboundUnread: false });
    const surnames = ['Doe', 'Lopez', 'Miller', 'Smith', 'Nguyen', 'Garcia', 'Kim', 'Patel', 'Brown', 'Johnson', 'Schmidt', 'Müller'];
    const words = ['patient', 'results', 'referral', 'glucose', 'insurance', 'authorization', 'discharge', 'summary', 'please', 'signature', 'records', 'physician'];
    const surnameOf = (index: number) => surnames[Math.floor(index / 5) % surnames.length] ?? 'Doe';
    const yearOf = (index: number) => 1930 + (index % 70);
    const started = performance.now();
    // Stored as the app stores them: a page at a time, each in its own transaction.
    faxes.forEach((fax, index) => {
      const page = `${words[index % words.length] ?? ''} Patient: ${surnameOf(index)} DOB: ${String(1 + (index % 12)).padStart(2, '0')}/${String(1 + (index % 28)).padStart(2, '0')}/${String(yearOf(index))} ${words[(index * 7) % words.length] ?? ''} ID LX-${String(100_000 + index)}`;
      text.savePage(fax.id, 1, { page: 1, text: page, confidence: 90, words: [], outcome: 'text' });
    });
    const stored = performance.now() - started;
    log(`  50,000 faxes' text stored in ${String(Math.round(stored))} ms`);
    // A received fax's name and year: shared by some hundreds of faxes.
    const common = `${surnameOf(4001)} ${String(yearOf(4001))}`;
    const cache = { faxes: faxRepository };
    const rare: number[] = [];
    const many: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      let at = performance.now();
      const one = cache.faxes.list({ direction: 'inbound', search: 'LX-104417', offset: 0, limit: 100 });
      rare.push(performance.now() - at);
      if (one.total !== 1) throw new Error(`the id search found ${String(one.total)}`);
      at = performance.now();
      const found = cache.faxes.list({ direction: 'inbound', search: common, offset: 0, limit: 100 });
      many.push(performance.now() - at);
      if (found.total < 2) throw new Error(`the name and year search found ${String(found.total)}`);
      if (run === 0) log(`  "${common}": ${String(found.total)} faxes`);
    }
    return [
      info('recognition: storing a page of text (a cache of 50,000 faxes)', stored / 50_000, 'ms'),
      timing('recognition: content search over 50,000 faxes (an id, 1 match)', rare, 'ms', { atMost: 50 }),
      timing('recognition: content search over 50,000 faxes (a name and a year, first 100 of many)', many, 'ms', { atMost: 50 }),
    ];
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const recognition: Benchmark = {
  name: 'recognition',
  async run({ runs, log }) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ocr-'));
    const recognizer = await startBenchRecognizer(dataDir);
    const metrics: Metric[] = [];
    try {
      // The process and the language data load on the first page; it is read again below.
      const warm = await faxPdf([pagesOf('fine')[0]?.spec ?? { lines: ['warm'], resolution: 'fine' }]);
      await recognizer.recognizePage('pdf', { bytes: warm }, 1);
      // Every document is made first: the watch on main's event loop covers the reading only.
      const runsOf = await Promise.all((['fine', 'standard'] as const).map(async (resolution) => {
        const pages = pagesOf(resolution);
        return { resolution, pages, document: await faxPdf(pages.map((page) => page.spec)) };
      }));
      const delay = monitorEventLoopDelay({ resolution: 10 });
      const read = new Map<FaxResolution, { times: number[]; texts: string[]; pages: RecognizedPage[] }>();
      delay.enable();
      for (const { resolution, pages, document } of runsOf) {
        const times: number[] = [];
        const texts: string[] = [];
        const recognized: RecognizedPage[] = [];
        const rounds = Math.max(1, Math.ceil(runs / 5));
        for (let round = 0; round < rounds; round += 1) {
          for (let index = 0; index < pages.length; index += 1) {
            const started = performance.now();
            const reply = await recognizer.recognizePage('pdf', { bytes: document }, index + 1);
            times.push(performance.now() - started);
            if (round === 0) {
              texts.push(reply.result.text);
              recognized.push(reply.result);
            }
          }
        }
        read.set(resolution, { times, texts, pages: recognized });
      }
      delay.disable();
      for (const { resolution, pages } of runsOf) {
        const { times, texts, pages: recognized } = read.get(resolution) ?? { times: [], texts: [], pages: [] };
        let errors = 0;
        let characters = 0;
        let keysRead = 0;
        let keysTotal = 0;
        const missed: string[] = [];
        pages.forEach((page, index) => {
          const expected = normalized(page.known.lines.join(' '));
          const text = normalized(texts[index] ?? '');
          errors += levenshtein(text, expected);
          characters += expected.length;
          const tokens = new Set(text.split(' ').map((token) => token.replace(/[.,;:]+$/, '')));
          for (const key of page.known.keys) {
            keysTotal += 1;
            if (tokens.has(key)) keysRead += 1;
            else missed.push(key);
          }
        });
        const cer = (errors / characters) * 100;
        const found = keysFoundBySearch(pages.map((page, index) => ({ keys: page.known.keys, page: recognized[index] })));
        const dpi = resolution === 'fine' ? '204 × 196' : '204 × 98';
        log(`  ${resolution}: CER ${cer.toFixed(2)} %, names/dates/ids ${String(keysRead)}/${String(keysTotal)} (missed: ${missed.join(' ')})`);
        metrics.push(
          timing(`recognition: time per page, ${resolution} (${dpi}), drawn + prepared + read`, times, 'ms', { atMost: 1500 }, `${String(pages.length)} pages × ${String(times.length / pages.length)}, 2 cores`),
          atMost(`recognition: character error rate, ${resolution} (${dpi}), crooked and specked`, cer, '%', resolution === 'fine' ? 3 : 6),
          {
            metric: `recognition: names, dates and ids read exactly, ${resolution} (${dpi})`,
            value: Math.round((keysRead / keysTotal) * 1000) / 10,
            unit: '%',
            target: '≥ 95',
            pass: keysRead / keysTotal >= 0.95,
            ...(resolution === 'standard' ? { note: 'the recognizer at 98 lines/inch: nine preparations together read 87.8 % (docs/technical/architecture.md)' } : {}),
          },
          info(`recognition: names, dates and ids found by a content search, ${resolution} (${dpi})`, Math.round(found * 1000) / 10, '%', 'each typed as written, searched in its own page as the app indexes it (split ids joined)'),
        );
      }
      metrics.push(atMost('recognition: main event-loop delay while reading (max)', delay.max / 1e6, 'ms', 50, 'main only sends each page and takes its text'));

      // Memory: 300 pages read one after another (the ten pages of a document, 30 times).
      const pages = [...pagesOf('fine').slice(0, 5), ...pagesOf('standard').slice(0, 5)];
      const document = await faxPdf(pages.map((page) => page.spec));
      // One reading swings by a fifth with the collector's timing (342–426 MB between pages 30 and 300, no trend):
      // each side is the median of the 20 readings up to it.
      const readings: number[] = [];
      for (let count = 1; count <= 300; count += 1) {
        const reply = await recognizer.recognizePage('pdf', { bytes: document }, ((count - 1) % pages.length) + 1);
        readings.push(reply.rss);
      }
      const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      const after30 = medianOf(readings.slice(10, 30));
      const after300 = medianOf(readings.slice(280, 300));
      log(`  recognition process RSS: ${(after30 / 2 ** 20).toFixed(0)} MB after 30 pages, ${(after300 / 2 ** 20).toFixed(0)} MB after 300`);
      metrics.push(atMost('recognition: process memory after 300 pages ÷ after 30', after300 / after30, '×', 1.2, 'median of pages 11–30 and of 281–300'), atMost('recognition: process memory after 300 pages', after300 / 2 ** 20, 'MB', 500, 'issue 56; glibc held to two arenas that give memory back (recognition-allocator.ts)'));
    } finally {
      await recognizer.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return metrics;
  },
};

export const textSearch: Benchmark = {
  name: 'text search',
  run: ({ runs, log }) => contentSearch(runs, log),
};
