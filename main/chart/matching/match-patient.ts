/**
 * Whom a fax is about, among the office's patients: record linkage as a master patient index does it. The records
 * sharing a blocking key with the reading are scored field by field (match-weights.ts) and the result is one of:
 * - `sure`: one patient, who may be filed to without a person — the best score is high, far ahead of the next, the
 *   values that agree were read surely, the birth date or an id agrees exactly, and no record looks like the
 *   patient's (a twin: same surname and birth date; a parent or child of the same name; the same name with another
 *   birth date). Those are the cases that misfile in real offices: they always go to a person;
 * - `ask`: a person chooses among the candidates shown (both look-alikes among them), or says it is someone else;
 * - `none`: nobody on the list fits (a new referral), or the fax does not say whom it is about.
 * Unknown is an answer; a guess is not.
 */
import type { PatientRecord, ReadPatient } from './patient-record';
import { compareBirthDates, readBirthDate, type BirthDateAgreement, type ReadDate } from './birth-dates';
import { compareIdKeys, readIdKeys, recordIdKeys, type IdAgreement, type IdKeys, type IdPairing } from './identifiers';
import { compareNames, readName, recordName, type FamilyAgreement, type GivenAgreement, type NameAgreement, type ReadName, type RecordName } from './name-parts';
import { birthDateWeight, familyWeight, fileAtBits, givenWeight, idWeight, leadBits, offerAtBits } from './match-weights';
import { readingKeys } from './blocking-keys';
import { sameGivenName } from './nicknames';

/** What the matcher needs of the office's patients (the list in the encrypted cache, or a test's in memory). */
export interface PatientIndex {
  size(): number;
  /** The records sharing any of these keys (blocking-keys.ts). */
  byKeys(keys: readonly string[]): PatientRecord[];
  /** How many records have this surname (folded words joined) and this first given name. */
  familyCount(family: string): number;
  givenCount(given: string): number;
  /** Records with this surname (folded words joined): where look-alikes are found. */
  withFamily(family: string): PatientRecord[];
}

export interface Agreement {
  family: FamilyAgreement | 'missing';
  given: GivenAgreement;
  birthDate: BirthDateAgreement;
  id: IdAgreement;
  /** Which of the fax's ids agreed with which of the record's. */
  idPairing: IdPairing | null;
}

export interface Candidate {
  patient: PatientRecord;
  /** The evidence for this patient, in bits. */
  weight: number;
  agreement: Agreement;
}

export type AskReason = 'look-alike' | 'two-fit' | 'unsure-reading' | 'weak';

export type MatchResult =
  | { verdict: 'sure'; patient: Candidate }
  | { verdict: 'ask'; reason: AskReason; candidates: Candidate[] }
  | { verdict: 'none'; reason: 'not-on-list' | 'nothing-read'; nearest: Candidate[] };

const folded = (words: readonly string[]): string => words.filter((word) => word !== '').join('');

/** A record's name and ids as compared, made once per record (a list of 100,000 is matched against every fax). */
export interface RecordParts {
  name: RecordName;
  familyKey: string;
  given: string;
  ids: IdKeys;
}
const partsMade = new WeakMap<PatientRecord, RecordParts>();
/** A record's parts as the matcher compares them (an index makes them as it is built, once). */
export function comparedParts(record: PatientRecord): RecordParts {
  const made = partsMade.get(record);
  if (made) return made;
  const name = recordName(record.family, record.given, record.formerFamilies ?? []);
  const parts = { name, familyKey: folded(name.family), given: name.given[0] ?? '', ids: recordIdKeys({ mrn: record.mrn, memberIds: record.memberIds ?? [] }) };
  partsMade.set(record, parts);
  return parts;
}

/** A reading as compared, made once per fax. */
interface ReadingParts {
  name: ReadName | null;
  birthDate: ReadDate | null;
  ids: IdKeys;
}
const readingParts = (read: ReadPatient, thisYear: number): ReadingParts => ({
  name: read.name ? readName(read.name.text) : null,
  birthDate: read.birthDate ? readBirthDate(read.birthDate.text, thisYear) : null,
  ids: readIdKeys({ mrn: read.mrn?.text ?? null, memberId: read.memberId?.text ?? null }),
});

function score(read: ReadingParts, record: PatientRecord, index: PatientIndex): Candidate {
  const parts = comparedParts(record);
  const familyCount = index.familyCount(parts.familyKey);
  const givenCount = index.givenCount(parts.given);
  const weighName = (agreement: NameAgreement): number => familyWeight(agreement.family, familyCount, index.size()) + givenWeight(agreement.given, givenCount, index.size());
  const nameAgreement: NameAgreement | null = read.name ? compareNames(read.name, parts.name, weighName) : null;
  const birthDate = compareBirthDates(read.birthDate, record.birthDate);
  const ids = compareIdKeys(read.ids, parts.ids);
  const weight = (nameAgreement ? weighName(nameAgreement) : 0) + birthDateWeight(birthDate) + idWeight(ids.agreement);
  return {
    patient: record,
    weight,
    agreement: { family: nameAgreement?.family ?? 'missing', given: nameAgreement?.given ?? 'missing', birthDate, id: ids.agreement, idPairing: ids.pairing },
  };
}

export function scoreRecord(read: ReadPatient, record: PatientRecord, index: PatientIndex, thisYear: number): Candidate {
  return score(readingParts(read, thisYear), record, index);
}

