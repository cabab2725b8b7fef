// The second reading of a standard page's sure numbers: what counts as the same number, which words are read again,
// the picture they are read from (every dot of the spot kept, nothing added where the page is white), and what a
// disagreement does — only ever take sureness away.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confirmNumbers, disagreedConfidence, numberDigits, secondReadingImage, sureFrom, worthConfirming } from '../../../main/ocr/second-reading';
import { sureField } from '../../../main/intake/intake-fields';
import type { RecognizedWord } from '../../../main/ocr/recognition-protocol';
import type { GrayImage } from '../../../main/pages/fax-raster';

const lookalikes: Record<string, string[]> = { '5': ['S', 's', 'Ş'], '0': ['O', 'o', 'D'], '1': ['I', 'l'], '8': ['B'], '2': ['Z'] };
const digitString = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 12 }).map((digits) => digits.join(''));

/** The digits written as a sender or a reading may: separators anywhere, some digits as the letters they look like. */
const written = (digits: string, picks: readonly number[]): string =>
  Array.from(digits)
    .map((digit, index) => {
      const pick = picks[index % picks.length] ?? 0;
      const letters = lookalikes[digit];
      const shown = letters && pick % 3 === 0 ? (letters[pick % letters.length] ?? digit) : digit;
      return `${shown}${['', '', '-', '.', '/', ' '][pick % 6] ?? ''}`;
    })
    .join('');

