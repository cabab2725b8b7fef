// Whom a fax is about: the matcher against the cases that misfile in real offices, and against random populations
// and readings (property tests). A fax in the wrong patient's chart is the one error that must never happen: the
// matcher may say "ask a person" too often, never "sure" about the wrong patient.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchPatient, type MatchResult } from '../../../main/chart/matching/match-patient';
import { memoryPatientIndex } from '../../../main/chart/matching/memory-index';
import type { PatientRecord, ReadPatient } from '../../../main/chart/matching/patient-record';
import { misread, population, reading, seeded } from '../../helpers/patient-population';
import { readPatientOf } from '../../../main/chart/read-patient';
import type { IntakeField } from '../../../preload/intake';

const thisYear = 2026;
const read = (parts: Partial<Record<keyof ReadPatient, string>>, unsure: Array<keyof ReadPatient> = []): ReadPatient => {
  const value = (key: keyof ReadPatient) => (parts[key] === undefined ? null : { text: parts[key], sure: !unsure.includes(key) });
  return { name: value('name'), birthDate: value('birthDate'), mrn: value('mrn'), memberId: value('memberId') };
};
const patient = (id: string, family: string, given: string[], birthDate: string, extra: Partial<PatientRecord> = {}): PatientRecord => ({ id, family, given, birthDate, mrn: `M${id}0000`, ...extra });

const office: PatientRecord[] = [
  patient('1', 'Gonzalez', ['Maria'], '1980-03-04'),
  patient('2', 'Okonkwo', ['Sarah'], '1975-11-20', { formerFamilies: ['Fitzgerald'], memberIds: ['XJ4471920'] }),
  // Twins.
  patient('3', 'Lindqvist', ['Emma'], '2015-06-01'),
  patient('4', 'Lindqvist', ['Ella'], '2015-06-01'),
  // A parent and a child of one name.
  patient('5', 'Abernathy', ['Robert'], '1958-02-14'),
  patient('6', 'Abernathy', ['Robert'], '1986-09-30'),
  // The same name, another birth date, unrelated.
  patient('7', 'Smith', ['John'], '1990-01-15'),
  patient('8', 'Smith', ['John'], '1962-07-08'),
  patient('9', 'Weiß', ['Jörg'], '1971-12-24', { mrn: '4471920' }),
  patient('10', 'García López', ['José'], '1969-05-05'),
  ...Array.from({ length: 60 }, (_, index) => patient(`x${String(index)}`, `Filler${String.fromCharCode(97 + (index % 26))}${String(index)}`, ['Pat'], `19${String(40 + index)}-01-01`)),
];
const index = memoryPatientIndex(office);
const match = (reading: ReadPatient): MatchResult => matchPatient(reading, index, thisYear);
const ids = (result: MatchResult): string[] => (result.verdict === 'ask' ? result.candidates.map((candidate) => candidate.patient.id).sort() : []);

