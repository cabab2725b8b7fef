/**
 * A searchable copy of a fax: the document as it arrived, with the recognized words laid over each page as
 * invisible text (rendering mode 3) where they were read, so a PDF reader can search, select and copy them. Every
 * page's picture is untouched; new bytes every time.
 */
import { pdfLibrary } from '../pages/pdf-library';
import { placeOnPage } from '../pages/page-geometry';
import { encodable } from '../pages/font-text';
import type { RecognizedWord } from './recognition-protocol';

export async function searchablePdf(original: Uint8Array, pages: ReadonlyArray<{ page: number; words: readonly RecognizedWord[] }>): Promise<Uint8Array> {
  const { degrees, PDFDocument, setCharacterSqueeze, setTextRenderingMode, StandardFonts, TextRenderingMode, pushGraphicsState, popGraphicsState } = await pdfLibrary();
  const document = await PDFDocument.load(original, { updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  const pdfPages = document.getPages();
  for (const { page: number, words } of pages) {
    const page = pdfPages[number - 1];
    if (!page || words.length === 0) continue;
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
    for (const word of words) {
      const text = encodable(font, word.text);
      const place = placeOnPage(page, word.box, 0.2);
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
