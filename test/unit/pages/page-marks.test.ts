// "Blank" means no mark a person would see: a page with one line of text, a line to sign on or a lone page number
// is never blank, however white the rest is; scanner noise (specks) and a scanner's edge shadow are not marks.
// Random pages (fast-check): anything drawn of a letter's size or a line's length is found; specks never are.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flagsOf, measure, type GrayImage } from '../../../main/pages/fax-raster';
import { countMarks } from '../../../main/pages/page-marks';

/** A Letter page at fine fax resolution, white. */
const letter = (): GrayImage => ({ width: 1734, height: 2156, pixels: new Uint8Array(1734 * 2156).fill(255) });

function box(image: GrayImage, x: number, y: number, width: number, height: number, level = 0): void {
  for (let row = y; row < y + height; row += 1) image.pixels.fill(level, row * image.width + x, row * image.width + x + width);
}

/** A glyph-like mark: the outline of a small box (a "0"), strokes 2 px wide. */
function glyph(image: GrayImage, x: number, y: number, level = 0): void {
  box(image, x, y, 12, 2, level);
  box(image, x, y + 18, 12, 2, level);
  box(image, x, y, 2, 20, level);
  box(image, x + 10, y, 2, 20, level);
}

describe('marks on a page', () => {
  it('a line of text, two signature lines, a page number only: never blank', () => {
    const line = letter();
    for (let index = 0; index < 40; index += 1) glyph(line, 200 + index * 16, 400);
    expect(flagsOf(measure(line))).toEqual([]);
    expect(countMarks(line, 127)).toBe(40);

    const signature = letter();
    box(signature, 200, 1800, 560, 1); // a hairline to sign on
    box(signature, 900, 1800, 560, 1);
    expect([countMarks(signature, 127), countMarks(signature, 200)]).toEqual([2, 2]);
    expect(flagsOf(measure(signature))).toEqual([]);

    const numbered = letter();
    glyph(numbered, 860, 2080); // "page 3" near the bottom edge, inside the printable area
    expect(flagsOf(measure(numbered))).toEqual([]);
  });

  it('a light scan (text in light grey) is not blank: it is faint, as it prints (nearly) empty', () => {
    const light = letter();
    for (let index = 0; index < 30; index += 1) glyph(light, 200 + index * 16, 600, 175);
    expect([countMarks(light, 127), countMarks(light, 200)]).toEqual([0, 30]);
    expect(measure(light)).toMatchObject({ hasInk: false, hasMark: true });
    expect(flagsOf(measure(light))).toEqual(['faint']);
  });

  it('white paper, scanner specks and an edge shadow are blank', () => {
    expect(flagsOf(measure(letter()))).toEqual(['blank']);
    const noisy = letter();
    for (let y = 30; y < 2100; y += 37) for (let x = 30 + (y % 11); x < 1700; x += 53) box(noisy, x, y, 1 + (x % 2), 1 + (y % 2));
    box(noisy, 0, 0, 12, 2156, 30); // the scanner lid's shadow along the left edge
    box(noisy, 0, 2146, 1734, 10, 60); // and along the bottom
    expect(countMarks(noisy, 200)).toBe(0);
    expect(flagsOf(measure(noisy))).toEqual(['blank']);
  });

  it('random drawings of a letter’s size or a line’s length are always found; random specks never are (property)', () => {
    const inner = { x: [24, 1700], y: [24, 2120] } as const;
    const drawing = fc.oneof(
      fc.record({ kind: fc.constant('glyph' as const), x: fc.integer({ min: inner.x[0], max: inner.x[1] - 12 }), y: fc.integer({ min: inner.y[0], max: inner.y[1] - 20 }), level: fc.integer({ min: 0, max: 200 }) }),
      fc.record({ kind: fc.constant('line' as const), x: fc.integer({ min: inner.x[0], max: inner.x[1] - 300 }), y: fc.integer({ min: inner.y[0], max: inner.y[1] - 2 }), level: fc.integer({ min: 0, max: 200 }) }),
      fc.record({ kind: fc.constant('dot' as const), x: fc.integer({ min: inner.x[0], max: inner.x[1] - 3 }), y: fc.integer({ min: inner.y[0], max: inner.y[1] - 3 }), level: fc.integer({ min: 0, max: 200 }) }),
    );
    // Specks on a lattice, so no two touch: each is 1 or 2 pixels across, as scanner noise is.
    const specks = fc.array(fc.record({ column: fc.integer({ min: 0, max: 560 }), row: fc.integer({ min: 0, max: 700 }), size: fc.integer({ min: 1, max: 2 }) }), { maxLength: 400 });
    fc.assert(
      fc.property(fc.array(drawing, { minLength: 1, maxLength: 6 }), specks, (drawings, noise) => {
        const page = letter();
        for (const speck of noise) box(page, 20 + speck.column * 3, 20 + speck.row * 3, speck.size, speck.size, 0);
        expect(countMarks(page, 200)).toBe(0);
        for (const item of drawings) {
          if (item.kind === 'glyph') glyph(page, item.x, item.y, item.level);
          else if (item.kind === 'line') box(page, item.x, item.y, 300, 1, item.level);
          else box(page, item.x, item.y, 3, 3, item.level); // a full stop
        }
        const flags = flagsOf(measure(page));
        expect(flags).not.toContain('blank');
        if (drawings.every((item) => item.level > 127)) expect(flags).toContain('faint');
      }),
      { numRuns: 40 },
    );
  });
});