describe('a fax about a patient on the list', () => {
  it.each([
    ['Maria Gonzalez', '03/04/1980'],
    ['GONZALEZ, Maria', '04.03.1980'],
    ['Gonzales Maria', '1980-03-04'],
    ['Jorg Weiss', '12/24/1971'],
    ['Joerg Weiss', '24.12.71'],
    ['Sarah Fitzgerald', '11/20/1975'],
    ['Jose Garcia', '05/05/1969'],
  ])('files on its own when the name and the birth date agree, read surely: %s, %s', (name, birthDate) => {
    const result = match(read({ name, birthDate }));
    expect(result.verdict).toBe('sure');
  });

  it('says who and why: the name and birth date exact, the MRN one digit off', () => {
    const result = match(read({ name: 'Jörg Weiß', birthDate: '12/24/1971', mrn: '4471926' }));
    expect(result).toMatchObject({ verdict: 'sure', patient: { patient: { id: '9' }, agreement: { family: 'exact', given: 'exact', birthDate: 'exact', id: 'digit', idPairing: 'mrn' } } });
  });

  it('a member id given where the office keeps its MRN still agrees, and names the pairing', () => {
    const result = match(read({ name: 'Sarah Okonkwo', mrn: 'XJ4471920' }));
    expect(result).toMatchObject({ verdict: 'sure', patient: { patient: { id: '2' }, agreement: { id: 'exact', idPairing: 'member-as-mrn' } } });
  });

  it('asks a person when a value it rests on was read unsurely, and shows the patient', () => {
    const result = match(read({ name: 'Maria Gonzalez', birthDate: '03/04/1980' }, ['birthDate']));
    expect(result).toMatchObject({ verdict: 'ask', reason: 'unsure-reading' });
    expect(ids(result)).toEqual(['1']);
  });

  it('a name read unsurely files only when the record bears it out letter for letter and the birth date agrees exactly, read surely', () => {
    expect(match(read({ name: 'Jörg Weiß', birthDate: '12/24/1971', mrn: '4471920' }, ['name']))).toMatchObject({ verdict: 'sure', patient: { patient: { id: '9' } } });
    expect(match(read({ name: 'Jörg Weiß', birthDate: '12/24/1971' }, ['name']))).toMatchObject({ verdict: 'sure', patient: { patient: { id: '9' } } });
    // With the name a letter off, with the birth date unsure or a digit off, with an id and no birth date: a person looks.
    expect(match(read({ name: 'Jörg Weils', birthDate: '12/24/1971', mrn: '4471920' }, ['name']))).toMatchObject({ verdict: 'ask' });
    expect(match(read({ name: 'Jörg Weiß', birthDate: '12/24/1971', mrn: '4471920' }, ['name', 'birthDate']))).toMatchObject({ verdict: 'ask' });
    expect(match(read({ name: 'Jörg Weiß', birthDate: '12/24/1979', mrn: '4471920' }, ['name']))).toMatchObject({ verdict: 'ask' });
    expect(match(read({ name: 'Jörg Weiß', mrn: '4471920' }, ['name']))).toMatchObject({ verdict: 'ask', reason: 'unsure-reading' });
  });

  it('an unsure name exactly a patient\'s, when another patient of a near name has that birth date: asks, both shown', () => {
    const near = memoryPatientIndex([...office, patient('11', 'Weihs', ['Jürg'], '1971-12-24', { mrn: '5550001' })]);
    const result = matchPatient(read({ name: 'Jürg Weihs', birthDate: '12/24/1971' }, ['name']), near, thisYear);
    expect(result.verdict).toBe('ask');
    expect(ids(result)).toEqual(['11', '9']);
    // Read surely, the same name files: the near name is a misreading only an unsure reading may be.
    expect(matchPatient(read({ name: 'Jürg Weihs', birthDate: '12/24/1971' }), near, thisYear)).toMatchObject({ verdict: 'sure', patient: { patient: { id: '11' } } });
  });

  it('an id or a birth date read unsurely that agrees does not hold back what the sure values file on their own', () => {
    expect(match(read({ name: 'Sarah Okonkwo', birthDate: '11/20/1975', memberId: 'XJ4471920' }, ['memberId']))).toMatchObject({ verdict: 'sure', patient: { patient: { id: '2' }, agreement: { id: 'exact' } } });
    expect(match(read({ name: 'Jörg Weiß', birthDate: '12/24/1971', mrn: '4471920' }, ['mrn']))).toMatchObject({ verdict: 'sure', patient: { patient: { id: '9' } } });
    expect(match(read({ name: 'Jörg Weiß', birthDate: '12/24/1971', mrn: '4471920' }, ['birthDate']))).toMatchObject({ verdict: 'sure', patient: { patient: { id: '9' } } });
    // What the sure values do not carry alone still asks: a sure name with an unsure birth date, or an unsure id.
    expect(match(read({ name: 'Maria Gonzalez', birthDate: '03/04/1980', mrn: 'M10000' }, ['birthDate', 'mrn']))).toMatchObject({ verdict: 'ask', reason: 'unsure-reading' });
    expect(match(read({ name: 'Jörg Weiß', mrn: '4471920' }, ['mrn']))).toMatchObject({ verdict: 'ask', reason: 'unsure-reading' });
    // Twins stay with a person however surely the rest was read.
    expect(match(read({ name: 'Emma Lindqvist', birthDate: '06/01/2015', mrn: 'M30000' }, ['mrn']))).toMatchObject({ verdict: 'ask', reason: 'look-alike' });
  });

  it('an unsure name that is exactly another patient\'s, with that patient\'s birth date, and this one\'s number: asks', () => {
    const two = memoryPatientIndex([...office, patient('11', 'Weihs', ['Jörg'], '1971-12-24', { mrn: '5550001' })]);
    const result = matchPatient(read({ name: 'Jörg Weihs', birthDate: '12/24/1971', mrn: '4471920' }, ['name']), two, thisYear);
    expect(result.verdict).toBe('ask');
  });

  it('asks when the birth date only fits the other way round, or a digit off', () => {
    expect(match(read({ name: 'Maria Gonzalez', birthDate: '04/03/1980' }))).toMatchObject({ verdict: 'ask', candidates: [{ patient: { id: '1' }, agreement: { birthDate: 'swapped' } }] });
    expect(match(read({ name: 'Maria Gonzalez', birthDate: '03/04/1986' }))).toMatchObject({ verdict: 'ask', candidates: [{ patient: { id: '1' }, agreement: { birthDate: 'digit' } }] });
  });
});

