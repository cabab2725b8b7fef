/**
 * Page tools on real PDF bytes, read back with pdf.js: a split gives each part its pages in order, a turn adds to
 * the turn a page had, a removal keeps the rest in order, a merge keeps each document's order — and the original
 * bytes are never changed. Random page lists and adversarial ones (out of range, backwards, every page, nothing)
 * are refused with their reason; encrypted and broken PDFs of the real-world corpus are refused, not thrown.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { degrees, PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import fc from 'fast-check';
import { assembleDocuments, openForPages, type PickedPage } from '../../../main/pages/page-tools';
import { readPageGroups, readPageList } from '../../../preload/page-list';
import { readBackPdf } from '../../helpers/pdf-text';
import { corpus, corpusAvailable } from '../../helpers/corpus';

async function numbered(count: number, label = 'Page', rotated: Record<number, number> = {}): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < count; index += 1) {
    const page = document.addPage([612, 792]);
    page.drawText(`${label} ${String(index + 1)}`, { x: 72, y: 700, size: 24, font });
    const turn = rotated[index];
    if (turn !== undefined) page.setRotation(degrees(turn));
  }
  return document.save();
}

const texts = async (bytes: Uint8Array): Promise<string[]> => (await readBackPdf(bytes)).text.map((text) => text.trim());
const digest = (bytes: Uint8Array): string => crypto.createHash('sha256').update(bytes).digest('hex');
/** One document of picked pages. */
const assemblePages = async (sources: readonly Uint8Array[], picked: readonly PickedPage[]): Promise<Uint8Array> => (await assembleDocuments(sources, [picked]))[0] ?? new Uint8Array();
/** Pages of the one source, by index, unturned. */
const of = (indexes: readonly number[]): PickedPage[] => indexes.map((index) => ({ source: 0, index, turn: 0 }));

