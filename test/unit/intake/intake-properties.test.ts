// Properties of intake over random pages (fast-check): a field shown as sure is exactly what the page says, and a
// misread field is always marked "needs a look" — as long as the recognizer's own confidence is low where it
// misread (what it reports), or the fax shows the value twice; prose without labels yields no patient fields; and a
// batch is split exactly where the patient or the document changes, never inside a document.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { faxIntake } from '../../../main/intake/fax-intake';
import { wordPage, type WordLine } from '../../helpers/word-pages';

const given = ['Amelia', 'Jonas', 'Fatima', 'Sofía', 'Håkon', 'Chloé', 'Zoë', 'Priya', 'Emeka', 'Jörg'];
const family = ['Krüger', 'Çelik', 'Gößmann', 'Núñez', "O'Brien", 'Nakamura', 'Lindqvist', 'Weiß', 'Dubois', 'Banerjee'];

const person = fc.record({
  given: fc.constantFrom(...given),
  family: fc.constantFrom(...family),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
  year: fc.integer({ min: 1930, max: 2010 }),
  mrn: fc.stringMatching(/^\d{6}-\d{2}$/),
  member: fc.stringMatching(/^[A-Z]{2}\d{8}$/),
  phone: fc.tuple(fc.stringMatching(/^\d{3}$/), fc.stringMatching(/^\d{4}$/)).map(([area, line]) => `(${area}) 555-${line}`),
  german: fc.boolean(),
});
type Person = typeof person extends fc.Arbitrary<infer T> ? T : never;

const two = (value: number) => String(value).padStart(2, '0');
const dobOf = (p: Person) => (p.german ? `${two(p.day)}.${two(p.month)}.${String(p.year)}` : `${two(p.month)}/${two(p.day)}/${String(p.year)}`);

/** One character changed (a misread): a letter for a letter, a digit for a digit. */
function misread(word: string, at: number): string {
  const index = at % word.length;
  const character = word[index] ?? 'a';
  const swapped = /\d/.test(character) ? String((Number(character) + 3) % 10) : /\p{Lu}/u.test(character) ? (character === 'B' ? 'R' : 'B') : character === 'e' ? 'c' : 'e';
  return `${word.slice(0, index)}${swapped}${word.slice(index + 1)}`;
}

/** The page's lines, each word read right (confidence ≥ 90) or misread (confidence < 90, as the recognizer says). */
function pageOf(p: Person, layout: number, errors: readonly boolean[], confidences: readonly number[]): WordLine[] {
  const lines = p.german
    ? ['Praxis am Markt', `Rückfax: ${p.phone}`, 'Überweisung', `Patient: ${p.given} ${p.family}, geb. ${dobOf(p)}`, `Versichertennummer: ${p.member}`, `Patientennummer: ${p.mrn}`]
    : layout === 0
      ? ['Northgate Cardiology', `Fax: ${p.phone}`, 'Referral', `Patient: ${p.given} ${p.family}   DOB: ${dobOf(p)}`, `MRN: ${p.mrn}   Member ID: ${p.member}`]
      : ['Lakeview Orthopedics', `Fax back to ${p.phone}`, 'Lab Results', `Patient name: ${p.given} ${p.family}   Date of birth: ${dobOf(p)}`, `Medical record number: ${p.mrn}`, `Subscriber ID: ${p.member}`];
  let at = 0;
  return lines.map((line) => {
    const words = line.split(' ').filter((word) => word !== '');
    const confidence: number[] = [];
    const text = words
      .map((word) => {
        const wrong = errors[at % errors.length] === true && /[\p{L}\d]/u.test(word);
        confidence.push(wrong ? (confidences[at % confidences.length] ?? 50) : 90 + (at % 10));
        at += 1;
        return wrong ? misread(word, at) : word;
      })
      .join(' ');
    return { text, confidence };
  });
}

/** Edits (insert, delete, change) from `a` to `b`: the test's own count. */
function editsBetween(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length] ?? 0;
}

/** A page of one report, every word read with the confidence given (below 50: the recognizer unsure of all of it). */
function reportPage(p: Person, mrn: string, confidence: number): WordLine[] {
  return ['Radiology Report', `Patient: ${p.given} ${p.family}   DOB: ${dobOf(p)}`, `MRN: ${mrn}`].map((text) => ({ text, confidence }));
}

