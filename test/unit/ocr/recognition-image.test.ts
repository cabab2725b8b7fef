import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../../../main/pages/fax-raster';
import { blackShare, noisePageBlackShare, prepareForRecognition, recognitionDpi, removeSpecks, speckDots, thickenDown } from '../../../main/ocr/recognition-image';

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
