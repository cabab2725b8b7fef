// The matcher's field comparisons, each with the ways faxes and recognition get a value wrong.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readDistance, readWithin } from '../../../main/chart/matching/read-distance';
import { birthDateNeighbours, compareBirthDates, readBirthDate } from '../../../main/chart/matching/birth-dates';
import { compareIds, idKey } from '../../../main/chart/matching/identifiers';
import { compareNames, readName, recordName, type NameAgreement } from '../../../main/chart/matching/name-parts';
import { sameGivenName } from '../../../main/chart/matching/nicknames';

describe('how far a reading is from the value on record', () => {
  it.each([
    ['gonzalez', 'gonzalez', 0],
    ['g0nzalez', 'gonzalez', 0.5],
    ['1234567', 'l234567', 0.5],
    ['5mith', 'smith', 0.5],
    ['srnith', 'smith', 0.5],
    ['smith', 'smyth', 1],
    ['smiht', 'smith', 1],
    ['smith', 'smiths', 1],
    ['jones', 'smith', 5],
  ])('%s against %s: %d', (read, meant, expected) => {
    expect(readDistance(read, meant)).toBe(expected);
  });

  // The matcher asks only "within this much?" and stops early; the early answer must be the full table's.
  it('within a limit, the quick answer is the full one, whatever was compared before', () => {
    const letters = fc.constantFrom(...Array.from('rnmcldvwuiho01l58bsgq6a'));
    const word = fc.array(letters, { maxLength: 11 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(word, word, fc.constantFrom(0, 0.5, 1, 1.5, 2), word, (read, meant, limit, before) => {
        readDistance(before, `${meant}${before}`);
        expect(readWithin(read, meant, limit)).toBe(readDistance(read, meant) <= limit);
      }),
      { numRuns: 3000, seed: 55 },
    );
  });
});

describe('birth dates as faxes write them', () => {
  it.each([
    ['03/14/1961', '1961-03-14', null],
    ['14.03.1961', '1961-03-14', null],
    ['1961-03-14', '1961-03-14', null],
    ['14/03/1961', '1961-03-14', null],
    ['03/04/1980', '1980-03-04', '1980-04-03'],
    ['04.03.80', '1980-03-04', '1980-04-03'],
    ['03/04/19', '2019-03-04', '2019-04-03'],
  ])('%s is %s (the other way round: %s)', (text, meant, otherWay) => {
    expect(readBirthDate(text, 2026)).toEqual({ meant, otherWay });
  });

  it('refuses what is no date: a future two-digit year goes to the last century, a 31st of February is nothing', () => {
    expect(readBirthDate('02/31/1980', 2026)).toBeNull();
    expect(readBirthDate('Jane Doe', 2026)).toBeNull();
    expect(readBirthDate('01/02/45', 2026)?.meant).toBe('1945-01-02');
  });

  it('agrees exactly, the other way round, a digit off, or not', () => {
    const read = readBirthDate('03/04/1980', 2026);
    expect(compareBirthDates(read, '1980-03-04')).toBe('exact');
    expect(compareBirthDates(read, '1980-04-03')).toBe('swapped');
    expect(compareBirthDates(read, '1986-03-04')).toBe('digit');
    expect(compareBirthDates(read, '1975-11-20')).toBe('differ');
    expect(compareBirthDates(null, '1975-11-20')).toBe('missing');
    expect(birthDateNeighbours(read ?? { meant: '', otherWay: null })).toEqual(expect.arrayContaining(['1980-03-04', '1980-04-03', '1986-03-04', '1980-03-07']));
  });

  it('"a digit off" is the digits within one edit, with the quick refusal of dates far apart', () => {
    const date = fc.date({ min: new Date('1900-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }).map((day) => day.toISOString().slice(0, 10));
    fc.assert(
      // The record's date is another one, or the read one with up to three digits changed (where the quick refusal acts).
      fc.property(date, date, fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 9 })), { maxLength: 3 }), fc.boolean(), (meant, other, changes, nearby) => {
        const digits = meant.replace(/-/g, '').split('');
        for (const [place, digit] of changes) digits[place] = String(digit);
        const recorded = nearby ? `${digits.slice(0, 4).join('')}-${digits.slice(4, 6).join('')}-${digits.slice(6).join('')}` : other;
        const read = { meant, otherWay: null };
        const digitsOff = readDistance(meant.replace(/-/g, ''), recorded.replace(/-/g, '')) <= 1;
        expect(compareBirthDates(read, recorded)).toBe(meant === recorded ? 'exact' : digitsOff ? 'digit' : 'differ');
      }),
      { numRuns: 2000, seed: 55 },
    );
    // Two digits that look alike, and two swapped: each within one edit.
    expect(compareBirthDates({ meant: '1988-03-04', otherWay: null }, '1966-03-04')).toBe('digit');
    expect(compareBirthDates({ meant: '1980-03-04', otherWay: null }, '1908-03-04')).toBe('digit');
  });
});

