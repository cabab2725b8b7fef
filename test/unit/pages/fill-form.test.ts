/**
 * A filled and signed copy, read back with pdf.js: typed text where it was placed (on upright and turned pages),
 * drawn into the page content (no annotations a fax machine could drop), a signature's ink inside its box; the
 * original bytes unchanged; a page that is not there, or a signature with none saved, refused with the reason.
 */
import crypto from 'node:crypto';
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import fc from 'fast-check';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { fillPdf } from '../../../main/pages/fill-form';
import type { FillItem, SignatureInk } from '../../../preload/models';

async function blankPages(rotations: readonly number[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (const rotation of rotations) document.addPage([612, 792]).setRotation(degrees(rotation));
  return document.save();
}

interface Shown {
  texts: Array<{ text: string; x: number; y: number }>;
  lines: number;
  annotations: number;
}

async function shown(bytes: Uint8Array): Promise<Shown[]> {
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0, standardFontDataUrl: 'node_modules/pdfjs-dist/standard_fonts/' });
  const document = await task.promise;
  const pages: Shown[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const operators = await page.getOperatorList();
    pages.push({
      texts: content.items.flatMap((item) => {
        if (!('str' in item) || item.str.trim() === '') return [];
        const [x, y] = viewport.convertToViewportPoint(item.transform[4] as number, item.transform[5] as number) as [number, number];
        return [{ text: item.str, x: x / viewport.width, y: y / viewport.height }];
      }),
      lines: operators.fnArray.filter((fn) => fn === OPS.constructPath || fn === OPS.stroke).length,
      annotations: (await page.getAnnotations()).length,
    });
  }
  await task.destroy();
  return pages;
}

const signature: SignatureInk = { strokes: [[[0.05, 0.8], [0.3, 0.2], [0.55, 0.8], [0.95, 0.3]], [[0.5, 0.5]]], aspect: 3 };
const digest = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

describe('fill & sign', () => {
  it('writes text, a check mark and the signature where they were placed, into the page itself; the original stays', async () => {
    const original = await blankPages([0, 90, 180, 270]);
    const before = digest(original);
    const items: FillItem[] = [1, 2, 3, 4].flatMap((page): FillItem[] => [
      { kind: 'text', page, box: [0.2, 0.3, 0.5, 0.33], text: 'Jane Müller' },
      { kind: 'check', page, box: [0.1, 0.5, 0.13, 0.52] },
      { kind: 'signature', page, box: [0.55, 0.8, 0.9, 0.88] },
    ]);
    const filled = await fillPdf(original, items, signature);
    expect(filled.pages).toBe(4);
    expect(digest(original)).toBe(before);
    for (const page of await shown(filled.bytes)) {
      expect(page.texts.map((text) => text.text)).toEqual(['Jane Müller']);
      expect(page.texts[0]?.x).toBeCloseTo(0.2, 1);
      expect(page.texts[0]?.y).toBeGreaterThan(0.3);
      expect(page.texts[0]?.y).toBeLessThan(0.335);
      expect(page.lines).toBeGreaterThan(3);
      expect(page.annotations).toBe(0);
    }
  });

  it('random placements: every text lands inside its box on its page, whatever the page turn', async () => {
    const rotations = [0, 90, 180, 270];
    const original = await blankPages(rotations);
    const item = fc.record({
      page: fc.integer({ min: 1, max: 4 }),
      left: fc.double({ min: 0.02, max: 0.7, noNaN: true }),
      top: fc.double({ min: 0.02, max: 0.9, noNaN: true }),
      text: fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 6 }), async (placed) => {
        const items: FillItem[] = placed.map((one) => ({ kind: 'text', page: one.page, box: [one.left, one.top, one.left + 0.2, one.top + 0.03], text: one.text }));
        const pages = await shown((await fillPdf(original, items, null)).bytes);
        for (const one of placed) {
          const found = pages[one.page - 1]?.texts.find((text) => text.text === one.text && Math.abs(text.x - one.left) < 0.01);
          expect(found, `${one.text} on page ${String(one.page)}`).toBeDefined();
          expect(found?.y).toBeGreaterThan(one.top);
          expect(found?.y).toBeLessThanOrEqual(one.top + 0.03);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('refuses a page that is not there and a signature when none is saved, changing nothing', async () => {
    const original = await blankPages([0]);
    await expect(fillPdf(original, [{ kind: 'check', page: 2, box: [0.1, 0.1, 0.2, 0.2] }], null)).rejects.toMatchObject({ message: 'There is no page 2: the document has 1 pages.' });
    await expect(fillPdf(original, [{ kind: 'signature', page: 1, box: [0.1, 0.1, 0.2, 0.2] }], null)).rejects.toMatchObject({ details: { code: 'no_signature' } });
    await expect(fillPdf(new TextEncoder().encode('%PDF-1.4 broken'), [{ kind: 'check', page: 1, box: [0.1, 0.1, 0.2, 0.2] }], null)).rejects.toMatchObject({ details: { code: 'pages_unreadable' } });
  });
});
