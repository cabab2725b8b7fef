/**
 * Recognized pages made of text lines, as the recognizer gives them: each word with its box (shares of the page)
 * and a confidence — for testing what is read from words without drawing and recognizing a page.
 */
import type { RecognizedWord } from '../../main/store/recognized-text';

export interface WordLine {
  text: string;
  /** Confidence of every word of the line (default 95), or one per word. */
  confidence?: number | number[];
  /** Where the line starts, as a share of the page's width (default 0.1). */
  left?: number;
}

/** Lines top to bottom, 0.03 of the page apart, from 0.05; each character 0.008 of the page wide. */
export function wordPage(lines: ReadonlyArray<string | WordLine>, top = 0.05): RecognizedWord[] {
  const words: RecognizedWord[] = [];
  lines.forEach((entry, index) => {
    const line = typeof entry === 'string' ? { text: entry } : entry;
    const y = top + index * 0.03;
    let x = line.left ?? 0.1;
    line.text
      .split(' ')
      .filter((word) => word !== '')
      .forEach((word, at) => {
        const confidence = Array.isArray(line.confidence) ? (line.confidence[at] ?? 95) : (line.confidence ?? 95);
        const width = word.length * 0.008;
        words.push({ text: word, confidence, box: [x, y, x + width, y + 0.015] });
        x += width + 0.008;
      });
  });
  return words;
}
