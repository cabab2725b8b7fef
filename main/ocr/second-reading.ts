/**
 * A second reading of the numbers on a standard-resolution page. At 98 lines an inch a digit's loop is a dot or two
 * (8 and 3, 9 and 0, 6 and 5), and the recognizer reads some numbers wrong while sure of them: on the intake bench's
 * tuning seeds a record number "080710-73" for "090710-73" and a fax-back "555-6375" for "555-6875", both shown as
 * sure. Each number the recognizer is sure of is read again from its own spot, drawn twice as large and smoothed;
 * where the two readings give other digits, the number is no longer sure — a person looks, and matching leaves it
 * out. The second reading never replaces the first: it can only take sureness away.
 */
import { threshold, type GrayImage } from '../pages/fax-raster';
import type { RecognizedWord } from './recognition-protocol';
import { scaleSmooth } from './recognition-image';
import { digitFor } from '../pages/lookalike-characters';

/** The confidence from which intake shows a field as sure (intake-fields.ts `sureField`; a test keeps them one). */
export const sureFrom = 90;
/** A number whose readings disagree: below `sureFrom`, so it needs a look wherever it is shown. */
export const disagreedConfidence = 50;
/** Dates, ids and phone numbers have four digits or more; a house number or a page count is not worth a reading. */
const digitsWorthConfirming = 4;
/** The grey level the smoothed crop is cut at: a little darker than middle keeps thin strokes apart (tuning seeds 1, 3). */
const cutAt = 150;

/**
 * The digits a reading stands for. Letters that look like digits count as those digits — a number has no S or O,
 * so "S55-7227" and "555.7227" are one reading — and separators do not count ("555.7227" is "555-7227").
 */
export function numberDigits(text: string): string {
  return Array.from(text, (character) => digitFor(character) ?? '').join('');
}

/** Whether a word is a number the first reading is sure of (only those could be shown as sure). */
export function worthConfirming(word: Pick<RecognizedWord, 'text' | 'confidence'>): boolean {
  return word.confidence >= sureFrom && (word.text.match(/\d/g) ?? []).length >= digitsWorthConfirming;
}

/**
 * The word's spot, with a margin of two fifths of its height all round (white past the page's edge), drawn twice
 * as large with bilinear smoothing and cut back to black and white: the stair steps of the doubled fax lines become
 * straight strokes the recognizer reads differently — from other pixels, not the same guess again.
 */
export function secondReadingImage(page: GrayImage, box: RecognizedWord['box']): GrayImage {
  const [left, top, right, bottom] = [box[0] * page.width, box[1] * page.height, box[2] * page.width, box[3] * page.height].map(Math.round) as [number, number, number, number];
  const margin = Math.max(2, Math.round((bottom - top) * 0.4));
  const x0 = left - margin;
  const y0 = top - margin;
  const width = Math.max(1, right - left + 2 * margin);
  const height = Math.max(1, bottom - top + 2 * margin);
  const crop = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y += 1) {
    const sourceY = y0 + y;
    if (sourceY < 0 || sourceY >= page.height) continue;
    for (let x = 0; x < width; x += 1) {
      const sourceX = x0 + x;
      if (sourceX >= 0 && sourceX < page.width) crop[y * width + x] = page.pixels[sourceY * page.width + sourceX] ?? 255;
    }
  }
  return threshold(scaleSmooth({ width, height, pixels: crop }, 2, 2), cutAt);
}

/**
 * The words with every sure number read again by `readLine` (its spot as one line of text); a number read with
 * other digits the second time has its confidence lowered to `disagreedConfidence`. Other words are as they were.
 */
export async function confirmNumbers(words: readonly RecognizedWord[], page: GrayImage, readLine: (image: GrayImage) => Promise<string>): Promise<RecognizedWord[]> {
  const confirmed: RecognizedWord[] = [];
  for (const word of words) {
    if (!worthConfirming(word)) {
      confirmed.push(word);
      continue;
    }
    const again = await readLine(secondReadingImage(page, word.box));
    confirmed.push(numberDigits(again) === numberDigits(word.text) ? word : { ...word, confidence: Math.min(word.confidence, disagreedConfidence) });
  }
  return confirmed;
}
