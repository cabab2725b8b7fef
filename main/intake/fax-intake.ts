/**
 * A received fax's intake from its recognized pages: its kind (the rules, or the office's own model where the
 * rules say little), its fields, and the parts a batch could be split into where the patient or the document
 * changes. Pure: the same pages give the same intake.
 */
import type { FaxIntake, IntakeField, IntakeKind, IntakePart, UnreadLabel } from '../../preload/intake';
import type { RecognizedWord } from '../store/recognized-text';
import { chooseFields, numberRuns, pageFields, type FieldCandidate } from './intake-fields';
import { modelWords, type KindModel } from './kind-model';
import { ruleKind, type RuleKind } from './kind-rules';
import { bare, fold, pageLines, type PageLine } from './page-lines';
import { documentLines } from './letterhead';
import { withinEdits } from './near-words';

/** A kind the rules give with less confidence than this is a suggestion (never drives a rule alone). */
export const sureKind = 70;
/** The office's model speaks only when it is this sure. */
const modelSpeaks = 80;

export interface PageText {
  page: number;
  words: readonly RecognizedWord[];
}

/** The folded words of the fax (what the office's model learns from). */
export function faxWords(pages: readonly PageText[]): string[] {
  return modelWords(pages.flatMap((page) => page.words.map((word) => fold(word.text))));
}

function kindOf(lines: ReadonlyArray<readonly PageLine[]>, words: readonly string[], model: KindModel | null): { kind: IntakeKind; pages: Array<RuleKind | null> } {
  const rules = ruleKind(lines);
  const ruled: IntakeKind = { kind: rules.kind, confidence: rules.confidence, source: 'rules', sure: rules.kind !== 'other' && rules.confidence >= sureKind };
  const guess = model?.guess(words) ?? null;
  // The office's model speaks where the rules are unsure or say nothing; what it says is a suggestion.
  if (guess && guess.confidence >= modelSpeaks && guess.kind !== rules.kind && !ruled.sure) {
    return { kind: { kind: guess.kind, confidence: guess.confidence, source: 'model', sure: false }, pages: rules.pages };
  }
  return { kind: ruled, pages: rules.pages };
}

type Identity = Map<string, string>;

/** What a page gives of its patient (name folded, date of birth, ids), read at least half surely. */
function identityOf(fields: readonly FieldCandidate[]): Identity {
  const keys: Identity = new Map();
  for (const field of fields) {
    if (field.confidence < 50) continue;
    const value = bare(field.value);
    if (value === '' || keys.has(field.name)) continue;
    if (field.name === 'patient' || field.name === 'dob' || field.name === 'mrn' || field.name === 'memberId') keys.set(field.name, value);
  }
  return keys;
}

/**
 * Two pages of different patients: of what both give (name, birth date, ids), more disagrees than agrees — one
 * misread (a name with a letter off, the same birth date) does not make another patient.
 */
function differ(a: Identity, b: Identity): boolean {
  let agree = 0;
  let disagree = 0;
  for (const [name, value] of a) {
    const other = b.get(name);
    if (other === undefined) continue;
    if (other === value) agree += 1;
    else disagree += 1;
  }
  // Nothing to compare (one gives a record number, the other a birth date and member id): a page giving two or more
  // of them is a patient block, the first page of another document.
  if (agree + disagree === 0) return a.size > 0 && b.size >= 2;
  return disagree > agree;
}

/**
 * A page's record and member numbers of six characters or more, however unsurely read: a page read badly (every
 * field under half sure) still shows another patient's number, and a misread changes a character or two of a
 * number, never most of them.
 */
function numbersOf(fields: readonly FieldCandidate[]): Identity {
  const numbers: Identity = new Map();
  for (const field of fields) {
    const value = bare(field.value);
    if ((field.name === 'mrn' || field.name === 'memberId') && value.length >= 6 && !numbers.has(field.name)) numbers.set(field.name, value);
  }
  return numbers;
}

