/**
 * The bench's unseen pages (bench/lib/unseen-pages.ts) are what the recognition bench says they are: every kind of
 * document, many typefaces and sizes, keys that are really on the page, bilevel dots at the fax resolution, the same
 * page for the same seed and other pages for another seed (tune on one, measure on another).
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unseenFaces, unseenKinds, unseenPages } from '../../../bench/lib/unseen-pages';

describe('the unseen pages of the recognition bench', () => {
  it('hold every kind of document in many faces and sizes, with their keys on the page', () => {
    const pages = [1, 2, 3].flatMap((seed) => unseenPages(seed));
    expect(new Set(pages.map((page) => page.kind))).toEqual(new Set(unseenKinds));
    expect(new Set(pages.map((page) => page.face)).size).toBeGreaterThanOrEqual(8);
    expect(unseenFaces).toHaveLength(10);
    for (const page of pages) {
      expect(page.size).toBeGreaterThanOrEqual(7);
      expect(page.size).toBeLessThanOrEqual(11);
      const text = page.lines.join('\n');
      for (const key of page.keys) expect(text).toContain(key);
    }
    // Accented names and German words are among them.
    expect(pages.some((page) => /[äöüßçñéø]/i.test(page.keys.join(' ')))).toBe(true);
  });

  it('are the same for the same seed and other pages for another seed; drawn bilevel at the fax resolution', () => {
    const digest = (pixels: Uint8Array): string => crypto.createHash('sha256').update(pixels).digest('hex');
    const [first] = unseenPages(7, 1);
    const [again] = unseenPages(7, 1);
    const [other] = unseenPages(8, 1);
    if (!first || !again || !other) throw new Error('no pages');
    expect(again.lines).toEqual(first.lines);
    expect(other.lines).not.toEqual(first.lines);
    const fine = first.draw('fine');
    const standard = first.draw('standard');
    expect([fine.width, fine.height, standard.height]).toEqual([1734, 2156, 1078]);
    expect(digest(again.draw('fine').pixels)).toBe(digest(fine.pixels));
    expect(new Set(fine.pixels)).toEqual(new Set([0, 255]));
    // Some ink, mostly paper.
    const black = fine.pixels.filter((value) => value === 0).length / fine.pixels.length;
    expect(black).toBeGreaterThan(0.005);
    expect(black).toBeLessThan(0.2);
  });
});