/** Records that look like `patient`: a twin (surname and birth date), or one of the same name (a parent, a child). */
export function lookAlikesOf(patient: PatientRecord, index: PatientIndex): PatientRecord[] {
  const { familyKey, given } = comparedParts(patient);
  return index.withFamily(familyKey).filter((other) => {
    if (other.id === patient.id) return false;
    if (patient.birthDate !== null && other.birthDate === patient.birthDate) return true;
    return given !== '' && sameGivenName(given, comparedParts(other).given);
  });
}

/** Whether the agreement is of the strong kinds a fax may file on by itself. */
function strongEvidence(agreement: Agreement): boolean {
  const surname = agreement.family === 'exact' || agreement.family === 'part' || agreement.family === 'former' || agreement.family === 'spelling';
  const given = agreement.given === 'exact' || agreement.given === 'nickname' || agreement.given === 'middle' || agreement.given === 'spelling';
  if (agreement.birthDate === 'exact' && (surname || agreement.family === 'misread') && given) return true;
  return agreement.id === 'exact' && surname && agreement.birthDate !== 'differ' && agreement.birthDate !== 'swapped';
}

/** Whether the id the agreement rests on was read surely. */
function idReadSurely(read: ReadPatient, agreement: Agreement): boolean {
  const mrnUsed = agreement.idPairing === 'mrn' || agreement.idPairing === 'member-as-mrn';
  return mrnUsed ? read.mrn?.sure === true : read.memberId?.sure === true;
}

/**
 * Whether each value the agreement rests on was read surely. A name recognition was unsure of (a rare surname reads
 * with low confidence though every letter is right) counts when the record bears it out letter for letter and the
 * birth date, read surely, agrees exactly — and no other record offered has that birth date: a misreading that lands
 * on another patient's exact name and birth date at once would have a near name of that date beside it.
 */
function readSurely(read: ReadPatient, best: Candidate, offered: readonly Candidate[]): boolean {
  const { agreement } = best;
  if (agreement.birthDate !== 'missing' && read.birthDate?.sure !== true) return false;
  if (agreement.id === 'exact' && !idReadSurely(read, agreement)) return false;
  if (read.name?.sure === true) return true;
  const nameExact = agreement.family === 'exact' && agreement.given === 'exact' && agreement.birthDate === 'exact';
  return nameExact && offered.every((other) => other === best || other.agreement.birthDate !== 'exact');
}

/**
 * The reading without the birth date and ids read unsurely that agree with the best record: an unsure value may
 * only add to the evidence, so the match must stand without it. One that disagrees stays (it counts against).
 */
function sureValuesOnly(read: ReadPatient, agreement: Agreement): ReadPatient | null {
  const mrnUsed = agreement.idPairing === 'mrn' || agreement.idPairing === 'member-as-mrn';
  const idAgrees = agreement.id === 'exact' || agreement.id === 'digit';
  const dropDate = read.birthDate?.sure === false && agreement.birthDate !== 'differ' && agreement.birthDate !== 'missing';
  const dropMrn = read.mrn?.sure === false && idAgrees && mrnUsed;
  const dropMember = read.memberId?.sure === false && idAgrees && !mrnUsed;
  if (!dropDate && !dropMrn && !dropMember) return null;
  return { ...read, birthDate: dropDate ? null : read.birthDate, mrn: dropMrn ? null : read.mrn, memberId: dropMember ? null : read.memberId };
}

const mostShown = 5;

export function matchPatient(read: ReadPatient, index: PatientIndex, thisYear: number): MatchResult {
  if (read.name === null && read.birthDate === null && read.mrn === null && read.memberId === null) return { verdict: 'none', reason: 'nothing-read', nearest: [] };
  const parts = readingParts(read, thisYear);
  const scored = index
    .byKeys(readingKeys(read, thisYear))
    .map((record) => score(parts, record, index))
    .sort((a, b) => b.weight - a.weight || a.patient.id.localeCompare(b.patient.id));
  // A record whose birth date differs outright (not a digit, not the other way round) and no id agrees is another
  // person of that name — a new referral is often one — shown only as the nearest.
  const otherPerson = (candidate: Candidate): boolean => candidate.agreement.birthDate === 'differ' && candidate.agreement.id !== 'exact';
  const offered = scored.filter((candidate) => candidate.weight >= offerAtBits && !otherPerson(candidate));
  const [best, second] = offered;
  if (best === undefined) return { verdict: 'none', reason: 'not-on-list', nearest: scored.filter((candidate) => candidate.weight >= offerAtBits).slice(0, mostShown) };
  const alike = lookAlikesOf(best.patient, index);
  if (alike.length > 0) {
    // Both shown, whatever their scores: the person tells them apart.
    const shown = new Map(offered.slice(0, mostShown).map((candidate) => [candidate.patient.id, candidate]));
    for (const other of alike) if (!shown.has(other.id)) shown.set(other.id, scored.find((candidate) => candidate.patient.id === other.id) ?? score(parts, other, index));
    return { verdict: 'ask', reason: 'look-alike', candidates: [...shown.values()].sort((a, b) => b.weight - a.weight) };
  }
  const candidates = offered.slice(0, mostShown);
  if (second !== undefined && second.weight > best.weight - leadBits) return { verdict: 'ask', reason: 'two-fit', candidates };
  if (best.weight < fileAtBits || !strongEvidence(best.agreement)) return { verdict: 'ask', reason: 'weak', candidates };
  if (readSurely(read, best, offered)) return { verdict: 'sure', patient: best };
  const sureOnly = sureValuesOnly(read, best.agreement);
  const again = sureOnly === null ? null : matchPatient(sureOnly, index, thisYear);
  if (again?.verdict === 'sure' && again.patient.patient.id === best.patient.id) return { verdict: 'sure', patient: best };
  return { verdict: 'ask', reason: 'unsure-reading', candidates };
}
