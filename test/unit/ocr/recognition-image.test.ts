import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../../../main/pages/fax-raster';
import { blackShare, growDotsOverLetters, looksStandardResolution, noisePageBlackShare, prepareForRecognition, recognitionDpi, removeSpecks, scaleSmooth, smallMarkDots, speckDots, thickenDown } from '../../../main/ocr/recognition-image';

function page(width: number, height: number, black: Array<[number, number]>): GrayImage {
  const pixels = new Uint8Array(width * height).fill(255);
  for (const [x, y] of black) pixels[y * width + x] = 0;
  return { width, height, pixels };
}

const blackDots = (image: GrayImage) => [...image.pixels].filter((pixel) => pixel <= 127).length;

describe('preparing a fax page for recognition', () => {
  it('removes groups of at most three dots and keeps anything larger, however it bends', () => {
    const speck: Array<[number, number]> = [[1, 1], [2, 2], [3, 1]];
    const stroke: Array<[number, number]> = [[10, 10], [11, 11], [12, 10], [13, 11]];
    const cleaned = removeSpecks(page(20, 20, [...speck, ...stroke]));
    expect(blackDots(cleaned)).toBe(stroke.length);
    for (const [x, y] of stroke) expect(cleaned.pixels[y * 20 + x]).toBe(0);
    expect(speckDots).toBe(3);
  });

  it('turns grey into black or white and never turns white dots black', () => {
    const image: GrayImage = { width: 3, height: 3, pixels: Uint8Array.from([0, 100, 128, 200, 255, 127, 127, 127, 127]) };
    const cleaned = removeSpecks(image, 0);
    expect([...cleaned.pixels]).toEqual([0, 0, 255, 255, 255, 0, 0, 0, 0]);
  });

  it('thickens every stroke one dot downwards (a one-line bar stays black once smoothed)', () => {
    const bar = Array.from({ length: 8 }, (_, x): [number, number] => [x + 1, 4]);
    const thick = thickenDown(page(10, 10, bar));
    expect(blackDots(thick)).toBe(16);
    for (const [x] of bar) {
      expect(thick.pixels[4 * 10 + x]).toBe(0);
      expect(thick.pixels[5 * 10 + x]).toBe(0);
      expect(thick.pixels[3 * 10 + x]).toBe(255);
    }
    // The last line has nothing below it to blacken; a dot on it stays one dot.
    expect(blackDots(thickenDown(page(4, 4, [[2, 3]])))).toBe(1);
  });

  it('does not read a blank page, a page of specks only, or a page that is mostly black', () => {
    expect(prepareForRecognition(page(50, 50, [])).kind).toBe('blank');
    expect(prepareForRecognition(page(50, 50, [[5, 5], [30, 30], [31, 31]])).kind).toBe('blank');
    const dark = Array.from({ length: 50 * 50 }, (_, index): [number, number] => [index % 50, Math.floor(index / 50)]).filter(([x, y]) => (x + y) % 2 === 0 || y < 10);
    expect(blackShare(page(50, 50, dark))).toBeGreaterThan(noisePageBlackShare);
    expect(prepareForRecognition(page(50, 50, dark)).kind).toBe('noise');
  });

  it('hands a page of text on at the resolution the recognizer reads best', () => {
    const letters = Array.from({ length: 40 }, (_, index): [number, number] => [10 + index, 20]);
    const prepared = prepareForRecognition(page(204, 196, letters));
    expect(prepared.kind).toBe('text');
    if (prepared.kind !== 'text') return;
    expect(prepared.image.width).toBe(recognitionDpi);
    expect(prepared.image.height).toBe(recognitionDpi);
    expect(blackDots(prepared.image)).toBeGreaterThan(40);
  });
});