describe('the cases that misfile in real offices never file on their own', () => {
  it('twins: the right given name and the shared birth date still ask, and both twins are shown', () => {
    const result = match(read({ name: 'Emma Lindqvist', birthDate: '06/01/2015', mrn: 'M30000' }));
    expect(result).toMatchObject({ verdict: 'ask', reason: 'look-alike' });
    expect(ids(result)).toEqual(['3', '4']);
  });

  it('a parent and a child of one name: even the exact birth date asks, both shown', () => {
    const result = match(read({ name: 'Robert Abernathy', birthDate: '02/14/1958' }));
    expect(result).toMatchObject({ verdict: 'ask', reason: 'look-alike' });
    expect(ids(result)).toEqual(['5', '6']);
  });

  it('the same name with another birth date: asks, both shown', () => {
    const result = match(read({ name: 'John Smith', birthDate: '01/15/1990' }));
    expect(result).toMatchObject({ verdict: 'ask', reason: 'look-alike' });
    expect(ids(result)).toEqual(['7', '8']);
  });
});

describe('a fax about someone not on the list', () => {
  it('a new referral with a listed name and another birth date is nobody on the list; the listed one is shown as the nearest', () => {
    expect(match(read({ name: 'Maria Gonzalez', birthDate: '07/19/2001' }))).toMatchObject({ verdict: 'none', reason: 'not-on-list', nearest: [{ patient: { id: '1' } }] });
    expect(match(read({ name: 'Grace Hopper', birthDate: '12/09/1906' }))).toEqual({ verdict: 'none', reason: 'not-on-list', nearest: [] });
  });

  it('a fax that names nobody says so', () => {
    expect(match(read({}))).toEqual({ verdict: 'none', reason: 'nothing-read', nearest: [] });
  });
});

