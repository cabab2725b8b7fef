// Whom and what a fax is about: labelled values in English and German, values under their labels (boxed forms),
// columns kept apart, labels in running text left alone — and every reading that may be wrong marked "needs a
// look": unsure words, a value that does not look right, a number the fax also shows one character off.
import { describe, expect, it } from 'vitest';
import { faxIntake } from '../../../main/intake/fax-intake';
import { sureField } from '../../../main/intake/intake-fields';
import type { IntakeField } from '../../../preload/intake';
import { wordPage, type WordLine } from '../../helpers/word-pages';

const fieldsOf = (lines: ReadonlyArray<string | WordLine>): Record<string, IntakeField> =>
  Object.fromEntries(faxIntake([{ page: 1, words: wordPage(lines) }]).fields.map((field) => [field.name, field]));

describe('intake fields', () => {
  it('reads labelled values on one line, each ending where the next label starts', () => {
    const fields = fieldsOf(['Northgate Cardiology', 'Fax: (415) 555-0142', 'Referral', 'Patient: Jane Doe   DOB: 03/14/1961', 'MRN: 123456-78   Member ID: XJ44719203', 'Claim #: CL1234-56789']);
    expect(fields.patient).toMatchObject({ value: 'Jane Doe', needsLook: false, page: 1 });
    expect(fields.dob).toMatchObject({ value: '03/14/1961', needsLook: false });
    expect(fields.mrn?.value).toBe('123456-78');
    expect(fields.memberId?.value).toBe('XJ44719203');
    expect(fields.claimNumber?.value).toBe('CL1234-56789');
    expect(fields.faxBack).toMatchObject({ value: '(415) 555-0142', needsLook: false });
    expect(fields.sender?.value).toBe('Northgate Cardiology');
    expect(fields.urgency).toBeUndefined();
    // Whom it is about first, whatever the order on the page.
    expect(Object.keys(fields)).toEqual(['patient', 'dob', 'mrn', 'memberId', 'claimNumber', 'sender', 'faxBack']);
    // The spot is the value's words.
    const box = fields.patient?.box ?? [0, 0, 0, 0];
    expect(box[1]).toBeCloseTo(0.14, 2);
    expect(box[0]).toBeGreaterThan(0.1);
  });

  it('a surname with particles before the comma ("Van der Berg, Rebecca") keeps its given name; a second comma still ends the name', () => {
    expect(fieldsOf(['Referral', 'Patient: Van der Berg, Rebecca   DOB: 05/05/2003']).patient).toMatchObject({ value: 'Van der Berg Rebecca', needsLook: false });
    expect(fieldsOf(['Referral', 'Patient: de la Cruz, Maria   DOB: 05/05/2003']).patient).toMatchObject({ value: 'de la Cruz Maria', needsLook: false });
    expect(fieldsOf(['Referral', 'Patient: Jane Doe, Referral   DOB: 05/05/2003']).patient?.value).toBe('Jane Doe');
    expect(fieldsOf(['Referral', 'Patient: DOE, Jane, Cardiology   DOB: 05/05/2003']).patient?.value).toBe('DOE Jane');
    // Particles alone are no name.
    expect(fieldsOf(['Referral', 'Patient: van der   DOB: 05/05/2003']).patient?.needsLook ?? true).toBe(true);
  });

  it('a name with a letter carrying two marks is a misreading ("Hằkon" for "Håkon"): it needs a look', () => {
    expect(fieldsOf(['Imaging report', 'Patient: Hằkon Núñez   DOB: 05/05/2003']).patient).toMatchObject({ value: 'Hằkon Núñez', needsLook: true });
    expect(fieldsOf(['Imaging report', 'Patient: Håkon Núñez   DOB: 05/05/2003']).patient).toMatchObject({ value: 'Håkon Núñez', needsLook: false });
    expect(fieldsOf(['Imaging report', 'Patient: Zoë Çelik-Weiß   DOB: 05/05/2003']).patient).toMatchObject({ value: 'Zoë Çelik-Weiß', needsLook: false });
  });

  it('a name that runs into a two-word label read a letter or two off ("Birin date" for "Birth date") needs a look', () => {
    expect(fieldsOf(['Records request', 'Patient: Emeka Dubois Birin date: 02/11/1970']).patient).toMatchObject({ needsLook: true });
    expect(fieldsOf(['Records request', 'Patient: Emeka Dubois Birth date: 02/11/1970']).patient).toMatchObject({ value: 'Emeka Dubois', needsLook: false });
    expect(fieldsOf(['Records request', 'Patient: Mary Ann Brown date: 02/11/1970']).patient).toMatchObject({ value: 'Mary Ann Brown', needsLook: false });
    expect(fieldsOf(['Records request', 'Patient: Ana Birin date: 02/11/1970']).patient).toMatchObject({ value: 'Ana Birin', needsLook: false });
  });

  it('an id with a short run of digits right after it may have been cut by reading: it needs a look', () => {
    expect(fieldsOf(['Referral', 'MRN: 134381 -41', 'Patient: Jane Doe']).mrn).toMatchObject({ value: '134381', needsLook: true });
    expect(fieldsOf(['Referral', 'MRN: 134381 41', 'Patient: Jane Doe']).mrn).toMatchObject({ value: '134381', needsLook: true });
    expect(fieldsOf(['Referral', 'MRN: 134381-41', 'Patient: Jane Doe']).mrn).toMatchObject({ value: '134381-41', needsLook: false });
    expect(fieldsOf(['Referral', 'MRN: 134381   DOB: 05/05/2003']).mrn).toMatchObject({ value: '134381', needsLook: false });
  });

  it('German labels, a birth date after "geb.", and "Eilt"', () => {
    const fields = fieldsOf(['Praxis am Markt · Marktstraße 4 · 50667 Köln', 'Patientin: Jörg Weiß, geb. 14.03.1961', 'Versichertennummer: A123456789', 'Eilt! Bitte um Rückruf.']);
    expect(fields.patient?.value).toBe('Jörg Weiß');
    expect(fields.dob).toMatchObject({ value: '14.03.1961', needsLook: false });
    expect(fields.memberId?.value).toBe('A123456789');
    expect(fields.urgency).toMatchObject({ value: 'urgent', needsLook: false });
    expect(fields.sender?.value).toBe('Praxis am Markt');
  });

  it('a boxed form writes the value under its label', () => {
    const fields = fieldsOf([{ text: 'Patient name' }, { text: 'Amelia Krüger', left: 0.33 }, { text: 'Date of birth' }, { text: '02/14/1943', left: 0.33 }, { text: 'Member ID' }, { text: 'WS21971801', left: 0.33 }]);
    expect(fields.patient?.value).toBe('Amelia Krüger');
    expect(fields.dob?.value).toBe('02/14/1943');
    expect(fields.memberId?.value).toBe('WS21971801');
  });

  it('a value stops at a wide gap: the next column is not part of the name', () => {
    const words = wordPage(['Patient: Fatima Thompson']);
    const right = wordPage([{ text: 'Service date: 11/17/2026', left: 0.55 }]);
    const fields = faxIntake([{ page: 1, words: [...words, ...right] }]).fields;
    expect(fields.find((field) => field.name === 'patient')?.value).toBe('Fatima Thompson');
  });

  it('a label word in running text is no label; "not urgent" is not urgent', () => {
    const fields = fieldsOf(['We saw the patient today and the fax machine was busy.', 'This is not urgent.', 'Nicht eilig.']);
    expect(fields.patient).toBeUndefined();
    expect(fields.faxBack).toBeUndefined();
    expect(fields.urgency).toBeUndefined();
  });

  it('unsure words, a date that cannot be a birth date, and a number shown one digit off elsewhere: each needs a look', () => {
    const unsure = fieldsOf([{ text: 'Patient: Amelia Krüger', confidence: [96, 70, 96] }]);
    expect(unsure.patient).toMatchObject({ value: 'Amelia Krüger', needsLook: true, confidence: 70 });
    const impossible = fieldsOf(['DOB: 13/45/1961', 'Date of birth: 02/30/2044']);
    expect(impossible.dob?.needsLook).toBe(true);
    // The machine's header says 555-0142, the letter 555-0112: one of them is misread, whatever the confidence.
    const offByOne = fieldsOf(['11/23/2026 09:12 FROM (415) 555-0142 P.1/2', 'Fax: (415) 555-0112']);
    expect(offByOne.faxBack).toMatchObject({ value: '(415) 555-0112', needsLook: true });
    // The same number twice agrees.
    const twice = fieldsOf(['11/23/2026 09:12 FROM (415) 555-0142 P.1/2', 'Fax: (415) 555-0142']);
    expect(twice.faxBack?.needsLook).toBe(false);
    expect(sureField).toBeGreaterThanOrEqual(85);
  });

  it('two pages naming the patient differently: the name needs a look', () => {
    const intake = faxIntake([
      { page: 1, words: wordPage(['Patient: Jane Doe']) },
      { page: 2, words: wordPage(['Patient: Jane Roe']) },
    ]);
    expect(intake.fields.find((field) => field.name === 'patient')?.needsLook).toBe(true);
  });
});

