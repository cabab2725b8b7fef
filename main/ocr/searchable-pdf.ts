/**
 * A searchable copy of a fax: the document as it arrived, with the recognized words laid over each page as
 * invisible text (rendering mode 3) where they were read, so a PDF reader can search, select and copy them. Every
 * page's picture is untouched; new bytes every time.
 */
import { degrees, PDFDocument, setCharacterSqueeze, setTextRenderingMode, StandardFonts, TextRenderingMode, pushGraphicsState, popGraphicsState, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import type { RecognizedWord } from './recognition-protocol';

/** The font's encoding (WinAnsi) covers Western European letters; anything else is written as "?" (still selectable). */
function encodable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  return Array.from(text, (character) => character).map((character) => (set.has(character.codePointAt(0) ?? 0) ? character : '?')).join('');
}

/**
 * A word's box in shares of the page as shown (turned by the page's rotation) → where its baseline starts in the
 * page's own coordinates (points, y up), its size in points as shown, and the turn that makes it read left to right.
 */
function placeOnPage(page: PDFPage, box: RecognizedWord['box']): { x: number; y: number; width: number; height: number; rotate: number } {
  const { x: originX, y: originY, width, height } = page.getMediaBox();
  const rotation = ((page.getRotation().angle % 360) + 360) % 360;
  const [left, top, right, bottom] = box;
  const turned = rotation === 90 || rotation === 270;
  const shownWidth = turned ? height : width;
  const shownHeight = turned ? width : height;
  // The baseline sits a fifth of the box above its bottom (descenders below it).
  const [sx, sy] = [left, bottom - (bottom - top) * 0.2];
  const point =
    rotation === 90 ? [originX + sy * width, originY + sx * height]
    : rotation === 180 ? [originX + (1 - sx) * width, originY + sy * height]
    : rotation === 270 ? [originX + (1 - sy) * width, originY + (1 - sx) * height]
    : [originX + sx * width, originY + (1 - sy) * height];
  return { x: point[0] ?? 0, y: point[1] ?? 0, width: (right - left) * shownWidth, height: (bottom - top) * shownHeight, rotate: rotation };
}

export async function searchablePdf(original: Uint8Array, pages: ReadonlyArray<{ page: number; words: readonly RecognizedWord[] }>): Promise<Uint8Array> {
  const document = await PDFDocument.load(original, { updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  const pdfPages = document.getPages();
  for (const { page: number, words } of pages) {
    const page = pdfPages[number - 1];
    if (!page || words.length === 0) continue;
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
    for (const word of words) {
      const text = encodable(font, word.text);
      const place = placeOnPage(page, word.box);
      if (place.width <= 0 || place.height <= 0 || text === '') continue;
      const size = Math.max(1, place.height * 0.9);
      const natural = font.widthOfTextAtSize(text, size);
      // Stretched or squeezed to the word's width, so a selection covers what the eye sees.
      page.pushOperators(setCharacterSqueeze(natural > 0 ? Math.min(1000, Math.max(1, (place.width / natural) * 100)) : 100));
      page.drawText(text, { x: place.x, y: place.y, size, font, rotate: degrees(place.rotate) });
    }
    page.pushOperators(setCharacterSqueeze(100), popGraphicsState());
  }
  return document.save();
}
