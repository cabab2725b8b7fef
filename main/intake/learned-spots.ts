/**
 * What a person's correction teaches: where a sender's form puts a field. A sender faxes the same form again and
 * again; when a person corrects a field and the value they wrote stands on the page (read with a letter or two off,
 * or under a label intake did not know), the spot is kept for that sender. On the sender's next fax, a field intake
 * did not read, or read unsurely, is read at that spot — as a suggestion a person checks ("needs a look"), never as
 * a sure value: a learned spot never files a fax or drives a rule on its own. Pure.
 */
import { intakeFieldNames, learnableFields, type FaxIntake, type IntakeField, type IntakeFieldName } from '../../preload/intake';
import type { RecognizedWord } from '../store/recognized-text';
import { plausibleBirthDate, sureField } from './intake-fields';
import { bare, boxAround, pageLines } from './page-lines';
import type { PageText } from './fax-intake';
import { withinEdits } from './near-words';

export interface LearnedSpot {
  page: number;
  box: [number, number, number, number];
  learnedAt: number;
}

export type SenderSpots = Partial<Record<IntakeFieldName, LearnedSpot>>;

/** A learned value's confidence: below every sure threshold, so it is always shown as a suggestion. */
export const learnedConfidence = 60;
/** How far around the learned box a word may stand (a form sent again sits a little higher, lower or askew). */
const spotMargin = 0.012;

/** A value of this many letters and digits may be found with this many of them misread. */
const allowedMisreads = (length: number): number => (length >= 10 ? 2 : length >= 5 ? 1 : 0);

/**
 * Where on the fax the value a person wrote stands: the run of words on one line that reads as it (a misread letter
 * allowed in longer values), the first such run on the earliest page. Null when it is not on the pages as read —
 * nothing is learned from a value the recognizer never saw.
 */
export function spotOf(pages: readonly PageText[], value: string): { page: number; box: [number, number, number, number] } | null {
  const wanted = bare(value);
  if (wanted.length < 3) return null;
  const allowed = allowedMisreads(wanted.length);
  for (const { page, words } of pages) {
    for (const line of pageLines(page, words)) {
      for (let start = 0; start < line.words.length; start += 1) {
        let joined = '';
        for (let end = start; end < line.words.length && joined.length < wanted.length + allowed + 1; end += 1) {
          joined += bare(line.words[end]?.text ?? '');
          if (joined.length === 0) break;
          if (withinEdits(joined, wanted, allowed)) return { page, box: boxAround(line.words.slice(start, end + 1)) };
        }
      }
    }
  }
  return null;
}

const inside = (word: RecognizedWord, box: readonly number[]): boolean => {
  const middleX = (word.box[0] + word.box[2]) / 2;
  const middleY = (word.box[1] + word.box[3]) / 2;
  return middleX >= (box[0] ?? 0) - spotMargin && middleX <= (box[2] ?? 0) + spotMargin && middleY >= (box[1] ?? 0) - spotMargin && middleY <= (box[3] ?? 0) + spotMargin;
};

/** Whether a value read at a spot looks like the field at all (a date of birth a date, an id with digits). */
function fits(name: IntakeFieldName, value: string, thisYear: number): boolean {
  const plain = bare(value);
  if (plain.length < 2) return false;
  if (name === 'patient') return /\p{L}{2}/u.test(plain) && !/\d/.test(plain);
  if (name === 'dob') return plausibleBirthDate(value, thisYear);
  if (name === 'faxBack') return (value.match(/\d/g) ?? []).length >= 7;
  return /\d/.test(plain);
}

/** The words standing at a spot, as one value (left to right, line by line), or null. */
export function readAtSpot(pages: readonly PageText[], spot: LearnedSpot): { value: string; box: [number, number, number, number] } | null {
  const words = pages.find((page) => page.page === spot.page)?.words.filter((word) => inside(word, spot.box)) ?? [];
  if (words.length === 0) return null;
  const value = pageLines(spot.page, words)
    .map((line) => line.words.map((word) => word.text).join(' '))
    .join(' ')
    .trim();
  return value === '' ? null : { value, box: boxAround(words) };
}

/**
 * The intake with the sender's learned spots read where intake found nothing or was unsure: each such value
 * a suggestion (needs a look, below sure), marked learned. A field read surely stays as read.
 */
export function withLearnedSpots(intake: FaxIntake, pages: readonly PageText[], spots: SenderSpots, thisYear: number): FaxIntake {
  let fields: IntakeField[] | null = null;
  for (const name of learnableFields) {
    const spot = spots[name];
    if (!spot) continue;
    const read = intake.fields.find((field) => field.name === name);
    if (read && !read.needsLook && read.confidence >= sureField) continue;
    const found = readAtSpot(pages, spot);
    if (!found || !fits(name, found.value, thisYear)) continue;
    if (read && bare(read.value) === bare(found.value)) continue;
    fields ??= [...intake.fields];
    const learned: IntakeField = { name, value: found.value, confidence: Math.min(learnedConfidence, read?.confidence ?? learnedConfidence), needsLook: true, page: spot.page, box: found.box, learned: true };
    // An unsure reading elsewhere on the page gives way to what stands where this sender puts the field.
    fields = fields.filter((field) => field.name !== name);
    fields.push(learned);
  }
  if (fields === null) return intake;
  const named = new Set(fields.map((field) => field.name));
  const order = (field: IntakeField) => intakeFieldNames.indexOf(field.name);
  const unread = (intake.unread ?? []).filter((label) => !named.has(label.name));
  const { unread: _before, ...rest } = intake;
  return { ...rest, fields: fields.sort((a, b) => order(a) - order(b)), ...(unread.length > 0 ? { unread } : {}) };
}