describe('page tools', () => {
  it('split: each part has its pages in the order given; the original is unchanged', async () => {
    const original = await numbered(10);
    const before = digest(original);
    const parts = await assembleDocuments([original], [of([0, 1, 2]), of([3]), of([9, 4])]);
    expect(await Promise.all(parts.map(texts))).toEqual([['Page 1', 'Page 2', 'Page 3'], ['Page 4'], ['Page 10', 'Page 5']]);
    expect(digest(original)).toBe(before);
  });

  it('rotate: adds to the turn a page had, others untouched', async () => {
    const turned = await assemblePages([await numbered(3, 'Page', { 1: 90 })], [{ source: 0, index: 0, turn: 0 }, { source: 0, index: 1, turn: 270 }, { source: 0, index: 2, turn: 90 }]);
    const document = await PDFDocument.load(turned);
    expect(document.getPages().map((page) => page.getRotation().angle)).toEqual([0, 0, 90]);
    expect(await texts(turned)).toEqual(['Page 1', 'Page 2', 'Page 3']);
  });

  it('remove: the rest in order; keeping no page, or a page that is not there, is refused', async () => {
    const original = await numbered(5);
    expect(await texts(await assemblePages([original], of([0, 2, 4])))).toEqual(['Page 1', 'Page 3', 'Page 5']);
    await expect(assemblePages([original], [])).rejects.toMatchObject({ details: { code: 'pages_empty' } });
    await expect(assemblePages([original], of([5]))).rejects.toMatchObject({ message: 'There is no page 6: the document has 5 pages.' });
    await expect(assemblePages([original], of([-1]))).rejects.toMatchObject({ details: { code: 'pages_range' } });
  });

  it('merge: documents one after the other, each in its order', async () => {
    const sources = [await numbered(2, 'Lab'), await numbered(1, 'Referral'), await numbered(2, 'Records')];
    const every = sources.flatMap((_, source): PickedPage[] => Array.from({ length: [2, 1, 2][source] ?? 0 }, (__, index) => ({ source, index, turn: 0 })));
    const merged = await assemblePages(sources, every);
    expect(await texts(merged)).toEqual(['Lab 1', 'Lab 2', 'Referral 1', 'Records 1', 'Records 2']);
    await expect(assembleDocuments(sources, [])).rejects.toMatchObject({ details: { code: 'pages_empty' } });
  });

  it('assemble: pages of several faxes in any order, each turned as asked on top of its own turn; the sources unchanged', async () => {
    const lab = await numbered(3, 'Lab', { 2: 90 });
    const referral = await numbered(2, 'Referral');
    const before = [digest(lab), digest(referral)];
    const result = await assemblePages([lab, referral], [
      { source: 1, index: 1, turn: 0 },
      { source: 0, index: 2, turn: 270 },
      { source: 0, index: 0, turn: 90 },
      { source: 0, index: 0, turn: 0 },
    ]);
    expect(await texts(result)).toEqual(['Referral 2', 'Lab 3', 'Lab 1', 'Lab 1']);
    expect((await PDFDocument.load(result)).getPages().map((page) => page.getRotation().angle)).toEqual([0, 0, 90, 0]);
    expect([digest(lab), digest(referral)]).toEqual(before);
    await expect(assemblePages([lab], [])).rejects.toMatchObject({ details: { code: 'pages_empty' } });
    await expect(assemblePages([lab], [{ source: 0, index: 3, turn: 0 }])).rejects.toMatchObject({ details: { code: 'pages_range' } });
    await expect(assemblePages([lab], [{ source: 1, index: 0, turn: 0 }])).rejects.toMatchObject({ details: { code: 'pages_unreadable' } });
  });

  it('assemble, random picks: every page where it was asked for, with its turn, whatever the order or repeats', async () => {
    const sources = [await numbered(4, 'A', { 1: 180 }), await numbered(3, 'B'), await numbered(5, 'C', { 4: 270 })];
    const own = [[0, 180, 0, 0], [0, 0, 0], [0, 0, 0, 0, 270]];
    const pick = fc.integer({ min: 0, max: 2 }).chain((source) =>
      fc.record({ source: fc.constant(source), index: fc.integer({ min: 0, max: [4, 3, 5][source]! - 1 }), turn: fc.constantFrom(0, 90, 180, 270) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(pick, { minLength: 1, maxLength: 12 }), async (picked) => {
        const result = await assemblePages(sources, picked);
        expect(await texts(result)).toEqual(picked.map((page) => `${'ABC'[page.source]!} ${String(page.index + 1)}`));
        expect((await PDFDocument.load(result)).getPages().map((page) => page.getRotation().angle)).toEqual(picked.map((page) => (own[page.source]![page.index]! + page.turn) % 360));
      }),
      { numRuns: 25 },
    );
  });

  it('split groups as typed in the window: "1-3; 4-6; 7-", each refused with its reason when wrong', () => {
    expect(readPageGroups('1-3; 4-6\n7-', 8)).toEqual({ ok: true, groups: [[0, 1, 2], [3, 4, 5], [6, 7]] });
    expect(readPageGroups(' ; ', 8)).toMatchObject({ ok: false, code: 'pages_empty' });
    expect(readPageGroups('1-3; 9', 8)).toMatchObject({ ok: false, code: 'pages_range' });
    expect(readPageGroups('1-3; x', 8)).toMatchObject({ ok: false, code: 'pages_syntax' });
  });

  it('page lists as people type them; random valid lists round-trip, adversarial ones are refused', () => {
    expect(readPageList('1-3, 5; 8-', 10)).toEqual({ ok: true, indexes: [0, 1, 2, 4, 7, 8, 9] });
    expect(readPageList(' 4 ', 4)).toEqual({ ok: true, indexes: [3] });
    for (const bad of ['', ' , ', '0', '11', '3-2', 'a', '1-3-5', '-2', '1.5', '2,,x']) expect(readPageList(bad, 10), bad).toMatchObject({ ok: false });
    for (let round = 0; round < 200; round += 1) {
      const count = 1 + crypto.randomInt(60);
      const pages = Array.from({ length: 1 + crypto.randomInt(8) }, () => 1 + crypto.randomInt(count));
      expect(readPageList(pages.join(', '), count)).toEqual({ ok: true, indexes: pages.map((page) => page - 1) });
    }
  });

  it('a split with an empty part or a page past the end is refused, nothing written', async () => {
    const original = await numbered(3);
    await expect(assembleDocuments([original], [of([0]), []])).rejects.toMatchObject({ details: { code: 'pages_empty' } });
    await expect(assembleDocuments([original], [of([0, 3])])).rejects.toMatchObject({ details: { code: 'pages_range' } });
    await expect(assembleDocuments([original], [])).rejects.toMatchObject({ details: { code: 'pages_empty' } });
  });

  it('not a PDF, or a truncated one: refused with its reason', async () => {
    await expect(openForPages(new TextEncoder().encode('hello, not a pdf'))).rejects.toMatchObject({ details: { code: 'pages_unreadable' } });
    const whole = await numbered(2);
    await expect(openForPages(whole.subarray(0, 200))).rejects.toMatchObject({ kind: 'invalid_input' });
  });

  it.runIf(corpusAvailable)('the real-world corpus: encrypted ones are refused as encrypted; none throws anything but its reason', async () => {
    const entries = corpus();
    const encrypted = entries.filter((entry) => entry.encrypted);
    expect(encrypted.length).toBeGreaterThan(0);
    for (const entry of encrypted) await expect(openForPages(fs.readFileSync(entry.path)), entry.file).rejects.toMatchObject({ details: { code: 'pages_encrypted' } });
    for (const entry of entries.filter((candidate) => !candidate.encrypted).slice(0, 60)) {
      const outcome = await openForPages(fs.readFileSync(entry.path)).then(
        (document) => document.getPageCount(),
        (error: unknown) => error,
      );
      if (typeof outcome === 'number') {
        if (entry.pages !== null) expect(outcome, entry.file).toBe(entry.pages);
      } else expect(outcome, entry.file).toMatchObject({ kind: 'invalid_input' });
    }
  }, 60_000);
});
