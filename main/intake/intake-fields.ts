/**
 * Whom and what a fax is about, read from labelled values: "Patient:", "DOB", "MRN", "Member ID", "Claim #", "Fax
 * back", "geb.", "Versichertennummer" … (English and German). A value runs from its label to the next label or the
 * end of the line, and must look like what it is (a name of two to four words, a real date, an id with digits, a
 * phone number). Its confidence is the recognizer's for its words, lowered when it does not look right or when the
 * fax gives it twice differently; below `sureField` it "needs a look". Nothing is guessed where no label says it.
 */
import { intakeFieldNames, type IntakeField, type IntakeFieldName, type UnreadLabel } from '../../preload/intake';
import { bare, boxAround, type LineWord, type PageLine } from './page-lines';
import { isWrittenDate, writtenDate } from '../../preload/written-date';
import { nearWord, withinEdits } from './near-words';
import { checkFaxNumber } from '../../preload/fax-number';
import { surnameParticles } from './surname-particles';
import { digitForLetter } from '../pages/lookalike-characters';

/** A field read with less confidence than this needs a look (never drives an action alone). */
export const sureField = 90;

type LabelledField = Exclude<IntakeFieldName, 'sender' | 'urgency'>;

/** Labels as `fold` leaves them, each a run of folded words. */
const labels: Record<LabelledField, string[]> = {
  patient: ['patient name', 'patient', 'patientin', 'pt name', 'name', 'member name', 'member', 're', 'patient/in', 'versicherte', 'versicherter', 'subscriber', 'name des patienten', 'name der patientin'],
  dob: ['date of birth', 'dob', 'd.o.b', 'd o.b', 'birth date', 'birthdate', 'geb', 'geb. am', 'geboren am', 'geburtsdatum'],
  mrn: ['mrn', 'medical record number', 'medical record', 'chart', 'chart number', 'patient id', 'record number', 'patientennummer', 'patienten-nr', 'fall-nr'],
  memberId: ['member id', 'member number', 'member no', 'subscriber id', 'insurance id', 'policy number', 'policy', 'id number', 'versichertennummer', 'versicherten-nr', 'versichertennr', 'vers.-nr', 'kv-nr'],
  claimNumber: ['claim', 'claim number', 'claim no', 'claim id', 'schadennummer', 'rechnungsnummer'],
  faxBack: ['fax', 'fax back', 'fax back to', 'please fax to', 'fax to', 'send by fax to', 'return fax', 'reply fax', 'prescriber fax', 'fax number', 'fax no', 'ruckfax', 'telefax', 'fax-nr', 'call back', 'callback', 'pharmacy callback', 'ruckruf', 'bitte um ruckruf'],
};

/** Field labels that say "fax": a number after them is surely where to fax back; "call back" only maybe. */
const faxLabels = new Set(['fax', 'fax back', 'fax back to', 'please fax to', 'fax to', 'send by fax to', 'return fax', 'reply fax', 'prescriber fax', 'fax number', 'fax no', 'ruckfax', 'telefax', 'fax-nr']);

const labelList = (Object.entries(labels) as Array<[LabelledField, string[]]>)
  .flatMap(([field, texts]) => texts.map((text) => ({ field, text, words: text.split(' ') })))
  .sort((a, b) => b.words.length - a.words.length);

/** Words that end a value though no field of ours starts there (the next label of another kind). */
const stopWords = new Set(['dob', 'mrn', 'id', 'group', 'phone', 'tel', 'telefon', 'date', 'datum', 'provider', 'pages', 'from', 'to', 'reason', 'diagnose', 'diagnosis', 'medication', 'referring', 'prescriber', 'npi', 'sex', 'gender', 'age', 'address', 'service', 'amount', 'collected', 'von', 'an', 'geb', 'plan', 'rx']);

/** Words in the names of practices, clinics, labs … (a sender's name, a letterhead). */
export const organisationWords: ReadonlySet<string> = new Set([
  'practice', 'clinic', 'hospital', 'center', 'centre', 'medical', 'health', 'healthcare', 'cardiology', 'orthopedics', 'pediatrics', 'imaging', 'radiology',
  'laboratory', 'laboratories', 'lab', 'labs', 'pharmacy', 'dental', 'dentistry', 'services', 'therapy', 'physicians', 'insurance', 'associates', 'group', 'praxis', 'klinik', 'klinikum', 'krankenhaus', 'apotheke', 'labor', 'gemeinschaftspraxis', 'zentrum', 'mvz', 'oncology', 'dermatology', 'family',
]);

