import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../../../main/pages/fax-raster';
import { drawnFromStandard, removeRulingLines, ruleMaxThickness, ruleMinDots } from '../../../main/ocr/ruling-lines';

function blank(width: number, height: number): GrayImage {
  return { width, height, pixels: new Uint8Array(width * height).fill(255) };
}

function fill(image: GrayImage, x0: number, y0: number, width: number, height: number): void {
  for (let y = y0; y < y0 + height; y += 1) for (let x = x0; x < x0 + width; x += 1) if (x >= 0 && y >= 0 && x < image.width && y < image.height) image.pixels[y * image.width + x] = 0;
}

/** A line from (x0, y0) to (x1, y1), `thickness` dots across (down for a flat line, right for a steep one). */
function line(image: GrayImage, x0: number, y0: number, x1: number, y1: number, thickness: number): void {
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
  const flat = Math.abs(x1 - x0) >= Math.abs(y1 - y0);
  for (let step = 0; step <= steps; step += 1) {
    const x = Math.round(x0 + ((x1 - x0) * step) / steps);
    const y = Math.round(y0 + ((y1 - y0) * step) / steps);
    if (flat) fill(image, x, y, 1, thickness);
    else fill(image, x, y, thickness, 1);
  }
}

/** A letter-like glyph: a stem and a bowl, about the size of 10 pt type at fine resolution. */
function glyph(image: GrayImage, x: number, y: number, bold: boolean): void {
  const stroke = bold ? 4 : 2;
  fill(image, x, y, stroke, 24);
  fill(image, x, y + 10, 12, stroke);
  fill(image, x + 12 - stroke, y + 10, stroke, 14);
  fill(image, x, y + 24 - stroke, 12, stroke);
}

const black = (image: GrayImage, x: number, y: number): boolean => (image.pixels[y * image.width + x] ?? 255) <= 127;
const blackCount = (image: GrayImage): number => image.pixels.reduce((count, pixel) => count + (pixel <= 127 ? 1 : 0), 0);

describe('ruling lines taken off a fax page', () => {
  it("a table's rules go, its cells' letters stay dot for dot", () => {
    const image = blank(700, 200);
    const letters = blank(700, 200);
    for (const target of [image, letters]) for (const [column, row] of [[0, 0], [1, 0], [2, 1], [0, 2], [1, 2]] as const) for (let index = 0; index < 4; index += 1) glyph(target, 30 + column * 220 + index * 16, 20 + row * 55, index === 0);
    for (let row = 0; row <= 3; row += 1) line(image, 10, 10 + row * 55, 680, 10 + row * 55, 2);
    for (let column = 0; column <= 3; column += 1) line(image, 10 + column * 220, 10, 10 + column * 220, 175, 2);
    const cleaned = removeRulingLines(image);
    expect(blackCount(cleaned)).toBe(blackCount(letters));
    for (let index = 0; index < letters.pixels.length; index += 1) expect(cleaned.pixels[index]).toBe(letters.pixels[index]);
  });

  it('the rules of a skewed page go too (long steps), up to 1.5°, 2 or 3 dots thick', () => {
    for (const [rise, thickness] of [[0, 2], [8, 2], [15, 3], [-15, 3]] as const) {
      const image = blank(600, 80);
      line(image, 10, 40, 590, 40 + rise, thickness);
      line(image, 300, 5, 300 + Math.round(rise / 8), 75, thickness);
      expect(blackCount(removeRulingLines(image))).toBe(0);
    }
  });

  it('an inverted heading (white words in a black bar), a thick bar and a bold word whose letters merge all stay', () => {
    const image = blank(700, 200);
    fill(image, 20, 10, 600, 26);
    // White letters cut out of the bar.
    for (let index = 0; index < 20; index += 1) for (let y = 16; y < 30; y += 1) for (let x = 40 + index * 25; x < 52 + index * 25; x += 1) image.pixels[y * 700 + x] = 255;
    fill(image, 20, 60, 300, ruleMaxThickness + 2);
    // A bold word: glyphs touching each other along a joined baseline.
    for (let index = 0; index < 8; index += 1) glyph(image, 40 + index * 12, 120, true);
    fill(image, 40, 140, 96, 4);
    const before = blackCount(image);
    expect(blackCount(removeRulingLines(image))).toBe(before);
  });

  it('random letters and random rules between them: the rules go whole, every letter keeps every dot', () => {
    // Letters on a grid of slots (12 × 24 dots each, 30 across and 34 down apart); rules in the gaps between them.
    const slot = (column: number, row: number) => ({ x: 10 + column * 30, y: 8 + row * 34 });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ column: fc.integer({ min: 0, max: 18 }), row: fc.integer({ min: 0, max: 5 }), bold: fc.boolean() }), { maxLength: 60, selector: (letter) => `${letter.column}/${letter.row}` }),
        fc.array(fc.record({ row: fc.integer({ min: 0, max: 5 }), from: fc.integer({ min: 0, max: 200 }), length: fc.integer({ min: ruleMinDots, max: 380 }), thickness: fc.integer({ min: 1, max: 3 }) }), { maxLength: 4 }),
        fc.array(fc.record({ column: fc.integer({ min: 0, max: 18 }), thickness: fc.integer({ min: 1, max: 3 }) }), { maxLength: 3 }),
        (letters, rows, columns) => {
          const text = blank(600, 210);
          for (const letter of letters) glyph(text, slot(letter.column, letter.row).x, slot(letter.column, letter.row).y, letter.bold);
          const page: GrayImage = { ...text, pixels: new Uint8Array(text.pixels) };
          for (const rule of rows) line(page, rule.from, slot(0, rule.row).y + 27, rule.from + rule.length, slot(0, rule.row).y + 27, rule.thickness);
          for (const rule of columns) line(page, slot(rule.column, 0).x + 19, 2, slot(rule.column, 0).x + 19, 205, rule.thickness);
          const cleaned = removeRulingLines(page);
          for (let index = 0; index < text.pixels.length; index += 1) if (cleaned.pixels[index] !== text.pixels[index]) expect({ index, cleaned: cleaned.pixels[index], text: text.pixels[index] }).toBeNull();
        },
      ),
      { seed: 39, numRuns: 80 },
    );
  });

  it('keeps a letter that touches a rule (its stem is tall across the rule)', () => {
    const image = blank(400, 80);
    glyph(image, 100, 20, false);
    line(image, 10, 44, 390, 44, 2);
    const cleaned = removeRulingLines(image);
    // The stem above and below the rule is there; the rule is gone left and right of it.
    expect(black(cleaned, 100, 25)).toBe(true);
    expect(black(cleaned, 100, 43)).toBe(true);
    expect(black(cleaned, 50, 44)).toBe(false);
    expect(black(cleaned, 300, 45)).toBe(false);
  });

  it('tells a page drawn from standard resolution (each line twice) from a fine one', () => {
    const fine = blank(300, 100);
    for (let index = 0; index < 10; index += 1) glyph(fine, 10 + index * 25, 11, false);
    expect(drawnFromStandard(fine)).toBe(false);
    const standard = blank(300, 100);
    for (let y = 0; y < 100; y += 2) for (let x = 0; x < 300; x += 1) {
      const source = fine.pixels[Math.floor(y / 2) * 2 * 300 + x] ?? 255;
      standard.pixels[y * 300 + x] = source;
      standard.pixels[(y + 1) * 300 + x] = source;
    }
    expect(drawnFromStandard(standard)).toBe(true);
    expect(drawnFromStandard(blank(300, 100))).toBe(false);
  });
});
