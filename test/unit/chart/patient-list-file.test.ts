// A practice-management export as offices have them: encodings, delimiters, quotes, broken rows, and the columns
// and date order guessed from what the file says.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRows, decodeList, delimiterOf, type Delimiter } from '../../../main/chart/patient-list/csv-file';
import { guessColumns, guessDateOrder } from '../../../main/chart/patient-list/list-columns';
import { columnsAt, rowReader } from '../../../main/chart/patient-list/list-records';
import { listBirthDate } from '../../../preload/list-dates';

const rows = (text: string) => [...csvRows(text, delimiterOf(text))].map((row) => ({ line: row.line, fields: row.fields }));

describe('the file as written', () => {
  it('reads UTF-8 with and without its mark, Excel\'s UTF-16, and Windows-1252 from older exports', () => {
    const text = 'Nachname;Vorname\nMüller;Jörg\n';
    expect(decodeList(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text, 'utf8')]))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeList(new Uint8Array(Buffer.from(text, 'utf8')))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeList(new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]))).toEqual({ text, encoding: 'utf-16le' });
    expect(decodeList(new Uint8Array(Buffer.from(text, 'latin1')))).toEqual({ text, encoding: 'windows-1252' });
  });

  it('finds the delimiter of the header line: commas, semicolons (German Excel), tabs', () => {
    expect(delimiterOf('MRN,Last Name,First Name\n')).toBe(',');
    expect(delimiterOf('Nr;Nachname;Vorname;"Geb, Datum"\n')).toBe(';');
    expect(delimiterOf('MRN\tLast\tFirst\n')).toBe('\t');
  });

  it('quotes: commas, doubled quotes and line breaks inside a field; the rows after keep their line numbers', () => {
    const text = 'MRN,Name,Note\r\n1,"Gonzalez, Maria","said ""hi""\nand left"\r\n\r\n2,Smith,\n';
    expect(rows(text)).toEqual([
      { line: 1, fields: ['MRN', 'Name', 'Note'] },
      { line: 2, fields: ['1', 'Gonzalez, Maria', 'said "hi"\nand left'] },
      { line: 5, fields: ['2', 'Smith', ''] },
    ]);
  });

  it('any table written with quotes where needed reads back cell for cell (property)', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', 'ü', ' ', ',', ';', '"', '\n', '\r\n', '1', '-', '\t'), maxLength: 12 });
    fc.assert(
      fc.property(fc.constantFrom<Delimiter>(',', ';', '\t'), fc.integer({ min: 1, max: 5 }), fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 8 }), (delimiter, width, table) => {
        const header = Array.from({ length: width }, (_, index) => `Column${String(index)}`);
        const body = table.map((row) => row.slice(0, width)).filter((row) => row.some((value) => value !== ''));
        const quote = (value: string) => (/[",;\t\r\n]/.test(value) || value.startsWith(' ') ? `"${value.replace(/"/g, '""')}"` : value);
        const text = [header, ...body].map((row) => row.map(quote).join(delimiter)).join('\r\n');
        expect([...csvRows(text, delimiter)].map((row) => row.fields)).toEqual([header, ...body]);
      }),
      { numRuns: 400, seed: 55 },
    );
  });
});

describe('the columns and dates guessed', () => {
  it('from English and German headers', () => {
    expect(guessColumns(['Patient ID', 'Last Name', 'First Name', 'DOB', 'Member ID', 'Phone'])).toEqual({ mrn: 'Patient ID', family: 'Last Name', given: 'First Name', fullName: null, birthDate: 'DOB', memberIds: 'Member ID', formerFamily: null });
    expect(guessColumns(['Pat.-Nr.', 'Nachname', 'Vorname', 'Geburtsdatum', 'Geburtsname', 'Versichertennummer'])).toEqual({ mrn: 'Pat.-Nr.', family: 'Nachname', given: 'Vorname', fullName: null, birthDate: 'Geburtsdatum', memberIds: 'Versichertennummer', formerFamily: 'Geburtsname' });
    expect(guessColumns(['Chart #', 'Patient Name', 'Date of Birth'])).toMatchObject({ mrn: 'Chart #', family: null, fullName: 'Patient Name', birthDate: 'Date of Birth' });
    expect(guessColumns(['Account', 'Name', 'Birthdate'])).toMatchObject({ family: null, fullName: 'Name' });
  });

  it('the date order from the dates: a first part over 12 is a day; ISO is year first; dots alone say day first', () => {
    expect(guessDateOrder(['03/04/1980', '11/30/1975'])).toBe('mdy');
    expect(guessDateOrder(['03/04/1980', '30/11/1975'])).toBe('dmy');
    expect(guessDateOrder(['1980-03-04'])).toBe('ymd');
    expect(guessDateOrder(['03.04.1980', '01.02.1975'])).toBe('dmy');
    expect(guessDateOrder(['03/04/1980'])).toBe('mdy');
  });

  it('reads a birth date in the order chosen, and refuses what is no date or lies ahead', () => {
    const today = '2026-11-29';
    expect(listBirthDate('03/04/1980', 'mdy', today)).toBe('1980-03-04');
    expect(listBirthDate('03/04/1980', 'dmy', today)).toBe('1980-04-03');
    expect(listBirthDate('1980-03-04 00:00:00', 'dmy', today)).toBe('1980-03-04');
    expect(listBirthDate('04.03.80', 'dmy', today)).toBe('1980-03-04');
    expect(listBirthDate('04.03.19', 'dmy', today)).toBe('2019-03-04');
    expect(listBirthDate('31/02/1980', 'dmy', today)).toBeNull();
    expect(listBirthDate('13/13/1980', 'mdy', today)).toBeNull();
    expect(listBirthDate('12/01/2027', 'mdy', today)).toBeNull();
    expect(listBirthDate('unknown', 'mdy', today)).toBeNull();
  });
});

describe('a row as a patient, or why it is left out', () => {
  const header = ['MRN', 'Last', 'First', 'DOB', 'Member'];
  const at = columnsAt(header, { mrn: 'MRN', family: 'Last', given: 'First', fullName: null, birthDate: 'DOB', memberIds: 'Member', formerFamily: null });
  if ('missing' in at) throw new Error('columns');
  const read = rowReader(at, 'mdy', '2026-11-29', header.length);
  const row = (fields: string[]) => read({ line: 2, fields });

  it('a whole row, member ids split', () => {
    expect(row(['4471920', 'Weiß', 'Jörg Peter', '12/24/1971', 'XJ1; W2'])).toEqual({ id: '4471920', family: 'Weiß', given: ['Jörg', 'Peter'], formerFamilies: [], birthDate: '1971-12-24', mrn: '4471920', memberIds: ['XJ1', 'W2'] });
  });

  it.each([
    [['', 'Weiß', 'Jörg', '12/24/1971', ''], 'no-number'],
    [['1', '', 'Jörg', '12/24/1971', ''], 'no-name'],
    [['1', 'Weiß', 'Jörg', '', ''], 'no-birth-date'],
    [['1', 'Weiß', 'Jörg', '24/12/1971', ''], 'bad-birth-date'],
    [['1', 'Weiß', 'Jörg', '12/24/1971', 'x'.repeat(500)], 'broken-row'],
    [['1', 'Weiß', 'Jörg', '12/24/1971', '', '', '', '', ''], 'broken-row'],
  ])('%j: %s', (fields, reason) => {
    expect(row(fields)).toBe(reason);
  });

  it('says which chosen columns the file no longer has', () => {
    expect(columnsAt(['Nr', 'Name'], { mrn: 'MRN', family: 'Name', given: null, fullName: null, birthDate: 'DOB', memberIds: null, formerFamily: null })).toEqual({ missing: ['MRN', 'DOB'] });
  });
});
