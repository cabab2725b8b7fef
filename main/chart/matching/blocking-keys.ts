/**
 * Blocking, as record-linkage systems do it: only records that share a key with the fax's reading are scored. The
 * keys are made the same way for a record and for a reading, so a record shares one when its birth date is the
 * read date or a neighbour of it (the other way round, a digit off), when a surname word is a read word with at most
 * one letter changed, added or lost (the words and each of them with one letter left out, as SymSpell indexes
 * words), or when an id agrees. What no key reaches is a new patient as far as the matcher can tell.
 */
import type { PatientRecord, ReadPatient } from './patient-record';
import { birthDateNeighbours, readBirthDate } from './birth-dates';
import { idKey } from './identifiers';
import { nameWords, spellingKey } from './name-parts';

/** A word and the word with each one letter left out (words of four letters and more). */
export function wordKeys(word: string): string[] {
  const keys = new Set([`n:${word}`, `n:${spellingKey(word)}`]);
  if (word.length >= 4) for (let index = 0; index < word.length; index += 1) keys.add(`n:${word.slice(0, index)}${word.slice(index + 1)}`);
  return [...keys];
}

/** The keys a record is found by. */
export function recordKeys(record: PatientRecord): string[] {
  const keys = new Set<string>();
  if (record.birthDate) keys.add(`d:${record.birthDate}`);
  const surnames = [record.family, ...(record.formerFamilies ?? [])].flatMap((family) => {
    const words = nameWords(family);
    return [...words, words.join('')];
  });
  for (const word of surnames) if (word.length >= 2) for (const key of wordKeys(word)) keys.add(key);
  for (const id of [record.mrn, ...(record.memberIds ?? [])]) {
    const key = id === null ? '' : idKey(id);
    if (key.length >= 3) keys.add(`i:${key}`);
  }
  return [...keys];
}

/** The keys a reading looks records up by. */
export function readingKeys(read: ReadPatient, thisYear: number): string[] {
  const keys = new Set<string>();
  const date = read.birthDate ? readBirthDate(read.birthDate.text, thisYear) : null;
  if (date) for (const neighbour of birthDateNeighbours(date)) keys.add(`d:${neighbour}`);
  if (read.name) {
    const words = nameWords(read.name.text);
    for (const word of [...words, ...words.slice(1).map((_, index) => `${words[index] ?? ''}${words[index + 1] ?? ''}`)]) {
      if (word.length >= 2) for (const key of wordKeys(word)) keys.add(key);
    }
  }
  for (const id of [read.mrn, read.memberId]) {
    const key = id === null ? '' : idKey(id.text);
    if (key.length >= 3) keys.add(`i:${key}`);
  }
  return [...keys];
}