describe('intake properties', () => {
  it('a field marked sure is what the page says; every misread field needs a look', () => {
    fc.assert(
      fc.property(person, fc.integer({ min: 0, max: 1 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), fc.array(fc.integer({ min: 0, max: 89 }), { minLength: 1, maxLength: 40 }), (p, layout, errors, confidences) => {
        const intake = faxIntake([{ page: 1, words: wordPage(pageOf(p, layout, errors, confidences)) }]);
        const truth: Record<string, string> = { patient: `${p.given} ${p.family}`, dob: dobOf(p), mrn: p.mrn, memberId: p.member, faxBack: p.phone };
        for (const field of intake.fields) {
          const expected = truth[field.name];
          if (expected === undefined) continue;
          if (!field.needsLook) expect(field.value).toBe(expected);
          if (field.value !== expected) expect(field.needsLook).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a misread of high confidence is caught where the fax shows the number again', () => {
    fc.assert(
      fc.property(person, fc.integer({ min: 0, max: 7 }), (p, at) => {
        const shown = `${p.phone.slice(0, 6)}${misread(p.phone.slice(6), at)}`;
        const words = wordPage([`11/23/2026 09:12 FROM ${p.phone} P.1/2`, `Fax: ${shown}`, `MRN: ${p.mrn}`, `Chart ${misread(p.mrn, at)}`]);
        const intake = faxIntake([{ page: 1, words }]);
        const faxBack = intake.fields.find((field) => field.name === 'faxBack');
        expect(faxBack?.needsLook).toBe(true);
        expect(intake.fields.find((field) => field.name === 'mrn')?.needsLook).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('prose without labels gives no patient, birth date or ids', () => {
    // With words a label's letter-off tolerance must not make labels of in running text ("namo", "dato", "10", a lone "I").
    const vocabulary = ['the', 'patient', 'was', 'seen', 'today', 'fax', 'name', 'member', 'claim', 'plan', 'urgent?', 'records', 'of', 'and', 'Jane', 'Doe', '1961', '03/14/1961', 'ID', 'number', 'group', 'thank', 'you', 'namo', 'nave', 'dato', 'bath', 'mimber', '10', 'I'];
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...vocabulary), { minLength: 2, maxLength: 12 }), { minLength: 1, maxLength: 10 }), (lines) => {
        // Running text: no word ends in a colon and none starts a line as a label would.
        const text = lines.map((words) => `We ${words.join(' ')}.`);
        const names = faxIntake([{ page: 1, words: wordPage(text) }]).fields.map((field) => field.name);
        for (const name of ['patient', 'dob', 'mrn', 'memberId', 'claimNumber', 'faxBack']) expect(names).not.toContain(name);
      }),
      { numRuns: 300 },
    );
  });

  it("a badly read page with another patient's record number starts a part of its own, though its kind is the same", () => {
    fc.assert(
      fc.property(person, person, fc.stringMatching(/^\d{6}-\d{2}$/), fc.integer({ min: 5, max: 49 }), (first, second, otherMrn, unsure) => {
        fc.pre(editsBetween(first.mrn.replace('-', ''), otherMrn.replace('-', '')) > 4);
        const pages = [
          { page: 1, words: wordPage(reportPage(first, first.mrn, 95)) },
          { page: 2, words: wordPage(reportPage(second, otherMrn, unsure)) },
        ];
        expect(faxIntake(pages).parts.map((part) => part.firstPage)).toEqual([1, 2]);
      }),
      { numRuns: 300 },
    );
  });

  it("the same patient's next page read badly, its record number a character or two off, stays in the part", () => {
    fc.assert(
      fc.property(person, fc.integer({ min: 0, max: 7 }), fc.option(fc.integer({ min: 0, max: 7 }), { nil: null }), fc.integer({ min: 5, max: 49 }), (p, at, secondAt, unsure) => {
        const once = misread(p.mrn, at === 6 ? 7 : at);
        const misreadMrn = secondAt === null ? once : misread(once, secondAt === 6 ? 7 : secondAt);
        const pages = [
          { page: 1, words: wordPage(reportPage(p, p.mrn, 95)) },
          { page: 2, words: wordPage([...reportPage(p, misreadMrn, unsure), { text: 'Impression: normal study.', confidence: unsure }]) },
        ];
        expect(faxIntake(pages).parts.map((part) => part.firstPage)).toEqual([1]);
      }),
      { numRuns: 300 },
    );
  });

  it('a batch is split exactly where the patient or the document changes', () => {
    const document = fc.record({ who: person, title: fc.constantFrom('Referral', 'Laboratory Report', 'Radiology Report', 'Refill Request', 'Records Request'), pages: fc.integer({ min: 1, max: 3 }), samePatient: fc.boolean() });
    fc.assert(
      fc.property(fc.array(document, { minLength: 1, maxLength: 8 }), (documents) => {
        const pages: Array<{ page: number; words: ReturnType<typeof wordPage> }> = [];
        const starts: number[] = [];
        let previous: { who: Person; title: string } | null = null;
        for (const [index, item] of documents.entries()) {
          // The same patient's next document (of another kind) now and then; another patient has a record number of their own.
          const who: Person = item.samePatient && previous !== null ? previous.who : { ...item.who, mrn: `${String(100_000 + index)}-00` };
          const title: string = item.samePatient && previous !== null && previous.title === item.title ? (item.title === 'Referral' ? 'Laboratory Report' : 'Referral') : item.title;
          const samePerson = previous !== null && previous.who.given === who.given && previous.who.family === who.family && dobOf(previous.who) === dobOf(who);
          if (previous === null || !samePerson || previous.title !== title) starts.push(pages.length + 1);
          pages.push({ page: pages.length + 1, words: wordPage([title, `Patient: ${who.given} ${who.family}   DOB: ${dobOf(who)}`, `MRN: ${who.mrn}`]) });
          for (let more = 1; more < item.pages; more += 1) pages.push({ page: pages.length + 1, words: wordPage(['Plan: follow up in four weeks.', 'History: none of note.']) });
          previous = { who, title };
        }
        const parts = faxIntake(pages).parts;
        expect(parts.map((part) => part.firstPage)).toEqual(starts);
        expect(parts.at(-1)?.lastPage).toBe(pages.length);
      }),
      { numRuns: 300 },
    );
  });
});