export interface FieldCandidate extends IntakeField {
  /** "call back" numbers are weaker than "fax back" ones. */
  strength: number;
}

/** Labels written abbreviated, with a dot ("geb.", "D.O.B.", "Claim no."). */
const abbreviations = new Set(['geb', 'dob', 'd.o.b', 'd o.b', 'mrn', 'claim no', 'fax no', 'member no', 'fax-nr', 'vers.-nr', 'kv-nr', 'patienten-nr', 'fall-nr']);

interface LabelAt {
  field: LabelledField;
  text: string;
  start: number;
  end: number;
  /** Ends in a colon (or "#", a dot) or starts the line: surely a label; else only when its value looks right. */
  marked: boolean;
  /** Marked by its punctuation (a colon, "#", an abbreviation's dot), not only by standing first on its line. */
  punctuated: boolean;
}

/**
 * Whether a word read is the label's word: exactly, or with a misread letter where that cannot make another label —
 * in a long word ("Memher" for "Member"), or from four letters in a label of several words ("Dato of birth",
 * "Patent namo": a boxed form's small print) — or a short word of a longer label read as the digits it looks like
 * ("Member 10" for "Member ID").
 */
function labelWord(read: string, meant: string, labelWords: number): boolean {
  if (read === meant) return true;
  if (labelWords > 1 && meant.length >= 4) return withinEdits(read, meant, 1);
  if (labelWords > 1 && read.length === meant.length && Array.from(read, (letter, at) => letter === meant[at] || digitForLetter(letter, meant[at] ?? '')).every(Boolean)) return true;
  return nearWord(read, meant);
}

/** A box's right edge read as a letter or a mark on its label's line ("Palient name          I"). */
const boxEdge = /^[|Il1i!()[\]]$/;

/** A name's label followed by "#" asks for a number: "Member #" is the member id, "Patient #" the record number. */
const numberOf: Readonly<Record<string, LabelledField>> = { member: 'memberId', subscriber: 'memberId', patient: 'mrn' };

