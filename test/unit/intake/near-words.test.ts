// A word read with a letter wrong still says what it says — in long words only: a short word one edit off is any
// other word ("to" is not "so"), and a kind's title read with a misread letter still gives the kind.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findNear, nearWord, withinEdits } from '../../../main/intake/near-words';
import { faxIntake } from '../../../main/intake/fax-intake';
import { wordPage } from '../../helpers/word-pages';

describe('near words', () => {
  it('counts edits like Levenshtein, stopping early', () => {
    expect(withinEdits('laboratorv', 'laboratory', 1)).toBe(true);
    expect(withinEdits('laboratory', 'lavatory', 1)).toBe(false);
    expect(withinEdits('abc', 'abcde', 1)).toBe(false);
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        // Symmetric, and zero only for equal words.
        expect(withinEdits(a, b, 2)).toBe(withinEdits(b, a, 2));
        expect(withinEdits(a, b, 0)).toBe(a === b);
      }),
    );
  });

  it('allows a misread letter in long words only', () => {
    expect(nearWord('uberweisunq', 'uberweisung')).toBe(true);
    expect(nearWord('refil', 'refill')).toBe(true);
    expect(nearWord('so', 'to')).toBe(false);
    expect(nearWord('claim', 'clam')).toBe(false);
    expect(findNear(['the', 'lab0ratory', 'report'], ['laboratory', 'report'])).toBe(1);
    expect(findNear(['lab', 'results'], ['laboratory', 'report'])).toBe(-1);
  });

  it('a title read with a wrong letter still gives the kind', () => {
    const kind = faxIntake([{ page: 1, words: wordPage(['Laboratorv Report', 'Patient: Jane Doe', 'Referenee range']) }]).kind;
    expect(kind.kind).toBe('lab_results');
  });
});
