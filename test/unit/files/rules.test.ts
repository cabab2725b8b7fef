import { describe, expect, it } from 'vitest';
import { checkFaxNumber, countryOfLocale, splitPastedNumbers } from '../../../preload/fax-number';
import { checkFileCount, checkFileSize, checkRecipients } from '../../../main/files/submission-rules';
import { translate } from '../../../preload/i18n/translator';
import type { NumberCheck } from '../../../preload/fax-number';

/** A check's refusal in English words, as the tests read it. */
const inWords = (check: NumberCheck) => (check.ok ? check : { ok: false, message: translate('en', check.message) });

describe('fax numbers', () => {
  it.each([
    ['+1 (415) 555-0100', '+14155550100'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+49 30 901820', '+4930901820'],
    ['  +14155550100 ', '+14155550100'],
    // Full-width digits and plus (typed with an East Asian input method) are the same number.
    ['＋１ ４１５ ５５５ ０１００', '+14155550100'],
    // Invisible characters pasted from documents and web pages: zero-width space, direction marks, BOM, soft hyphen.
    ['\u200B+1\u200E415\u200F555\u00AD0100\uFEFF', '+14155550100'],
    ['\u202A+44 20 7946 0958\u202C', '+442079460958'],
    ['+1 415–555—0100', '+14155550100'],
  ])('%j → %s', (input, e164) => {
    expect(checkFaxNumber(input)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['', /Enter a fax number/],
    ['4155550100', /country code/],
    ['0044 20 7946 0958', /Use \+ instead of 00/],
    ['+1 415 CALL NOW', /contains letters/],
    ['+1 415 555 01OO', /contains letters/],
    ['+1 415 555 010O', /contains the letter “O”/],
    ['+1 415 555 0100 #2', /contains “#” \(U\+0023\)/],
    ['14155550100+', /contains “\+”/],
    ['+1415', /too short/],
    ['+1234567890123456', /too long/],
    ['+1 000 000 0000', /not a valid number/],
  ])('%j is refused: %s', (input, message) => {
    const check = checkFaxNumber(input);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(translate('en', check.message)).toMatch(message);
  });

  it('with a default country, numbers are read the way people there dial them; other countries still need their +', () => {
    const us = { defaultCountry: 'US' };
    expect(checkFaxNumber('(415) 555-0100', us)).toEqual({ ok: true, e164: '+14155550100' });
    expect(checkFaxNumber('415.555.0100', us)).toEqual({ ok: true, e164: '+14155550100' });
    expect(checkFaxNumber('1 415 555 0100', us)).toEqual({ ok: true, e164: '+14155550100' });
    expect(checkFaxNumber('+44 20 7946 0958', us)).toEqual({ ok: true, e164: '+442079460958' });
    expect(inWords(checkFaxNumber('020 7946 0958', us))).toEqual({
      ok: false,
      message: 'This is not a valid number for the country set for numbers typed without + (United States). A number from another country needs its country code with a leading + (e.g. +44 20 7946 0958).',
    });
    // Worded when it is shown, in the reader's language: the country's own name there too.
    const refused = checkFaxNumber('020 7946 0958', us);
    if (!refused.ok) expect(translate('de', refused.message)).toBe('Das ist keine gültige Nummer für das Land, das für Nummern ohne + eingestellt ist (Vereinigte Staaten). Eine Nummer aus einem anderen Land braucht ihre Landesvorwahl mit führendem + (z. B. +44 20 7946 0958).');
    expect(checkFaxNumber('030 901820', { defaultCountry: 'DE' })).toEqual({ ok: true, e164: '+4930901820' });
    expect(inWords(checkFaxNumber('00 44 20 7946 0958', us))).toMatchObject({ ok: false, message: 'Use + instead of 00 before the country code (e.g. +44 20 7946 0958).' });
    // Without a default country (or an unknown one) the + stays required.
    for (const options of [{}, { defaultCountry: null }, { defaultCountry: 'XX' }]) {
      expect(inWords(checkFaxNumber('(415) 555-0100', options))).toEqual({ ok: false, message: 'Add the country code with a leading + (e.g. +1 415 555 0100).' });
    }
  });

  it('the default country is guessed from the locale\'s region', () => {
    expect(countryOfLocale('en-US')).toBe('US');
    expect(countryOfLocale('de-DE')).toBe('DE');
    expect(countryOfLocale('en-GB')).toBe('GB');
    expect(countryOfLocale('fr')).toBe('FR');
    expect(countryOfLocale('not a locale!')).toBeNull();
  });

  it('splits a pasted list by lines, commas and semicolons', () => {
    expect(splitPastedNumbers('+14155550100\n+14155550101, +14155550102;\n\n +14155550103 ')).toEqual(['+14155550100', '+14155550101', '+14155550102', '+14155550103']);
  });
});

describe('submission rules', () => {
  const numbers = (count: number) => Array.from({ length: count }, (_, index) => ({ number: `+1415555${String(1000 + index)}` }));

  it('normalises recipients to E.164 and keeps names', () => {
    expect(checkRecipients([{ number: '+1 (415) 555-0100', name: ' Dr. Lee ' }, { number: '+14155550101' }])).toEqual([
      { number: '+14155550100', name: 'Dr. Lee' },
      { number: '+14155550101' },
    ]);
  });

  it('20 recipients pass; the 21st is refused with the count', () => {
    expect(checkRecipients(numbers(20))).toHaveLength(20);
    expect(() => checkRecipients(numbers(21))).toThrow('A fax can go to at most 20 recipients; this one has 21. Split it into two faxes.');
  });

  it('names the recipient that is wrong, and refuses duplicates and an empty list', () => {
    expect(() => checkRecipients([{ number: '+14155550100' }, { number: '555-0100' }])).toThrow(/^Recipient 2: Add the country code/);
    expect(() => checkRecipients([{ number: '+14155550100' }, { number: '+1 415 555 0100' }])).toThrow('Recipient 2 is listed twice.');
    expect(() => checkRecipients([])).toThrow('Add at least one recipient.');
  });

  it('20 files pass; the 21st is refused; nothing at all is refused unless a cover is chosen', () => {
    expect(() => checkFileCount(20, null)).not.toThrow();
    expect(() => checkFileCount(21, null)).toThrow(/at most 20 files; this one has 21/);
    expect(() => checkFileCount(0, null)).toThrow(/Nothing to send/);
    expect(() => checkFileCount(0, 'cov_1')).not.toThrow();
  });

  it('25 MB per file: 25,000,000 bytes pass, one more is refused with both sizes', () => {
    expect(() => checkFileSize(25_000_000, 'File 1')).not.toThrow();
    expect(() => checkFileSize(26_000_000, 'File 4')).toThrow('File 4 is 26.0 MB; the Fax Service accepts at most 25.0 MB per file. Compress it or split it.');
    expect(() => checkFileSize(25_000_001, 'File 5')).toThrow('File 5 is 25,000,001 bytes; the Fax Service accepts at most 25,000,000 bytes per file. Compress it or split it.');
    expect(() => checkFileSize(0, 'File 2')).toThrow('File 2 is empty.');
  });
});
