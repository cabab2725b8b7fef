/**
 * A page's recognized words grouped into lines (words whose middles stand at one height, left to right), with a
 * folded form of each word for matching: lower case, accents and a trailing colon or comma dropped.
 */
import type { RecognizedWord } from '../store/recognized-text';

export interface LineWord extends RecognizedWord {
  /** Lower case, no accents, no punctuation at either end. */
  folded: string;
}

export interface PageLine {
  page: number;
  words: LineWord[];
  /** The line's folded words joined by single spaces. */
  folded: string;
  /** The middle of the line as a share of the page's height (0 top, 1 bottom). */
  middle: number;
}

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}#]+|[^\p{L}\p{N}]+$/gu, '');
}

/** A text folded, letters and digits only: how two readings of a name or an id are compared. */
export function bare(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]/gu, '');
}

export function pageLines(page: number, words: readonly RecognizedWord[]): PageLine[] {
  const sorted = [...words].sort((a, b) => (a.box[1] + a.box[3]) / 2 - (b.box[1] + b.box[3]) / 2);
  const lines: Array<{ words: LineWord[]; top: number; bottom: number }> = [];
  for (const word of sorted) {
    const middle = (word.box[1] + word.box[3]) / 2;
    // A word joins the last line when its middle lies within that line's height (a skewed line still holds).
    const last = lines.at(-1);
    const folded = fold(word.text);
    if (last && middle >= last.top && middle <= last.bottom) {
      last.words.push({ ...word, folded });
      last.top = Math.min(last.top, word.box[1]);
      last.bottom = Math.max(last.bottom, word.box[3]);
    } else {
      lines.push({ words: [{ ...word, folded }], top: word.box[1], bottom: word.box[3] });
    }
  }
  return lines.map((line) => {
    const ordered = line.words.sort((a, b) => a.box[0] - b.box[0]);
    return { page, words: ordered, folded: ordered.map((word) => word.folded).filter((text) => text !== '').join(' '), middle: (line.top + line.bottom) / 2 };
  });
}

/** The box around these words. */
export function boxAround(words: readonly RecognizedWord[]): [number, number, number, number] {
  return [Math.min(...words.map((w) => w.box[0])), Math.min(...words.map((w) => w.box[1])), Math.max(...words.map((w) => w.box[2])), Math.max(...words.map((w) => w.box[3]))];
}
