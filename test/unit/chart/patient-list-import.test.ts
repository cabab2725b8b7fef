// The patient list imported into the encrypted cache and matched against: broken rows left out and said, a file that
// changes read again, a file that goes or loses its columns leaving the list as it was.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPatientList, type PatientList } from '../../../main/chart/patient-list/patient-list';
import type { ReadPatient } from '../../../main/chart/matching/patient-record';
import { createLogger } from '../../../main/log/logger';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import { defaultPatientListSettings, type PatientListSettings } from '../../../preload/patient-list';
import { isAppError } from '../../../main/errors';

let dir: string;
let cache: Cache;
let clock: number;
let settings: PatientListSettings;
let list: PatientList;
let file: string;

const columns = { mrn: 'MRN', family: 'Last Name', given: 'First Name', fullName: null, birthDate: 'DOB', memberIds: null, formerFamily: 'Maiden Name' };
const header = 'MRN,Last Name,First Name,DOB,Maiden Name';
const good = ['1001,Gonzalez,Maria,03/04/1980,', '1002,Okonkwo,Sarah,11/20/1975,Fitzgerald', '1003,Weiß,Jörg,12/24/1971,', '1004,"De la Cruz",Ana,01/02/1990,', '1005,Lindqvist,Emma,06/01/2015,'];
const reading = (name: string, birthDate: string): ReadPatient => ({ name: { text: name, sure: true }, birthDate: { text: birthDate, sure: true }, mrn: null, memberId: null });
const write = (lines: string[], encoding: BufferEncoding = 'utf8') => {
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`, encoding);
  // A later modification time than the last write, as a real edit an instant later has.
  const later = new Date(Date.now() + Math.floor(Math.random() * 100_000));
  fs.utimesSync(file, later, later);
};
const problemOf = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
  } catch (error) {
    if (isAppError(error)) return error.text.id;
    throw error;
  }
  return 'none';
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patient-list-'));
  cache = openCache(dir, crypto.randomBytes(32).toString('hex'), createLogger({ sinks: [] }));
  clock = Date.parse('2026-11-29T10:00:00Z');
  file = path.join(dir, 'patients.csv');
  settings = { ...defaultPatientListSettings, path: file, columns, dateOrder: 'mdy' };
  list = createPatientList({ cache, settings: () => settings, log: createLogger({ sinks: [] }), now: () => clock });
});

afterEach(() => {
  cache.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('importing an export', () => {
  it('keeps the patients, leaves out broken rows with their lines and why, and matches against the list', async () => {
    write([header, ...good, ',Nobody,Has,01/01/1950,', '1006,Twice,One,01/01/1950,', '1006,Twice,Two,02/02/1950,', '1007,Bad,Date,02/31/1950,', '1008,Kim,"Open quote,01/01/1950,']);
    const status = await list.importList(settings);
    expect(status).toMatchObject({ path: file, patients: 5, encoding: 'utf-8', skipped: 5, problem: null });
    expect(status.skippedLines).toEqual([
      { line: 7, reason: 'no-number' },
      { line: 8, reason: 'same-number' },
      { line: 9, reason: 'same-number' },
      { line: 10, reason: 'bad-birth-date' },
      { line: 11, reason: 'no-birth-date' },
    ]);
    const found = await list.match(reading('Sarah Fitzgerald', '11/20/1975'), 2026);
    expect(found).toMatchObject({ verdict: 'sure', patient: { patient: { id: '1002', mrn: '1002' } } });
    expect((await list.match(reading('Ana De la Cruz', '01/02/1990'), 2026)).verdict).toBe('sure');
  });

  it('reads a Windows-1252 export with its umlauts', async () => {
    write([header, ...good], 'latin1');
    expect((await list.importList(settings)).encoding).toBe('windows-1252');
    expect(await list.match(reading('Jörg Weiß', '12/24/1971'), 2026)).toMatchObject({ verdict: 'sure', patient: { patient: { family: 'Weiß' } } });
  });

  it('refuses a file without patients, or without the chosen columns, and keeps the list it had', async () => {
    write([header, ...good]);
    await list.importList(settings);
    write([header, ',,,,']);
    expect(await problemOf(list.importList(settings))).toBe('patientList.noPatients');
    write(['Nr,Name,Geburtsdatum', '1,Kim,01.01.1950']);
    expect(await problemOf(list.importList(settings))).toBe('patientList.columnsMissing');
    write([]);
    expect(await problemOf(list.importList(settings))).toBe('patientList.empty');
    expect(list.status().patients).toBe(5);
    expect((await list.match(reading('Maria Gonzalez', '03/04/1980'), 2026)).verdict).toBe('sure');
  });

  it('without a number, name or birth-date column it asks for one before reading', async () => {
    write([header, ...good]);
    expect(await problemOf(list.importList({ ...settings, columns: { ...columns, mrn: null } }))).toBe('patientList.chooseTheNumberColumn');
    expect(await problemOf(list.importList({ ...settings, columns: { ...columns, family: null } }))).toBe('patientList.chooseTheNameColumn');
    expect(await problemOf(list.importList({ ...settings, columns: { ...columns, birthDate: null } }))).toBe('patientList.chooseTheBirthDateColumn');
    expect(await problemOf(list.importList({ ...settings, path: path.join(dir, 'gone.csv') }))).toBe('patientList.fileNotFound');
  });
});

describe('a file that changes', () => {
  it('is read again at the next match after half a minute, not before', async () => {
    write([header, ...good]);
    await list.importList(settings);
    write([header, ...good, '1009,Novak,Liam,09/02/2018,']);
    clock += 10_000;
    expect((await list.match(reading('Liam Novak', '09/02/2018'), 2026)).verdict).toBe('none');
    clock += 25_000;
    expect(await list.match(reading('Liam Novak', '09/02/2018'), 2026)).toMatchObject({ verdict: 'sure', patient: { patient: { id: '1009' } } });
    expect(list.status()).toMatchObject({ patients: 6, problem: null });
  });

  it('gone, or its columns renamed: the list stays and Settings say why', async () => {
    write([header, ...good]);
    await list.importList(settings);
    fs.rmSync(file);
    clock += 31_000;
    expect((await list.match(reading('Maria Gonzalez', '03/04/1980'), 2026)).verdict).toBe('sure');
    expect(list.status()).toMatchObject({ patients: 5, problem: { id: 'patientList.fileNotFound' } });
    write(['Chart,Surname,Given,Born', '1,Kim,Lee,01/01/1950']);
    clock += 31_000;
    expect((await list.match(reading('Maria Gonzalez', '03/04/1980'), 2026)).verdict).toBe('sure');
    expect(list.status()).toMatchObject({ patients: 5, problem: { id: 'patientList.columnsMissing' } });
  });

  it('two imports at once run one after the other: the list is the second file whole, never a mix', async () => {
    write([header, ...Array.from({ length: 20_000 }, (_, index) => `${String(50_000 + index)},Family${String(index)},Given,01/01/1960,`)]);
    const small = path.join(dir, 'small.csv');
    fs.writeFileSync(small, [header, ...good.slice(0, 2)].join('\n'));
    const first = list.importList(settings);
    const second = list.importList({ ...settings, path: small });
    expect((await first).patients).toBe(20_000);
    expect(await second).toMatchObject({ path: small, patients: 2 });
    expect(list.status().patients).toBe(2);
    expect((await list.match(reading('Maria Gonzalez', '03/04/1980'), 2026)).verdict).toBe('sure');
  });
});

describe('the preview', () => {
  it('shows the first rows with the columns guessed, or those set for this file', async () => {
    write(['Pat.-Nr.;Nachname;Vorname;Geburtsdatum', '7;Müller;Jörg;24.12.1971', '8;Schäfer;Anna;01.02.1990']);
    const preview = await list.preview(file);
    expect(preview).toMatchObject({ headers: ['Pat.-Nr.', 'Nachname', 'Vorname', 'Geburtsdatum'], rows: 2, delimiter: ';', dateOrder: 'dmy', columns: { mrn: 'Pat.-Nr.', family: 'Nachname', given: 'Vorname', birthDate: 'Geburtsdatum' } });
    expect(preview.sample[0]).toEqual(['7', 'Müller', 'Jörg', '24.12.1971']);
    settings = { path: file, columns: { ...preview.columns, given: null }, dateOrder: 'mdy' };
    expect(await list.preview(file)).toMatchObject({ columns: { given: null }, dateOrder: 'mdy' });
  });
});