describe('random offices and readings (property tests)', () => {
  const options = { thisYear, misreadRate: 0.25, confidentlyWrong: 0.3 };

  it('never sure about the wrong patient, never sure about a look-alike, never sure about someone not on the list', () => {
    let sureRight = 0;
    let faxes = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const people = population(seed, 300);
        const listed = memoryPatientIndex(people.patients);
        const random = seeded(seed ^ 0x5bd1e995);
        for (let fax = 0; fax < 40; fax += 1) {
          const about = people.patients[Math.floor(random() * people.patients.length)];
          if (!about) continue;
          const result = matchPatient(reading(random, about, options), listed, thisYear);
          faxes += 1;
          if (result.verdict !== 'sure') continue;
          expect(result.patient.patient.id).toBe(about.id);
          expect(people.hard.has(about.id)).toBe(false);
          sureRight += 1;
        }
        for (const stranger of people.strangers) expect(matchPatient(reading(random, stranger, options), listed, thisYear).verdict).not.toBe('sure');
      }),
      { numRuns: 40, seed: 55_001 },
    );
    // The matcher still does its job with readings this poor (a quarter of the values misread): a good share of the
    // faxes file on their own (the bench measures it on faxes read from pages).
    expect(sureRight / faxes).toBeGreaterThan(0.3);
  });

  it('a name read unsurely never files to a patient whose name is a misreading away from the fax\'s patient of the same birth date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const people = population(seed, 300);
        const random = seeded(seed ^ 0x2545f491);
        const about = people.patients[Math.floor(random() * people.patients.length)];
        if (!about?.birthDate) return;
        // Another patient born the same day whose name is the fax's patient's with a letter or two misread.
        let family = about.family;
        let given = about.given[0] ?? '';
        for (let misreads = 1 + Math.floor(random() * 2); misreads > 0; misreads -= 1) {
          if (random() < 0.6) family = misread(random, family);
          else given = misread(random, given);
        }
        if (family === about.family && given === (about.given[0] ?? '')) return;
        const near: PatientRecord = { id: 'near', family, given: [given], birthDate: about.birthDate, mrn: 'N0000001' };
        const listed = memoryPatientIndex([...people.patients, near]);
        const born = about.birthDate;
        const birthDate = { text: `${born.slice(5, 7)}/${born.slice(8, 10)}/${born.slice(0, 4)}`, sure: true };
        for (const name of [`${given} ${family}`, `${about.given[0] ?? ''} ${about.family}`]) {
          const result = matchPatient({ name: { text: name, sure: false }, birthDate, mrn: null, memberId: null }, listed, thisYear);
          if (result.verdict === 'sure') expect.fail(`filed on an unsure ${JSON.stringify(name)} to ${result.patient.patient.id} with a near name born the same day on the list`);
        }
      }),
      { numRuns: 400, seed: 55_003 },
    );
  });

  it('the right patient is among the candidates shown to a person when the reading was not too far off', () => {
    let asked = 0;
    let shown = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const people = population(seed, 300);
        const listed = memoryPatientIndex(people.patients);
        const random = seeded(seed ^ 0x1b873593);
        for (let fax = 0; fax < 40; fax += 1) {
          const about = people.patients[Math.floor(random() * people.patients.length)];
          if (!about) continue;
          const result = matchPatient(reading(random, about, { ...options, misreadRate: 0.15 }), listed, thisYear);
          if (result.verdict !== 'ask') continue;
          asked += 1;
          if (result.candidates.some((candidate) => candidate.patient.id === about.id)) shown += 1;
        }
      }),
      { numRuns: 25, seed: 55_002 },
    );
    expect(shown / asked).toBeGreaterThan(0.9);
  });
});

describe('values intake read at a spot learned from a correction (always "needs a look")', () => {
  const learnedField = (name: IntakeField['name'], value: string): IntakeField => ({ name, value, confidence: 60, needsLook: true, page: 1, box: [0.1, 0.1, 0.3, 0.12], learned: true });
  const fieldsOf = (record: PatientRecord): Record<'name' | 'dob' | 'mrn', IntakeField> => {
    const born = record.birthDate ?? '';
    return {
      name: learnedField('patient', `${record.given.join(' ')} ${record.family}`),
      dob: learnedField('dob', `${born.slice(5, 7)}/${born.slice(8, 10)}/${born.slice(0, 4)}`),
      mrn: learnedField('mrn', record.mrn ?? ''),
    };
  };

  it('never file on their own, even when every one agrees exactly with a patient on the list — twins, parent and child included', () => {
    fc.assert(
      fc.property(fc.constantFrom(...office), fc.subarray(['name', 'dob', 'mrn'] as const, { minLength: 1 }), (record, learned) => {
        const fields = fieldsOf(record);
        const result = match(readPatientOf(learned.map((key) => fields[key])));
        expect(result.verdict).not.toBe('sure');
      }),
      { numRuns: 300, seed: 55_101 },
    );
  });

  it('a learned birth date or record number keeps a surely read name from filing; a learned name files only beside a sure birth date that agrees, as an unsure reading does', () => {
    const maria = office[0] as PatientRecord;
    const learned = fieldsOf(maria);
    const sure = (field: IntakeField): IntakeField => ({ ...field, needsLook: false, confidence: 95, learned: undefined });
    expect(match(readPatientOf([sure(learned.name), learned.dob])).verdict).not.toBe('sure');
    expect(match(readPatientOf([sure(learned.name), learned.dob, learned.mrn])).verdict).not.toBe('sure');
    expect(match(readPatientOf([learned.name, learned.dob, sure(learned.mrn)])).verdict).not.toBe('sure');
    expect(match(readPatientOf([learned.name, sure(learned.dob), learned.mrn])).verdict).toBe('sure');
    expect(match(readPatientOf([learned.name, sure(learned.dob), sure(learned.mrn)])).verdict).toBe('sure');
  });
});
