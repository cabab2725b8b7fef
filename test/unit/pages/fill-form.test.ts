/**
 * A filled and signed copy, read back with pdf.js: typed text where it was placed (on upright and turned pages),
 * drawn into the page content (no annotations a fax machine could drop), a signature's ink inside its box; stamps,
 * highlights and drawn strokes exactly where they were placed, whatever the page turn (the page drawn as shown);
 * the original bytes unchanged; a page that is not there, a signature or stamp with none saved, a damaged or
 * oversized stamp image, refused with the reason.
 */
import crypto from 'node:crypto';
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import fc from 'fast-check';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { fillPdf } from '../../../main/pages/fill-form';
import { openDocumentPages } from '../../../main/pages/document-pages';
import { encodeGrayPng } from '../../../main/pages/png';
import { checkStampImage } from '../../../main/pages/stamp-image';
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

const signatureInk: SignatureInk = { strokes: [[[0.05, 0.8], [0.3, 0.2], [0.55, 0.8], [0.95, 0.3]], [[0.5, 0.5]]], aspect: 3 };
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
    const filled = await fillPdf(original, items, { signature: signatureInk, stamp: null });
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
    // Boxes on one page never overlap, as a form's fields do not: two texts drawn over each other are read back
    // by pdf.js as one run, which says nothing about where each was placed.
    const item = fc.record({
      page: fc.integer({ min: 1, max: 4 }),
      row: fc.integer({ min: 0, max: 14 }),
      drift: fc.double({ min: 0, max: 0.02, noNaN: true }),
      left: fc.double({ min: 0.02, max: 0.7, noNaN: true }),
      text: fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
    });
    const placements = fc.uniqueArray(item, { minLength: 1, maxLength: 6, selector: (one) => `${String(one.page)}:${String(one.row)}` });
    await fc.assert(
      fc.asyncProperty(placements.map((drawn) => drawn.map((one) => ({ ...one, top: 0.02 + one.row * 0.06 + one.drift }))), async (placed) => {
        const items: FillItem[] = placed.map((one) => ({ kind: 'text', page: one.page, box: [one.left, one.top, one.left + 0.2, one.top + 0.03], text: one.text }));
        const pages = await shown((await fillPdf(original, items, { signature: null, stamp: null })).bytes);
        // The same text may be placed twice at one left edge, in two rows: each must be found in its own box.
        for (const one of placed) {
          const inBox = pages[one.page - 1]?.texts.find((text) => text.text === one.text && Math.abs(text.x - one.left) < 0.01 && text.y > one.top && text.y <= one.top + 0.03);
          expect(inBox, `${one.text} on page ${String(one.page)} in its box from ${String(one.top)}`).toBeDefined();
        }
      }),
      { numRuns: 20 },
    );
  });

  it('refuses a page that is not there and a signature when none is saved, changing nothing', async () => {
    const original = await blankPages([0]);
    await expect(fillPdf(original, [{ kind: 'check', page: 2, box: [0.1, 0.1, 0.2, 0.2] }], { signature: null, stamp: null })).rejects.toMatchObject({ message: 'There is no page 2: the document has 1 page.' });
    await expect(fillPdf(original, [{ kind: 'signature', page: 1, box: [0.1, 0.1, 0.2, 0.2] }], { signature: null, stamp: null })).rejects.toMatchObject({ details: { code: 'no_signature' } });
    await expect(fillPdf(new TextEncoder().encode('%PDF-1.4 broken'), [{ kind: 'check', page: 1, box: [0.1, 0.1, 0.2, 0.2] }], { signature: null, stamp: null })).rejects.toMatchObject({ details: { code: 'pages_unreadable' } });
  });

  /** The box (shares of the page as shown) holding every dot darker than paper, the page drawn as shown. */
  async function markedBox(bytes: Uint8Array): Promise<[number, number, number, number] | null> {
    const opened = await openDocumentPages('pdf', bytes, 'node_modules/pdfjs-dist/standard_fonts/');
    const image = await opened.grayPage(1);
    await opened.close();
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let y = 0; y < image.height; y += 1) {
      for (let x = 0; x < image.width; x += 1) {
        if ((image.pixels[y * image.width + x] ?? 255) >= 245) continue;
        left = Math.min(left, x);
        right = Math.max(right, x + 1);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y + 1);
      }
    }
    return left === Infinity ? null : [left / image.width, top / image.height, right / image.width, bottom / image.height];
  }

  // A 2:1 stamp, black all over, so its drawn extent is exactly where the image went.
  const stampBytes = new Uint8Array(encodeGrayPng({ width: 200, height: 100, pixels: new Uint8Array(200 * 100) }));

  it('random stamps, highlights and drawn strokes land exactly in their boxes on pages turned any way', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 90, 180, 270),
        fc.constantFrom('stamp' as const, 'highlight' as const, 'ink' as const),
        fc.double({ min: 0.02, max: 0.6, noNaN: true }),
        fc.double({ min: 0.02, max: 0.6, noNaN: true }),
        fc.double({ min: 0.1, max: 0.35, noNaN: true }),
        fc.double({ min: 0.04, max: 0.3, noNaN: true }),
        async (rotation, kind, left, top, width, height) => {
          const box: [number, number, number, number] = [left, top, left + width, top + height];
          const item: FillItem = kind === 'ink' ? { kind, page: 1, box, strokes: [[[0, 0], [1, 1]], [[0, 1], [1, 0]]] } : { kind, page: 1, box };
          const filled = await fillPdf(await blankPages([rotation]), [item], { signature: null, stamp: stampBytes });
          const marked = await markedBox(filled.bytes);
          expect(marked).not.toBeNull();
          // Where it should be: the whole box, or (a stamp) the 2:1 part of it, centred.
          const [shownWidth, shownHeight] = rotation % 180 === 0 ? [612, 792] : [792, 612];
          let expected = box;
          if (kind === 'stamp') {
            const [boxWidth, boxHeight] = [width * shownWidth, height * shownHeight];
            const [drawnWidth, drawnHeight] = boxWidth / boxHeight > 2 ? [boxHeight * 2, boxHeight] : [boxWidth, boxWidth / 2];
            const [centreX, centreY] = [(left + width / 2) * shownWidth, (top + height / 2) * shownHeight];
            expected = [(centreX - drawnWidth / 2) / shownWidth, (centreY - drawnHeight / 2) / shownHeight, (centreX + drawnWidth / 2) / shownWidth, (centreY + drawnHeight / 2) / shownHeight];
          }
          // Within 4 points: a dot of fax resolution, and half a stroke's width past its end.
          const tolerance = [4 / shownWidth, 4 / shownHeight];
          (marked ?? []).forEach((edge, index) => expect(Math.abs(edge - (expected[index] ?? 0)), `${kind} on a page turned ${String(rotation)}°, edge ${String(index)}`).toBeLessThan(tolerance[index % 2] ?? 0));
        },
      ),
      { numRuns: 24 },
    );
  });

  it('a highlight tints the words yellow and frames them (the frame is what a black-and-white fax shows)', async () => {
    const filled = await fillPdf(await blankPages([0]), [{ kind: 'highlight', page: 1, box: [0.2, 0.2, 0.6, 0.3] }], { signature: null, stamp: null });
    const opened = await openDocumentPages('pdf', filled.bytes, 'node_modules/pdfjs-dist/standard_fonts/');
    const image = await opened.grayPage(1);
    await opened.close();
    const at = (x: number, y: number) => image.pixels[Math.round(y * image.height) * image.width + Math.round(x * image.width)] ?? 255;
    // Inside: light (yellow is light grey), never black; paper outside.
    expect(at(0.4, 0.25)).toBeGreaterThan(180);
    expect(at(0.4, 0.25)).toBeLessThan(240);
    expect(at(0.1, 0.1)).toBe(255);
    // The frame prints black on the fax.
    expect(Math.min(...[0.199, 0.2, 0.201].map((x) => at(x, 0.25)))).toBeLessThan(128);
  });

  it('a typed signature is the name in an italic face, inside its box, on pages turned any way', async () => {
    const original = await blankPages([0, 90, 180, 270]);
    const items: FillItem[] = [1, 2, 3, 4].map((page): FillItem => ({ kind: 'signature', page, box: [0.5, 0.8, 0.9, 0.86] }));
    const filled = await fillPdf(original, items, { signature: { typed: 'Jane Q. Doe', aspect: 4 }, stamp: null });
    for (const page of await shown(filled.bytes)) {
      expect(page.texts.map((text) => text.text)).toEqual(['Jane Q. Doe']);
      expect(page.texts[0]?.x).toBeCloseTo(0.5, 1);
      expect(page.texts[0]?.y).toBeGreaterThan(0.8);
      expect(page.texts[0]?.y).toBeLessThan(0.865);
    }
    expect(new TextDecoder('latin1').decode(filled.bytes)).toContain('Times-Italic');
  });

  it('refuses a stamp when none is kept, and stamp images that are not PNG or JPEG, damaged, or huge', async () => {
    const original = await blankPages([0]);
    await expect(fillPdf(original, [{ kind: 'stamp', page: 1, box: [0.1, 0.1, 0.3, 0.2] }], { signature: null, stamp: null })).rejects.toMatchObject({ details: { code: 'no_stamp' } });
    await expect(checkStampImage(stampBytes)).resolves.toEqual({ width: 200, height: 100 });
    await expect(checkStampImage(new TextEncoder().encode('GIF89a not a stamp'))).rejects.toMatchObject({ details: { code: 'stamp_kind' } });
    const cut = stampBytes.slice(0, 40);
    await expect(checkStampImage(cut)).rejects.toMatchObject({ details: { code: 'stamp_damaged' } });
    const wide = new Uint8Array(encodeGrayPng({ width: 5000, height: 2, pixels: new Uint8Array(10_000) }));
    await expect(checkStampImage(wide)).rejects.toMatchObject({ details: { code: 'stamp_dimensions' } });
    await expect(checkStampImage(new Uint8Array(1024 * 1024 + 1).fill(0x89))).rejects.toMatchObject({ details: { code: 'stamp_size' } });
    // A damaged stamp kept earlier (or changed on disk) is refused at fill time too, not drawn half.
    await expect(fillPdf(original, [{ kind: 'stamp', page: 1, box: [0.1, 0.1, 0.3, 0.2] }], { signature: null, stamp: cut })).rejects.toMatchObject({ details: { code: 'stamp_damaged' } });
  });
});