describe('telling a standard-resolution page from a fine one', () => {
  /** Text-like marks: short strokes of random lengths on random lines, each line of the fax drawn `repeat` times. */
  function marks(seed: number, repeat: 1 | 2): GrayImage {
    let state = seed;
    const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const width = 200;
    const lines = 120;
    const pixels = new Uint8Array(width * lines * repeat).fill(255);
    for (let line = 0; line < lines; line += 1) {
      if (next() < 0.5) continue;
      for (let x = 0; x < width; x += 1) {
        if (next() < 0.3) for (let copy = 0; copy < repeat; copy += 1) pixels[(line * repeat + copy) * width + x] = 0;
      }
    }
    return { width, height: lines * repeat, pixels };
  }

  it('a page whose every line is drawn twice is standard; random fine pages, a blank page and a ruled page are not', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      expect(looksStandardResolution(marks(seed, 2)), `doubled ${String(seed)}`).toBe(true);
      expect(looksStandardResolution(marks(seed, 1)), `fine ${String(seed)}`).toBe(false);
    }
    expect(looksStandardResolution(page(50, 50, []))).toBe(false);
    // Horizontal rules one dot thick on a fine page: each inked line differs from the blank one above.
    expect(looksStandardResolution(page(50, 50, Array.from({ length: 10 }, (_, index): [number, number] => [index * 5, index * 5])))).toBe(false);
  });

  it('thickens a standard page before scaling it, and leaves a fine page as it is', () => {
    // One line of 98 with a one-dot bar: drawn twice (standard), or once (fine).
    const bar = (repeat: 1 | 2) => page(204, 196, Array.from({ length: 60 * repeat }, (_, index): [number, number] => [20 + (index % 60), 50 + Math.floor(index / 60)]));
    const standard = prepareForRecognition(bar(2));
    const fine = prepareForRecognition(bar(1));
    if (standard.kind !== 'text' || fine.kind !== 'text') throw new Error('not read as text');
    const scaled = (image: GrayImage) => scaleSmooth(image, recognitionDpi / 204, recognitionDpi / 196);
    // The standard page gets a third line of ink before scaling; the fine page's bar (60 dots: no small mark) is only scaled.
    expect(blackDots(standard.image)).toBeGreaterThan(blackDots(scaled(bar(2))) * 1.3);
    expect([...fine.image.pixels]).toEqual([...scaled(bar(1)).pixels]);
  });
});

describe('dots over letters on a fine page', () => {
  it('a dot with a letter just below grows by one dot all round; a period, a hyphen and a long stroke stay as they were', () => {
    const dot: Array<[number, number]> = [[10, 10], [11, 10], [10, 11], [11, 11]];
    const letter = Array.from({ length: 40 }, (_, index): [number, number] => [10 + (index % 4), 15 + Math.floor(index / 4)]);
    const period: Array<[number, number]> = [[30, 20], [31, 20], [30, 21], [31, 21]];
    const hyphen = Array.from({ length: 10 }, (_, index): [number, number] => [40 + (index % 5), 18 + Math.floor(index / 5)]);
    const stroke = Array.from({ length: smallMarkDots + 1 }, (_, index): [number, number] => [5 + index, 35]);
    const grown = growDotsOverLetters(page(80, 40, [...dot, ...letter, ...period, ...hyphen, ...stroke]));
    // The 2 × 2 dot over the letter is now 4 × 4; nothing else changed.
    for (let y = 9; y <= 12; y += 1) for (let x = 9; x <= 12; x += 1) expect(grown.pixels[y * 80 + x], `${String(x)},${String(y)}`).toBe(0);
    expect(blackDots(grown)).toBe(16 + letter.length + period.length + hyphen.length + stroke.length);
  });

  it('a fine page is read with its dots over letters grown', () => {
    // Twenty i's: a 2 × 2 dot, a gap of two lines, a 2 × 8 body.
    const letters = Array.from({ length: 20 }, (_, index): Array<[number, number]> => {
      const x = 20 + index * 8;
      const body = Array.from({ length: 16 }, (_, dot): [number, number] => [x + (dot % 2), 44 + Math.floor(dot / 2)]);
      return [[x, 40], [x + 1, 40], [x, 41], [x + 1, 41], ...body];
    }).flat();
    const fine = prepareForRecognition(page(204, 196, letters));
    if (fine.kind !== 'text') throw new Error('not read as text');
    const scaled = scaleSmooth(page(204, 196, letters), recognitionDpi / 204, recognitionDpi / 196);
    expect(blackDots(fine.image)).toBeGreaterThan(blackDots(scaled) * 1.1);
  });
});
