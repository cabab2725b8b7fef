/** tesseract.js's block tree flattened into words with boxes as shares of the page (the preview draws them at any size). */
import type { RecognizedWord } from './recognition-protocol';

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TreeWord {
  text: string;
  confidence: number;
  bbox: Box;
}
interface TreeBlock {
  paragraphs: Array<{ lines: Array<{ words: TreeWord[] }> }>;
}

const share = (value: number, whole: number) => Math.round((Math.min(Math.max(value, 0), whole) / Math.max(1, whole)) * 10_000) / 10_000;

export function pageWords(blocks: readonly TreeBlock[], width: number, height: number): RecognizedWord[] {
  const words: RecognizedWord[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const text = word.text.trim();
          if (text === '') continue;
          words.push({
            text,
            confidence: Math.round(word.confidence),
            box: [share(word.bbox.x0, width), share(word.bbox.y0, height), share(word.bbox.x1, width), share(word.bbox.y1, height)],
          });
        }
      }
    }
  }
  return words;
}