describe('record numbers and member ids', () => {
  it('compares each read id with every id on record, and says which pairing agreed', () => {
    expect(idKey('MRN 00123-456')).toBe('mrn00123456');
    expect(idKey('00123456')).toBe('123456');
    const record = { mrn: '4471920', memberIds: ['XJ4471920', 'W000123456'] };
    expect(compareIds({ mrn: '4471920', memberId: null }, record)).toEqual({ agreement: 'exact', pairing: 'mrn' });
    expect(compareIds({ mrn: '4471926', memberId: null }, record)).toEqual({ agreement: 'digit', pairing: 'mrn' });
    expect(compareIds({ mrn: null, memberId: 'W000123456' }, record)).toEqual({ agreement: 'exact', pairing: 'member' });
    expect(compareIds({ mrn: 'XJ4471920', memberId: null }, record)).toEqual({ agreement: 'exact', pairing: 'member-as-mrn' });
    expect(compareIds({ mrn: '9999999', memberId: null }, record)).toEqual({ agreement: 'differ', pairing: 'mrn' });
    expect(compareIds({ mrn: null, memberId: null }, record)).toEqual({ agreement: 'missing', pairing: null });
    // One character off counts only on ids long enough.
    expect(compareIds({ mrn: '124', memberId: null }, { mrn: '123', memberIds: [] }).agreement).toBe('differ');
  });
});

describe('names as faxes write them', () => {
  const weigh = (agreement: NameAgreement): number => ({ exact: 10, part: 6, former: 7, spelling: 8, misread: 5, differ: -6 })[agreement.family] + ({ exact: 8, nickname: 4, middle: 3, spelling: 4, misread: 3, initial: -1, differ: -5, missing: 0 })[agreement.given];
  const compare = (read: string, family: string, given: string[], formers: string[] = []): NameAgreement => compareNames(readName(read) ?? { words: [], surnameWords: null }, recordName(family, given, formers), weigh);

  it.each([
    ['Maria Gonzalez', 'exact', 'exact'],
    ['GONZALEZ, Maria', 'exact', 'exact'],
    ['Gonzalez Maria', 'exact', 'exact'],
    ['Mrs. Maria Gonzalez', 'exact', 'exact'],
    ['Maria Gonzales', 'misread', 'exact'],
    ['Mar1a Gonzalez', 'exact', 'misread'],
    ['M. Gonzalez', 'exact', 'initial'],
    ['Ana Gonzalez', 'exact', 'differ'],
  ] as const)('%s against Maria Gonzalez: surname %s, given name %s', (read, family, given) => {
    expect(compare(read, 'Gonzalez', ['Maria'])).toEqual({ family, given });
  });

  it('two-part and hyphenated surnames in part, accents dropped, ü as ue, ß as ss, an earlier surname, a particle', () => {
    expect(compare('José García', 'García López', ['José'])).toEqual({ family: 'part', given: 'exact' });
    expect(compare('Anna Meyer', 'Meyer-Lindqvist', ['Anna'])).toEqual({ family: 'part', given: 'exact' });
    expect(compare('Jorg Weiss', 'Weiß', ['Jörg'])).toEqual({ family: 'exact', given: 'exact' });
    expect(compare('Joerg Mueller', 'Müller', ['Jörg'])).toEqual({ family: 'spelling', given: 'spelling' });
    expect(compare('Sarah Fitzgerald', 'Okonkwo', ['Sarah'], ['Fitzgerald'])).toEqual({ family: 'former', given: 'exact' });
    expect(compare('Maria De la Cruz', 'de la Cruz', ['María'])).toEqual({ family: 'exact', given: 'exact' });
    expect(compare("Sean O'Brien", "O'Brien", ['Seán'])).toEqual({ family: 'exact', given: 'exact' });
  });

  it('a nickname for the given name, and a patient who goes by a middle name', () => {
    expect(compare('Bill Smith', 'Smith', ['William'])).toEqual({ family: 'exact', given: 'nickname' });
    expect(compare('Smith, Peggy', 'Smith', ['Margaret', 'Ann'])).toEqual({ family: 'exact', given: 'nickname' });
    expect(compare('Ann Smith', 'Smith', ['Margaret', 'Ann'])).toEqual({ family: 'exact', given: 'middle' });
    expect(sameGivenName('alex', 'alexandra')).toBe(true);
    expect(sameGivenName('alex', 'alexander')).toBe(true);
    expect(sameGivenName('alexander', 'alexandra')).toBe(false);
  });
});