function labelsIn(words: readonly LineWord[]): LabelAt[] {
  const found: LabelAt[] = [];
  let index = 0;
  while (index < words.length) {
    const match = labelList.find((label) => label.words.every((word, offset) => labelWord(words[index + offset]?.folded ?? '', word, label.words.length)));
    if (match) {
      const last = words[index + match.words.length - 1];
      const following = words[index + match.words.length]?.text ?? '';
      // A dot marks an abbreviated label ("geb.", "D.O.B."), never a name's: "… the member." ends a sentence.
      const dotted = abbreviations.has(match.text) && last !== undefined && last.text.endsWith('.');
      const punctuated = dotted || (last !== undefined && /[:#]$/.test(last.text)) || following === ':' || following.startsWith('#');
      const numbered = following.startsWith('#') || (last !== undefined && /#:?$/.test(last.text));
      const field = numbered ? (numberOf[match.text] ?? match.field) : match.field;
      found.push({ field, text: match.text, start: index, end: index + match.words.length, marked: index === 0 || punctuated, punctuated });
      index += match.words.length;
      continue;
    }
    index += 1;
  }
  return found;
}

const cleaned = (text: string) => text.replace(/^[:#\s]+|[,;:]+$/g, '');
const confidenceOf = (words: readonly LineWord[]) => Math.min(...words.map((word) => word.confidence));

/** Whether a date read as text is a real date of birth (US month first unless it has dots, as German dates do). */
export function plausibleBirthDate(text: string, thisYear: number): boolean {
  const date = writtenDate(text);
  if (!date) return false;
  const { month, day } = date;
  let { year } = date;
  if (year < 100) year += year > thisYear % 100 ? 1900 : 2000;
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate() && year >= 1900 && year <= thisYear;
}

/**
 * A number a fax could be sent back to: one with its "+", or one as the app's offices dial it (the US and Germany,
 * the regions its languages serve: a German number with its trunk 0, a US one without). "10. (059) 555-3635" is no
 * such number: shown as read, it needs a look.
 */
function isDialable(value: string): boolean {
  const compact = value.replace(/[^\d+]/g, '');
  // German national numbers start with their trunk 0; a number without it is read as a US one.
  const country = compact.startsWith('+') ? null : compact.startsWith('0') ? 'DE' : 'US';
  return checkFaxNumber(value, { defaultCountry: country }).ok;
}

/** Fillers between a label and its value ("fax back to", "Fax an", "number:"). */
const fillers = new Set(['to', 'at', 'an', 'no', 'nr', 'number', 'is', 'please', 'bitte']);

/** The words up to a wide gap (the next column of a two-column page starts there). */
function untilGap(words: readonly LineWord[]): LineWord[] {
  const taken: LineWord[] = [];
  for (const word of words) {
    const last = taken.at(-1);
    if (last && word.box[0] - last.box[2] > 0.06) break;
    taken.push(word);
  }
  return taken;
}

/** Labels of two words or more, by their second word ("birth date" under "date"). */
const labelsBySecondWord = new Map<string, string[]>();
for (const label of labelList) {
  const [first, second] = label.words;
  if (first !== undefined && second !== undefined) labelsBySecondWord.set(second, [...(labelsBySecondWord.get(second) ?? []), first]);
}

/**
 * Whether a name of three words or more ends in the first word of the label that stopped it, read a letter or two
 * off ("Emeka Dubois Birin date:" — "Birth date" misread; seen on tuning seed 4): the name may be two words long.
 */
function endsInMisreadLabel(taken: readonly LineWord[], stoppedAt: LineWord | undefined): boolean {
  const last = taken.at(-1);
  if (taken.length < 3 || !last || !stoppedAt) return false;
  return (labelsBySecondWord.get(stoppedAt.folded) ?? []).some((first) => first.length >= 4 && last.folded[0] === first[0] && withinEdits(last.folded, first, 2));
}

function valueWords(field: LabelledField, words: readonly LineWord[]): { words: LineWord[]; value: string; looksRight: boolean } | null {
  let rest = untilGap(words.filter((word) => /[\p{L}\p{N}]/u.test(word.text)));
  if (field === 'faxBack') while (rest.length > 1 && fillers.has(rest[0]?.folded ?? '')) rest = rest.slice(1);
  if (rest.length === 0) return null;
  switch (field) {
    case 'patient': {
      const taken: LineWord[] = [];
      // "Doe, Jane, DOB …": the second comma ends the name. A surname with particles before it ("Van der Berg,
      // Rebecca") is still the surname part: its comma is the first.
      const particle = (word: LineWord): boolean => surnameParticles.has(word.folded);
      for (const word of rest) {
        if (taken.length === 4 || /\d/.test(word.text) || stopWords.has(word.folded)) break;
        taken.push(word);
        if (/[,;]$/.test(word.text) && taken.length >= 2 && !taken.slice(0, -1).every(particle)) break;
      }
      if (taken.length === 0) return null;
      const value = taken.map((word) => cleaned(word.text)).join(' ');
      const capitalized = taken.filter((word) => /^[\p{Lu}][\p{L}'’.-]*[,;]?$/u.test(word.text));
      // No letter of a name in the languages read carries two marks: "Hằkon" is "Håkon" misread (seen on tuning seed 3).
      const twoMarks = taken.some((word) => /\p{L}\p{M}{2,}/u.test(word.text.normalize('NFD')));
      const looksRight = capitalized.length >= 2 && !twoMarks && !endsInMisreadLabel(taken, rest[taken.length]) && taken.every((word) => capitalized.includes(word) || particle(word));
      return { words: taken, value, looksRight };
    }
    case 'dob': {
      // A date may come apart at its separators ("03/ 04/1977"): up to three words make it.
      for (let count = 1; count <= Math.min(3, rest.length); count += 1) {
        const joined = rest.slice(0, count).map((word) => cleaned(word.text)).join('');
        if (isWrittenDate(joined)) return { words: rest.slice(0, count), value: joined, looksRight: plausibleBirthDate(joined, new Date().getFullYear()) };
      }
      return { words: rest.slice(0, 1), value: cleaned(rest[0]?.text ?? ''), looksRight: false };
    }
    case 'faxBack': {
      const taken: LineWord[] = [];
      let digits = 0;
      for (const word of rest) {
        // A date is no phone number ("03/14/1961").
        if (!/^[+(]?[\d()+\-./]+[,;]?$/.test(word.text) || isWrittenDate(word.text.replace(/[.,;:]+$/, ''))) break;
        taken.push(word);
        digits += word.text.replace(/\D/g, '').length;
        if (digits >= 15) break;
      }
      if (taken.length === 0) return null;
      const value = taken.map((word) => cleaned(word.text)).join(' ');
      return { words: taken, value, looksRight: digits >= 7 && digits <= 15 && isDialable(value) };
    }
    default: {
      const first = rest[0];
      if (first === undefined) return null;
      const value = cleaned(first.text);
      const digits = value.replace(/\D/g, '').length;
      // A short run of digits right after it ("134381 -41", "134381 41") may be the id's own end, split by reading.
      const mayGoOn = /^[-–—~_.]?\d{1,4}$/.test(rest[1]?.text ?? '');
      return { words: [first], value, looksRight: digits >= 4 && !mayGoOn && /^[\p{L}\d][\p{L}\d-]*$/u.test(value) };
    }
  }
}

/**
 * The words of the line just below a label that stand from the label's left edge on: a boxed form writes its
 * value under its label.
 */
function wordsBelow(lines: readonly PageLine[], index: number, label: LineWord): LineWord[] {
  const line = lines[index];
  if (!line) return [];
  // A box's edge read as a stray mark (")", "i 7") may stand between the label and its value: passed over.
  for (const below of lines.slice(index + 1, index + 4)) {
    if (below.middle - line.middle > 0.04 || labelsIn(below.words).length > 0) return [];
    const words = below.words.filter((word) => word.box[0] >= label.box[0] - 0.01);
    if (words.some((word) => /[\p{L}\p{N}]{2}/u.test(word.text))) return words;
  }
  return [];
}

/** Every labelled value on the page; a surely marked label with nothing read after or below it goes to `unread`. */
function labelledOnPage(lines: readonly PageLine[], unread: UnreadLabel[]): FieldCandidate[] {
  const found: FieldCandidate[] = [];
  lines.forEach((line, lineIndex) => {
    const at = labelsIn(line.words);
    at.forEach((label, index) => {
      const next = at[index + 1]?.start ?? line.words.length;
      let value = line.words.slice(label.end, next);
      const first = line.words[label.start];
      if (value.every((word) => cleaned(word.text) === '' || boxEdge.test(word.text)) && first) value = wordsBelow(lines, lineIndex, first);
      const read = valueWords(label.field, value);
      // "DOB:" with an empty box: the form asks for it, nothing was read — said so, never guessed.
      if (!read && first && label.punctuated && value.every((word) => cleaned(word.text) === '')) {
        const words = line.words.slice(label.start, label.end);
        unread.push({ name: label.field, page: line.page, box: boxAround(words) });
        return;
      }
      // "Patient" or "member number" in running text is no label: unmarked, only a value that looks right counts.
      // An unmarked id must be long enough not to be a year or a count ("claim 1961").
      const shown = read?.value ?? '';
      const weak = !read?.looksRight || label.field === 'patient' || (label.field === 'faxBack' ? !/[()+-]/.test(shown) : label.field !== 'dob' && shown.length < 6);
      if (!read || (!label.marked && weak)) return;
      // A title that starts with a label's word ("PATIENT STATEMENT", "Member Services") is no label: a name read
      // after a word that only stands first on its line must look like a name.
      if (label.field === 'patient' && !label.punctuated && !read.looksRight) return;
      const strength = label.field === 'faxBack' && !faxLabels.has(label.text) ? 0.5 : 1;
      const confidence = Math.min(confidenceOf(read.words), read.looksRight ? 100 : 40, strength < 1 ? 70 : 100);
      found.push({ name: label.field, value: read.value, confidence, needsLook: confidence < sureField, page: line.page, box: boxAround(read.words), strength });
    });
  });
  return found;
}

/**
 * The sending organisation: a line near the top that names a practice, clinic, lab … (or what "From:" says). Found
 * by a guess, it needs a look — unless it is a name the desk already knows for this sender (the contact, or the
 * name the Fax Service gave): a dictionary that confirms what was read, never one that writes it.
 */
function senderOnPage(lines: readonly PageLine[], knownNames: readonly string[]): FieldCandidate | null {
  for (const line of lines) {
    if (line.middle > 0.3) break;
    const fromAt = line.words.findIndex((word) => word.folded === 'from' || word.folded === 'von' || word.folded === 'absender');
    const words = fromAt >= 0 ? line.words.slice(fromAt + 1) : line.words;
    if (!words.some((word) => organisationWords.has(word.folded))) continue;
    // The name runs until a separator ("·", "|", a comma) or a number (an address, a phone).
    const taken: LineWord[] = [];
    for (const word of words) {
      if (/\d/.test(word.text) || /^[·|•,–-]$/.test(word.text)) break;
      taken.push(word);
      if (/[,;]$/.test(word.text)) break;
    }
    if (taken.length === 0) continue;
    const value = taken.map((word) => cleaned(word.text)).join(' ');
    const known = knownNames.some((name) => bare(name) === bare(value));
    const confidence = Math.min(confidenceOf(taken), known ? 100 : 80);
    return { name: 'sender', value, confidence, needsLook: confidence < sureField, page: line.page, box: boxAround(taken), strength: 1 };
  }
  return null;
}

const urgentWords = new Map([
  ['stat', 'STAT'],
  ['urgent', 'urgent'],
  ['asap', 'urgent'],
  ['eilt', 'urgent'],
  ['eilig', 'urgent'],
  ['dringend', 'urgent'],
  ['notfall', 'urgent'],
]);

function urgencyOnPage(lines: readonly PageLine[]): FieldCandidate | null {
  for (const line of lines) {
    for (const [index, word] of line.words.entries()) {
      const said = urgentWords.get(word.folded);
      if (said === undefined) continue;
      // "not urgent", "nicht eilig", "non-urgent" (one word, not matched) say the opposite.
      const before = line.words[index - 1]?.folded;
      if (before === 'not' || before === 'nicht' || before === 'kein' || before === 'non') continue;
      return { name: 'urgency', value: said, confidence: word.confidence, needsLook: word.confidence < sureField, page: line.page, box: boxAround([word]), strength: 1 };
    }
  }
  return null;
}

/** Every field candidate on one page. */
export function pageFields(lines: readonly PageLine[], knownNames: readonly string[] = [], unread: UnreadLabel[] = []): FieldCandidate[] {
  const found = labelledOnPage(lines, unread);
  const sender = senderOnPage(lines, knownNames);
  if (sender) found.push(sender);
  const urgency = urgencyOnPage(lines);
  if (urgency) found.push(urgency);
  return found;
}

/** Every number-like run on the pages, digits and letters only: a phone across its words ("(415) 555-0199"), an id. */
export function numberRuns(lines: readonly PageLine[]): Set<string> {
  const runs = new Set<string>();
  for (const line of lines) {
    let phone = '';
    for (const word of line.words) {
      const bare = word.text.replace(/[^\p{L}\p{N}]/gu, '');
      if (/\d/.test(bare) && bare.length >= 4) runs.add(bare.toLowerCase());
      if (/^[+(]?[\d()+\-./]+[,;]?$/.test(word.text)) phone += word.text.replace(/\D/g, '');
      else phone = '';
      if (phone.length >= 7) runs.add(phone);
    }
  }
  return runs;
}

const compact = (value: string, field: IntakeFieldName) => (field === 'faxBack' ? value.replace(/\D/g, '') : value.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase());

/** Whether the fax also shows something one or two characters off the value (one of the two is misread). */
function nearMiss(value: string, runs: ReadonlySet<string>): boolean {
  for (const run of runs) {
    if (run === value || run.length !== value.length) continue;
    let different = 0;
    for (let index = 0; index < run.length && different <= 2; index += 1) if (run[index] !== value[index]) different += 1;
    if (different <= 2) return true;
  }
  return false;
}

const same = (a: string, b: string) => a.replace(/[\s\p{P}]/gu, '').toLowerCase() === b.replace(/[\s\p{P}]/gu, '').toLowerCase();

/**
 * One value per field for a fax (or a part of a batch): the strongest, surest reading; a field the pages give
 * differently — or shows a number one or two characters off it elsewhere (a header line, a footer) — needs a look
 * whatever its words' confidence.
 */
export function chooseFields(candidates: readonly FieldCandidate[], runs: ReadonlySet<string> = new Set()): IntakeField[] {
  const chosen: IntakeField[] = [];
  const byName = new Map<IntakeFieldName, FieldCandidate[]>();
  for (const candidate of candidates) byName.set(candidate.name, [...(byName.get(candidate.name) ?? []), candidate]);
  for (const [name, list] of byName) {
    const ordered = [...list].sort((a, b) => b.strength - a.strength || b.confidence - a.confidence || a.page - b.page);
    const first = ordered[0];
    if (first === undefined) continue;
    const strongest = ordered.filter((candidate) => candidate.strength === first.strength);
    const numbered = name === 'faxBack' || name === 'mrn' || name === 'memberId' || name === 'claimNumber';
    const disagree = (name !== 'urgency' && name !== 'sender' && strongest.some((candidate) => !same(candidate.value, first.value))) || (numbered && nearMiss(compact(first.value, name), runs));
    const confidence = disagree ? Math.min(first.confidence, 50) : first.confidence;
    chosen.push({ name, value: first.value, confidence, needsLook: confidence < sureField, page: first.page, box: first.box });
  }
  // Whom it is about first, then where it is from: the order people read a fax's facts in.
  return chosen.sort((a, b) => intakeFieldNames.indexOf(a.name) - intakeFieldNames.indexOf(b.name));
}