describe('a second reading of the numbers on a standard page', () => {
  it('a number is its digits: separators and letters that look like digits do not make it another', () => {
    expect(numberDigits('(464) 555-7501')).toBe('4645557501');
    expect(numberDigits('S55.7227')).toBe('5557227');
    expect(numberDigits('O8O710-73')).toBe('080710-73'.replace('-', ''));
    fc.assert(
      fc.property(digitString, fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (digits, first, second) => {
        expect(numberDigits(written(digits, first))).toBe(digits);
        expect(numberDigits(written(digits, first))).toBe(numberDigits(written(digits, second)));
      }),
      { seed: 56_101, numRuns: 300 },
    );
  });

  it('one digit read otherwise, one more or one fewer is another number', () => {
    fc.assert(
      fc.property(digitString, fc.nat(), fc.integer({ min: 1, max: 9 }), (digits, at, by) => {
        const index = at % digits.length;
        const changed = `${digits.slice(0, index)}${String((Number(digits[index]) + by) % 10)}${digits.slice(index + 1)}`;
        expect(numberDigits(changed)).not.toBe(numberDigits(digits));
        expect(numberDigits(digits.slice(1))).not.toBe(numberDigits(digits));
        expect(numberDigits(`${digits}${String(by)}`)).not.toBe(numberDigits(digits));
      }),
      { seed: 56_102, numRuns: 300 },
    );
  });

  it('reads again only numbers of four digits or more that the first reading is sure of', () => {
    expect(sureFrom).toBe(sureField);
    expect(worthConfirming({ text: '080710-73', confidence: sureFrom })).toBe(true);
    expect(worthConfirming({ text: '080710-73', confidence: sureFrom - 1 })).toBe(false);
    expect(worthConfirming({ text: '12a', confidence: 99 })).toBe(false);
    expect(worthConfirming({ text: 'Suite 101', confidence: 99 })).toBe(false);
    expect(worthConfirming({ text: 'A1234', confidence: 96 })).toBe(true);
  });

  it('the spot is drawn twice as large: every dot of the word stays, and white paper stays white', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 80 }),
        fc.integer({ min: 10, max: 40 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 2, max: 15 }), fc.integer({ min: 2, max: 10 })),
        (width, height, dots, [left, top, boxWidth, boxHeight]) => {
          const pixels = new Uint8Array(width * height).fill(255);
          for (const dot of dots) pixels[dot % pixels.length] = 0;
          const page: GrayImage = { width, height, pixels };
          const x0 = left % width;
          const y0 = top % height;
          const x1 = Math.min(width, x0 + boxWidth);
          const y1 = Math.min(height, y0 + boxHeight);
          const image = secondReadingImage(page, [x0 / width, y0 / height, x1 / width, y1 / height]);
          const margin = Math.max(2, Math.round((y1 - y0) * 0.4));
          expect(image.width).toBe(2 * (x1 - x0 + 2 * margin));
          expect(image.height).toBe(2 * (y1 - y0 + 2 * margin));
          const out = (x: number, y: number) => image.pixels[y * image.width + x] ?? 255;
          const source = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? 255 : (pixels[y * width + x] ?? 255));
          for (let y = 0; y < image.height; y += 1) {
            for (let x = 0; x < image.width; x += 1) {
              // The source dot this one is drawn from, and its neighbours (smoothing reaches one dot).
              const sx = x0 - margin + Math.floor(x / 2);
              const sy = y0 - margin + Math.floor(y / 2);
              let near = false;
              for (let dy = -1; dy <= 1; dy += 1) for (let dx = -1; dx <= 1; dx += 1) if (source(sx + dx, sy + dy) === 0) near = true;
              if (!near) expect(out(x, y)).toBe(255);
            }
          }
          for (let sy = y0 - margin; sy < y0 - margin + image.height / 2; sy += 1) {
            for (let sx = x0 - margin; sx < x0 - margin + image.width / 2; sx += 1) {
              if (source(sx, sy) !== 0) continue;
              const ox = 2 * (sx - (x0 - margin));
              const oy = 2 * (sy - (y0 - margin));
              expect([out(ox, oy), out(ox + 1, oy), out(ox, oy + 1), out(ox + 1, oy + 1)]).toContain(0);
            }
          }
        },
      ),
      { seed: 56_103, numRuns: 150 },
    );
  });

  const page: GrayImage = { width: 100, height: 50, pixels: new Uint8Array(100 * 50).fill(255) };
  const word = (text: string, confidence: number): RecognizedWord => ({ text, confidence, box: [0.1, 0.1, 0.5, 0.3] });

  it('a number read with other digits the second time is no longer sure; one read alike keeps its confidence', async () => {
    const words = [word('MRN:', 96), word('080710-73', 93), word('(725)', 95), word('555-6375', 92), word('DOB:', 96), word('04/04/1946', 95)];
    const seconds = new Map([
      ['080710-73', '090710-73'],
      ['555-6375', 'S55.6375'],
      ['04/04/1946', '04/04/1946'],
    ]);
    const read: string[] = [];
    let next = 0;
    const order = ['080710-73', '555-6375', '04/04/1946'];
    const confirmed = await confirmNumbers(words, page, (image) => {
      expect(image.width).toBeGreaterThan(2 * 40);
      const text = order[next] ?? '';
      next += 1;
      read.push(text);
      return Promise.resolve(seconds.get(text) ?? '');
    });
    // Only the sure numbers were read again ("(725)" has three digits).
    expect(read).toEqual(order);
    expect(confirmed.map((item) => [item.text, item.confidence])).toEqual([
      ['MRN:', 96],
      ['080710-73', disagreedConfidence],
      ['(725)', 95],
      ['555-6375', 92],
      ['DOB:', 96],
      ['04/04/1946', 95],
    ]);
    expect(disagreedConfidence).toBeLessThan(sureField);
  });

  it('whatever the second reading says, it never adds sureness, never changes a word and never reads an unsure one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ text: fc.oneof(digitString, fc.string({ maxLength: 8 }), digitString.map((digits) => `${digits.slice(0, 3)}-${digits.slice(3)}`)), confidence: fc.integer({ min: 0, max: 100 }) }), { maxLength: 12 }),
        fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 12 }),
        async (shapes, answers) => {
          const words = shapes.map((shape) => word(shape.text, shape.confidence));
          let asked = 0;
          const confirmed = await confirmNumbers(words, page, () => Promise.resolve(answers[asked++ % answers.length] ?? ''));
          expect(asked).toBe(words.filter(worthConfirming).length);
          confirmed.forEach((item, index) => {
            const before = words[index];
            expect(item.text).toBe(before?.text);
            expect(item.box).toEqual(before?.box);
            expect(item.confidence).toBeLessThanOrEqual(before?.confidence ?? -1);
            if (!worthConfirming(before ?? word('', 0))) expect(item.confidence).toBe(before?.confidence);
          });
        },
      ),
      { seed: 56_104, numRuns: 200 },
    );
  });
});