describe('the sender', () => {
  it('guessed from the top of the page, it needs a look; a name the desk knows for the sender confirms it', () => {
    const words = wordPage(['Northgate Cardiology', 'Referral', 'Patient: Jane Doe']);
    const guessed = faxIntake([{ page: 1, words }]).fields.find((field) => field.name === 'sender');
    expect(guessed).toMatchObject({ value: 'Northgate Cardiology', needsLook: true });
    const known = faxIntake([{ page: 1, words }], null, ['NORTHGATE CARDIOLOGY']).fields.find((field) => field.name === 'sender');
    expect(known).toMatchObject({ value: 'Northgate Cardiology', needsLook: false });
    // A known name never replaces what was read: another practice read stays as read, and unsure.
    const other = faxIntake([{ page: 1, words }], null, ['Lakeview Orthopedics']).fields.find((field) => field.name === 'sender');
    expect(other).toMatchObject({ value: 'Northgate Cardiology', needsLook: true });
  });
});

describe('labels read with a letter wrong, values under a box edge', () => {
  it('"Memher ID" and "Date of bith" are still labels; a short label must be exact', () => {
    // A box's edge read as ")" between the label and its value, a little lower.
    const words = [...wordPage([{ text: 'Memher ID:' }, { text: 'RE60547105', left: 0.33 }, { text: 'Date of bith' }]), ...wordPage([{ text: ')', left: 0.5 }], 0.13), ...wordPage([{ text: '20.07.2004', left: 0.33 }], 0.145)];
    const fields = Object.fromEntries(faxIntake([{ page: 1, words }]).fields.map((field) => [field.name, field]));
    expect(fields.memberId?.value).toBe('RE60547105');
    expect(fields.dob?.value).toBe('20.07.2004');
    // "MRM:" is not "MRN:" (three letters: any letter off is another word).
    expect(fieldsOf(['MRM: 123456-78']).mrn).toBeUndefined();
  });

  it('a boxed form\'s small labels read a letter off in a four-letter word ("Patent namo", "Dato of birth") or "ID" as "10" are still labels', () => {
    const fields = fieldsOf([{ text: 'Patent namo' }, { text: 'Aylin Núñez', left: 0.33 }, { text: 'Dato of birth' }, { text: '04/01/1992', left: 0.33 }, { text: 'Member 10' }, { text: 'CU70961633', left: 0.33 }]);
    expect(fields.patient).toMatchObject({ value: 'Aylin Núñez', needsLook: false });
    expect(fields.dob).toMatchObject({ value: '04/01/1992', needsLook: false });
    expect(fields.memberId).toMatchObject({ value: 'CU70961633', needsLook: false });
    // A four-letter word alone is no label read a letter off ("Nave" is not "Name"), nor is a short word alone read as digits.
    expect(fieldsOf(['Nave: Aylin Núñez']).patient).toBeUndefined();
    expect(fieldsOf(['10: CU70961633']).memberId).toBeUndefined();
    // A word two letters off is another word: "Dale of bath" names no birth date.
    expect(fieldsOf([{ text: 'Dale of bath' }, { text: '04/01/1992', left: 0.33 }]).dob).toBeUndefined();
  });

  it('a name\'s label followed by "#" asks for a number: "Member #" is the member id, "Patient #" the record number', () => {
    const fields = fieldsOf(['Authorization determination: approved', 'Pt name: Tobias O\'Brien   DOB: 07/24/1943', 'Member #: MM99513697', 'Patient # 4471920']);
    expect(fields.memberId).toMatchObject({ value: 'MM99513697', needsLook: false });
    expect(fields.mrn?.value).toBe('4471920');
    expect(fieldsOf(['Member#: MM99513697']).memberId?.value).toBe('MM99513697');
    expect(fields.patient?.value).toBe("Tobias O'Brien");
    // Without the "#", "Member:" is still whom the fax is about.
    expect(fieldsOf(['Member: Jane Doe']).patient?.value).toBe('Jane Doe');
  });

  it('"D.O.B." read apart as "D O.B." is still the birth date\'s label, and ends the name before it', () => {
    const fields = fieldsOf(["Pt name: Tobias O'Brien D O.B. 07/24/1943"]);
    expect(fields.patient).toMatchObject({ value: "Tobias O'Brien", needsLook: false });
    expect(fields.dob).toMatchObject({ value: '07/24/1943', needsLook: false });
  });

  it('a box\'s right edge read as a mark on the label\'s line ("Palient name   I") leaves the value below', () => {
    const label = wordPage([{ text: 'Palient name' }]);
    const edge = wordPage([{ text: 'I', left: 0.88 }]);
    const below = wordPage([{ text: 'Chloé Thompson', left: 0.33 }], 0.08);
    const fields = Object.fromEntries(faxIntake([{ page: 1, words: [...label, ...edge, ...below] }]).fields.map((field) => [field.name, field]));
    expect(fields.patient).toMatchObject({ value: 'Chloé Thompson', needsLook: false });
    // A word after the label is its value, not an edge: "Patient name Al" is a value read, never passed over.
    const word = wordPage([{ text: 'Al', left: 0.88 }]);
    expect(faxIntake([{ page: 1, words: [...label, ...word, ...below] }]).fields.find((field) => field.name === 'patient')?.value).not.toBe('Chloé Thompson');
  });

  it('a batch page giving other identity fields than the page before starts a document when it gives two or more', () => {
    const intake = faxIntake([
      { page: 1, words: wordPage(['Imaging report', 'MRN: 957727-79']) },
      { page: 2, words: wordPage(['Date of birth: 20.07.2004', 'Member ID: RE60547105']) },
      { page: 3, words: wordPage(['Member ID: RE60547105', 'Plan: follow up']) },
    ]);
    expect(intake.parts.map((part) => part.firstPage)).toEqual([1, 2]);
  });
});