/** Two pages whose surely read fields agree on nothing, and that give one kind of number differing in more than half its characters. */
function otherNumbers(part: { identity: Identity; numbers: Identity }, identity: Identity, numbers: Identity): boolean {
  for (const [name, value] of identity) if (part.identity.get(name) === value) return false;
  for (const [name, value] of numbers) {
    const other = part.numbers.get(name);
    if (other !== undefined && !withinEdits(value, other, Math.floor(Math.max(value.length, other.length) / 2))) return true;
  }
  return false;
}

/**
 * Where a batch changes patient or document: a page whose patient differs from the part's — by what it read surely,
 * or, where that agrees on nothing, by a record or member number most of whose characters differ however unsurely it
 * was read (a page read badly is still another patient's page) —, or whose title says another kind of document.
 * Pages that say neither (a second page of a letter) stay with the part before; a cover sheet stays with the part
 * after it.
 */
export function batchParts(perPage: ReadonlyArray<{ page: number; kind: RuleKind | null; fields: readonly FieldCandidate[] }>): IntakePart[] {
  const parts: Array<IntakePart & { identity: Identity; numbers: Identity }> = [];
  for (const page of perPage) {
    const identity = identityOf(page.fields);
    const numbers = numbersOf(page.fields);
    const named = page.fields.find((field) => field.name === 'patient' && field.confidence >= 50);
    const patient = named?.value ?? null;
    const patientSure = named !== undefined && !named.needsLook;
    const kind = page.kind === 'cover_sheet' ? null : page.kind;
    const current = parts.at(-1);
    const coverOnly = current !== undefined && current.kind === null && current.lastPage === current.firstPage && perPage.find((other) => other.page === current.firstPage)?.kind === 'cover_sheet';
    const starts = current === undefined || (!coverOnly && (differ(current.identity, identity) || otherNumbers(current, identity, numbers) || (kind !== null && current.kind !== null && kind !== current.kind)));
    if (starts) {
      parts.push({ firstPage: page.page, lastPage: page.page, patient, patientSure, kind, identity, numbers });
      continue;
    }
    current.lastPage = page.page;
    if (current.patient === null && patient !== null) {
      current.patient = patient;
      current.patientSure = patientSure;
    }
    current.kind ??= kind;
    for (const [name, value] of identity) if (!current.identity.has(name)) current.identity.set(name, value);
    for (const [name, value] of numbers) if (!current.numbers.has(name)) current.numbers.set(name, value);
  }
  return parts.map(({ identity: _identity, numbers: _numbers, ...part }) => part);
}

/** `knownNames`: the names the desk knows the sender by (its contact, the Fax Service's sender name). */
export function faxIntake(pages: readonly PageText[], model: KindModel | null = null, knownNames: readonly string[] = []): FaxIntake {
  const ordered = [...pages].sort((a, b) => a.page - b.page);
  const lines = ordered.map((page) => pageLines(page.page, page.words));
  // What the document says it is, not who sent it (letterhead.ts).
  const { kind, pages: pageKinds } = kindOf(lines.map((page) => documentLines(page, knownNames)), faxWords(ordered), model);
  const labelsAlone: UnreadLabel[] = [];
  const perPage = ordered.map((page, index) => ({ page: page.page, kind: pageKinds[index] ?? null, fields: pageFields(lines[index] ?? [], knownNames, labelsAlone) }));
  const fields: IntakeField[] = chooseFields(perPage.flatMap((page) => page.fields), numberRuns(lines.flat()));
  // A field read elsewhere on the fax is read; each field not read is named once, where its label first stands.
  const unread = labelsAlone.filter((label, index) => !fields.some((field) => field.name === label.name) && labelsAlone.findIndex((other) => other.name === label.name) === index);
  return { kind, fields, parts: batchParts(perPage), ...(unread.length > 0 ? { unread } : {}) };
}
