/** Text a standard PDF font can write. */
import type { PDFFont } from '@cantoo/pdf-lib';

/** The standard fonts' encoding (WinAnsi) covers Western European letters; anything else is written as "?". */
export function encodable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  return Array.from(text, (character) => (set.has(character.codePointAt(0) ?? 0) ? character : '?')).join('');
}
