import { PDFDocument, degrees } from '@cantoo/pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { searchablePdf } from '../../../main/ocr/searchable-pdf';
import type { RecognizedWord } from '../../../main/ocr/recognition-protocol';

async function letterPdf(rotations: number[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (const rotation of rotations) document.addPage([612, 792]).setRotation(degrees(rotation));
  return document.save();
}

/** Each text item as pdf.js shows it: its string and where it starts, in shares of the page as displayed. */
async function shownText(bytes: Uint8Array): Promise<Array<Array<{ text: string; x: number; y: number }>>> {
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0, standardFontDataUrl: 'node_modules/pdfjs-dist/standard_fonts/' });
  const document = await task.promise;
  const pages = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    pages.push(
      content.items.flatMap((item) => {
        if (!('str' in item) || item.str.trim() === '') return [];
        const [x, y] = viewport.convertToViewportPoint(item.transform[4] as number, item.transform[5] as number) as [number, number];
        return [{ text: item.str, x: x / viewport.width, y: y / viewport.height }];
      }),
    );
  }
  await task.destroy();
  return pages;
}

const word = (text: string, box: RecognizedWord['box']): RecognizedWord => ({ text, confidence: 90, box });

describe('searchable copy', () => {
  it('lays each word where it was read, on upright and turned pages, and keeps the original bytes unchanged', async () => {
    const original = await letterPdf([0, 90, 180, 270]);
    const before = new Uint8Array(original);
    const words = [word('Jane', [0.1, 0.2, 0.18, 0.23]), word('Müller', [0.6, 0.7, 0.75, 0.73])];
    const copy = await searchablePdf(original, [1, 2, 3, 4].map((page) => ({ page, words })));
    expect(original).toEqual(before);
    const pages = await shownText(copy);
    for (const shown of pages) {
      expect(shown.map((item) => item.text)).toEqual(['Jane', 'Müller']);
      // The baseline starts at the word's left edge, a little above its bottom, as displayed.
      expect(shown[0]?.x).toBeCloseTo(0.1, 1);
      expect(shown[0]?.y).toBeGreaterThan(0.2);
      expect(shown[0]?.y).toBeLessThan(0.235);
      expect(shown[1]?.x).toBeCloseTo(0.6, 1);
      expect(shown[1]?.y).toBeGreaterThan(0.7);
      expect(shown[1]?.y).toBeLessThan(0.735);
    }
  });

  it('writes letters outside the font as "?" and skips empty boxes, pages without words and pages past the end', async () => {
    const original = await letterPdf([0, 0]);
    const copy = await searchablePdf(original, [
      { page: 1, words: [word('Łódź', [0.1, 0.1, 0.2, 0.12]), word('zero', [0.3, 0.1, 0.3, 0.12])] },
      { page: 2, words: [] },
      { page: 9, words: [word('nowhere', [0.1, 0.1, 0.2, 0.12])] },
    ]);
    const pages = await shownText(copy);
    expect(pages.map((page) => page.map((item) => item.text))).toEqual([['?ód?'], []]);
  });
});
