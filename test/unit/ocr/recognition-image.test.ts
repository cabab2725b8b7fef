import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../../../main/pages/fax-raster';
import { blackShare, looseMarkDots, looseMarkGap, looseMarks, noisePageBlackShare, prepareForRecognition, recognitionDpi, removeSpecks, speckDots, thickenDown } from '../../../main/ocr/recognition-image';

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

  it('thickens strokes one dot downwards (the bar of an "e", one line thin, stays black once smoothed)', () => {
    // An "e"-like shape: a bar joined to a bowl, one group of more than a loose mark's dots.
    const bar = Array.from({ length: 8 }, (_, x): [number, number] => [x + 1, 4]);
    const bowl = Array.from({ length: 16 }, (_, y): [number, number] => [1, 5 + y]);
    const thick = thickenDown(page(12, 30, [...bar, ...bowl]));
    for (const [x] of bar) {
      expect(thick.pixels[4 * 12 + x]).toBe(0);
      expect(thick.pixels[5 * 12 + x]).toBe(0);
      expect(thick.pixels[3 * 12 + x]).toBe(255);
    }
    // A stroke down to the page's last line has nothing below it to blacken.
    const stroke = Array.from({ length: 22 }, (_, y): [number, number] => [1, y]);
    expect(blackDots(thickenDown(page(3, 22, stroke)))).toBe(22);
  });

  it('a period, a comma or a hyphen (a small mark with nothing just below) is not grown: it would read as a comma', () => {
    const period: Array<[number, number]> = [[5, 20], [6, 20], [5, 21], [6, 21], [7, 21]];
    const hyphen = Array.from({ length: 6 }, (_, x): [number, number] => [15 + x, 15]);
    const image = page(30, 40, [...period, ...hyphen]);
    expect(looseMarks(image).reduce((sum, dot) => sum + dot, 0)).toBe(period.length + hyphen.length);
    expect(blackDots(thickenDown(image))).toBe(period.length + hyphen.length);
  });

  it('the dots over "ü" or "i" (small, with their letter just below) are grown like the letter', () => {
    const dots: Array<[number, number]> = [[4, 10], [5, 10], [4, 11], [5, 11], [10, 10], [11, 10], [10, 11], [11, 11]];
    // The letter's body starts within the gap below the dots.
    const body = Array.from({ length: 30 }, (_, index): [number, number] => [3 + (index % 10), 11 + looseMarkGap - 2 + Math.floor(index / 10)]);
    const image = page(20, 40, [...dots, ...body]);
    expect(looseMarks(image).reduce((sum, dot) => sum + dot, 0)).toBe(0);
    const thick = thickenDown(image);
    for (const [x] of dots) expect(thick.pixels[12 * 20 + x]).toBe(0);
  });

  it('a mark of more than a loose mark’s dots is grown even with nothing below (a long dash, a rule)', () => {
    const rule = Array.from({ length: looseMarkDots + 1 }, (_, x): [number, number] => [x, 5]);
    expect(blackDots(thickenDown(page(30, 10, rule)))).toBe(2 * rule.length);
    // A block of 9,000 dots (a stamp, a logo): walked whole, grown by its bottom line.
    const block = Array.from({ length: 150 * 60 }, (_, index): [number, number] => [index % 150, Math.floor(index / 150)]);
    expect(blackDots(thickenDown(page(160, 70, block)))).toBe(150 * 61);
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
  it('takes ruling lines off a fine page before reading it and reads it as a column; a page drawn from standard resolution keeps its lines and is read as a block', () => {
    // A word-sized block of text and a long rule under it, on a fine page (its lines not pairs) and the same drawn
    // line by line twice.
    const dots: Array<[number, number]> = [];
    for (let x = 20; x < 60; x += 1) for (let y = 11; y < 30; y += 1) if (x % 6 < 2 || y % 7 === 0) dots.push([x, y]);
    for (let x = 10; x < 300; x += 1) for (const y of [41, 42]) dots.push([x, y]);
    const fine = page(320, 60, dots);
    const doubled = page(320, 120, dots.flatMap(([x, y]): Array<[number, number]> => [[x, 2 * y], [x, 2 * y + 1]]));
    const inkBelowText = (image: GrayImage, from: number) => {
      let ink = 0;
      for (let y = from; y < image.height; y += 1) for (let x = 100; x < 300; x += 1) if ((image.pixels[y * image.width + x] ?? 255) < 128) ink += 1;
      return ink;
    };
    const preparedFine = prepareForRecognition(fine);
    const preparedStandard = prepareForRecognition(doubled);
    if (preparedFine.kind !== 'text' || preparedStandard.kind !== 'text') throw new Error('both pages hold text');
    // And each says the resolution it was sent at (the recognizer reads the two with other settings).
    expect([preparedFine.resolution, preparedStandard.resolution]).toEqual(['fine', 'standard']);
    expect(inkBelowText(preparedFine.image, Math.round(35 * (recognitionDpi / 196)))).toBe(0);
    expect(inkBelowText(preparedStandard.image, Math.round(70 * (recognitionDpi / 196)))).toBeGreaterThan(0);
  });
});