describe('a batch part’s patient', () => {
  it('says whether the name was read surely (an unsure one is shown with a question mark)', () => {
    const intake = faxIntake([
      { page: 1, words: wordPage(['Referral', 'Patient: Jane Doe   DOB: 03/14/1961']) },
      { page: 2, words: wordPage(['Laboratory Report', { text: 'Patient: Noah GoRmann', confidence: [96, 96, 62] }, 'DOB: 01/02/1950']) },
    ]);
    expect(intake.parts.map((part) => [part.patient, part.patientSure])).toEqual([
      ['Jane Doe', true],
      ['Noah GoRmann', false],
    ]);
  });

  it('a fax-back number is sure only when it is one an office can dial; a misread one is shown as read and needs a look', () => {
    expect(fieldsOf(['Refill Request', 'Fax back to 10. (059) 555-3635']).faxBack).toMatchObject({ value: '10. (059) 555-3635', needsLook: true });
    expect(fieldsOf(['Refill Request', 'Fax back to (415) 555-0177']).faxBack).toMatchObject({ needsLook: false });
    expect(fieldsOf(['Rezeptanforderung', 'Rückfax: 0221 9876543']).faxBack).toMatchObject({ needsLook: false });
    expect(fieldsOf(['Refill Request', 'Fax back to +44 20 7946 0958']).faxBack).toMatchObject({ needsLook: false });
  });

  it('a title that starts with a label ("PATIENT STATEMENT") names no patient', () => {
    expect(fieldsOf(['PATIENT STATEMENT', 'Balance due $85.00']).patient).toBeUndefined();
  });

  it('a label with an empty box is "not read" — named once, where it first stands, and never when the field was read elsewhere', () => {
    const form = ['PRIOR AUTHORIZATION REQUEST', 'Patient: Jane Doe', 'Date of birth:', '', 'Member ID:', '', 'Prescriber fax: (415) 555-0177'];
    const intake = faxIntake([{ page: 1, words: wordPage(form) }, { page: 2, words: wordPage(['Member ID:', '', 'Notes: none']) }]);
    expect(intake.fields.map((field) => field.name)).not.toContain('dob');
    expect(intake.unread?.map((label) => [label.name, label.page])).toEqual([['dob', 1], ['memberId', 1]]);
    // Its spot is the label's words.
    const box = intake.unread?.[0]?.box ?? [0, 0, 0, 0];
    expect(box[1]).toBeCloseTo(0.11, 2);
    // Read on a later page: a field read is no "not read".
    const later = faxIntake([{ page: 1, words: wordPage(form) }, { page: 2, words: wordPage(['Date of birth: 03/14/1961']) }]);
    expect(later.fields.find((field) => field.name === 'dob')?.value).toBe('03/14/1961');
    expect(later.unread?.map((label) => label.name)).toEqual(['memberId']);
    // A page with every value read has nothing unread; a label in running text (no colon) is no empty box.
    expect(faxIntake([{ page: 1, words: wordPage(['Patient: Jane Doe', 'Date of birth: 03/14/1961']) }]).unread).toBeUndefined();
    expect(faxIntake([{ page: 1, words: wordPage(['Please send the patient date of birth']) }]).unread).toBeUndefined();
  });
});
