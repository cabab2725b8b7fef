/**
 * A name read on a fax against a name on record. The fax may write it "GONZALEZ, Maria", "Maria Gonzalez",
 * "Gonzalez Maria" (a form's surname box first), with a title or "Jr.", without accents or with "ue" for "ü", a
 * two-part surname in part ("Garcia" for "García López"), the patient's earlier surname, a nickname ("Bill" for
 * William), or a letter misread. Each way of splitting the read words into surname and given name is tried; the
 * best agreement counts.
 */
import { fold } from '../../intake/page-lines';
import { sameGivenName } from './nicknames';
import { readWithin } from './read-distance';
import { surnameParticles } from '../../intake/surname-particles';

export type FamilyAgreement = 'exact' | 'part' | 'former' | 'spelling' | 'misread' | 'differ';
export type GivenAgreement = 'exact' | 'nickname' | 'middle' | 'spelling' | 'misread' | 'initial' | 'differ' | 'missing';

const titles = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'herr', 'frau', 'sra', 'sr', 'jr', 'ii', 'iii', 'iv', 'md', 'phd', 'dds', 'senior', 'junior']);

/** A name's words as compared: folded, apostrophes dropped (O'Brien), hyphens and dots as spaces. */
export function nameWords(text: string): string[] {
  return fold(text.replace(/[’'`´]/g, ''))
    .split(/[\s\-.,/]+/)
    .map((word) => fold(word))
    .filter((word) => word !== '' && /\p{L}/u.test(word));
}

/** "ü" written "ue" (and "ä", "ö"): how German names are typed without their letters. */
export function spellingKey(word: string): string {
  return word.replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u');
}

export interface ReadName {
  /** The read words, titles and suffixes left out. */
  words: string[];
  /** With "LAST, First": how many words come before the comma (the surname); null without a comma. */
  surnameWords: number | null;
}

export function readName(text: string): ReadName | null {
  const comma = text.indexOf(',');
  const before = comma >= 0 ? nameWords(text.slice(0, comma)).filter((word) => !titles.has(word)) : [];
  const words = nameWords(text).filter((word) => !titles.has(word));
  if (words.length === 0) return null;
  return { words, surnameWords: comma >= 0 && before.length > 0 && before.length < words.length ? before.length : null };
}

export interface RecordName {
  family: string[];
  formers: string[][];
  given: string[];
  /** The surname's significant words joined, and each earlier surname's (what a read surname is compared with). */
  familyKey: string;
  formerKeys: string[];
  /** The same as typed without ä, ö, ü (spellingKey). */
  familySpelling: string;
  formerSpellings: string[];
  /** The surname's words without particles ("de", "van"). */
  familySignificant: string[];
}

const significant = (words: readonly string[]): string[] => words.filter((word) => !surnameParticles.has(word));
const joined = (words: readonly string[]): string => significant(words).join('');

export function recordName(family: string, given: readonly string[], formers: readonly string[] = []): RecordName {
  const familyWords = nameWords(family);
  const formerWords = formers.map((former) => nameWords(former)).filter((words) => words.length > 0);
  const familyKey = joined(familyWords);
  const formerKeys = formerWords.map(joined);
  return { family: familyWords, formers: formerWords, given: given.flatMap((name) => nameWords(name)), familyKey, formerKeys, familySpelling: spellingKey(familyKey), formerSpellings: formerKeys.map(spellingKey), familySignificant: significant(familyWords) };
}

/** A way of reading the read words as surname and given names, with the surname's keys made once per fax. */
interface Split {
  family: string[];
  given: string[];
  familyKey: string;
  familySpelling: string;
  familyWords: string[];
}

function compareFamily(read: Split, record: RecordName): FamilyAgreement {
  const readKey = read.familyKey;
  if (readKey === '') return 'differ';
  const recordKey = record.familyKey;
  if (readKey === recordKey) return 'exact';
  const formerKeys = record.formerKeys;
  if (formerKeys.includes(readKey)) return 'former';
  // A two-part surname in part: every read word is one of the record's, or every record word one of the read's.
  const recordWords = record.familySignificant;
  const readWords = read.familyWords;
  const longEnough = (words: readonly string[]) => words.some((word) => word.length >= 3);
  if (longEnough(readWords) && longEnough(recordWords) && (readWords.every((word) => recordWords.includes(word)) || recordWords.every((word) => readWords.includes(word)))) return 'part';
  if (read.familySpelling === record.familySpelling || record.formerSpellings.includes(read.familySpelling)) return 'spelling';
  const allowed = recordKey.length >= 9 ? 1.5 : recordKey.length >= 4 ? 1 : 0.5;
  if (readWithin(readKey, recordKey, allowed) || formerKeys.some((key) => key.length >= 4 && readWithin(readKey, key, 1))) return 'misread';
  return 'differ';
}

function compareGiven(read: readonly string[], record: RecordName): GivenAgreement {
  const first = read[0];
  const goesBy = record.given[0];
  if (first === undefined) return 'missing';
  if (goesBy === undefined) return 'missing';
  if (first === goesBy) return 'exact';
  if (sameGivenName(first, goesBy)) return 'nickname';
  if (first.length === 1) return goesBy.startsWith(first) ? 'initial' : 'differ';
  // The patient goes by a middle name, or the fax gives only a later given name.
  if (record.given.slice(1).includes(first) || record.given.slice(1).some((name) => sameGivenName(first, name))) return 'middle';
  if (spellingKey(first) === spellingKey(goesBy)) return 'spelling';
  if (goesBy.length >= 4 && readWithin(first, goesBy, 1)) return 'misread';
  return 'differ';
}

export interface NameAgreement {
  family: FamilyAgreement;
  given: GivenAgreement;
}

/** The ways the read words may be split into surname and given names (the comma's, or each order). */
function splitsOf(read: ReadName): Array<{ family: string[]; given: string[] }> {
  const { words, surnameWords } = read;
  if (surnameWords !== null) return [{ family: words.slice(0, surnameWords), given: words.slice(surnameWords) }];
  if (words.length === 1) return [{ family: words, given: [] }];
  const ways: Array<{ family: string[]; given: string[] }> = [];
  for (let size = 1; size < words.length && size <= 3; size += 1) {
    ways.push({ family: words.slice(words.length - size), given: words.slice(0, words.length - size) });
    ways.push({ family: words.slice(0, size), given: words.slice(size) });
  }
  return ways;
}

const splitsMade = new WeakMap<ReadName, Split[]>();
function splits(read: ReadName): Split[] {
  const made = splitsMade.get(read);
  if (made) return made;
  const prepared = splitsOf(read).map((split) => {
    const familyKey = joined(split.family);
    return { ...split, familyKey, familySpelling: spellingKey(familyKey), familyWords: significant(split.family) };
  });
  splitsMade.set(read, prepared);
  return prepared;
}

/**
 * The best agreement of the read name with the record's under any split, by `weigh` (the matcher's weights: the
 * split that says most for the record counts, as a person reading "Gonzalez Maria" would take it).
 */
export function compareNames(read: ReadName, record: RecordName, weigh: (agreement: NameAgreement) => number): NameAgreement {
  let best: NameAgreement = { family: 'differ', given: 'differ' };
  let bestWeight = -Infinity;
  for (const split of splits(read)) {
    const agreement = { family: compareFamily(split, record), given: compareGiven(split.given, record) };
    const weight = weigh(agreement);
    if (weight > bestWeight) [best, bestWeight] = [agreement, weight];
  }
  return best;
}
