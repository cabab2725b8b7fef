/** A text hit's excerpt starts a couple of words before its first marked word, so a one-line row shows the match. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startNearHit } from '../../../main/store/cache/text-excerpts';

const [open, close] = ['[', ']'];

describe('an excerpt started near its hit', () => {
  it('drops the words before all but two short ones, marking the cut', () => {
    expect(startNearHit('a b c [d]', open)).toBe('…b c [d]');
    expect(startNearHit('Befund für Müller, Jürgen Geburtsdatum: 21.09.1958 Versichertennummer: [A123456789]', open)).toBe('…[A123456789]');
    expect(startNearHit('…lab results for [Doe], born 1961', open)).toBe('…for [Doe], born 1961');
    expect(startNearHit('LABORATORY RESULTS Patient: Jane [Doe] DOB: [03/14/1961]', open)).toBe('…Jane [Doe] DOB: [03/14/1961]');
  });

  it('leaves an excerpt whose hit is already near its start, and one with no hit', () => {
    expect(startNearHit('My ID: [XJ447 1920] MRN', open)).toBe('My ID: [XJ447 1920] MRN');
    expect(startNearHit('Insurance ID: [XJ447 1920] MRN', open)).toBe('…ID: [XJ447 1920] MRN');
    expect(startNearHit('[Doe] Jane', open)).toBe('[Doe] Jane');
    expect(startNearHit('no mark here at all in these words', open)).toBe('no mark here at all in these words');
  });

  it('a chunk glued to the marked word stays with it', () => {
    expect(startNearHit('Return by fax to (415) ([555]-0199', open)).toBe('…(415) ([555]-0199');
    expect(startNearHit('a b c d e f([x]', open, { words: 0, chars: 8 })).toBe('…f([x]');
    expect(startNearHit('a b c d e f [x]', open, { words: 0, chars: 8 })).toBe('…[x]');
  });

  it('random excerpts: the marked words and all after them are kept, at most two words and 8 characters before', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9.,:()-]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), word, fc.array(word, { maxLength: 6 }), fc.boolean(), (before, hit, after, glued) => {
        const head = before.join(' ');
        const excerpt = `${head}${head && !glued ? ' ' : ''}${open}${hit}${close}${after.length > 0 ? ' ' : ''}${after.join(' ')}`;
        const result = startNearHit(excerpt, open);
        const tail = excerpt.slice(excerpt.indexOf(open));
        expect(result.endsWith(tail)).toBe(true);
        const kept = result.replace(/^…/, '').slice(0, result.replace(/^…/, '').indexOf(open));
        const wordsKept = kept.split(' ').filter(Boolean).length - (/\S$/.test(kept) ? 1 : 0);
        expect(wordsKept).toBeLessThanOrEqual(2);
        if (result !== excerpt) expect(kept.length - (kept.match(/\S+$/)?.[0].length ?? 0)).toBeLessThanOrEqual(8);
        expect(result.startsWith('…')).toBe(result !== excerpt);
        if (result !== excerpt) expect(excerpt.endsWith(result.slice(1))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
