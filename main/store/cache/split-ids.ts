/**
 * Ids a misread space split ("XJ447 1920" read for "XJ4471920", "A1234 56789"): two neighbouring words on one
 * line, each of letters and digits only, at least one with a digit, six characters or more together. They are
 * indexed joined beside the page's text, so a search for the whole id still finds the page. A join is a guess: it
 * is never a sure reading (a rule's content condition met only through one asks for a check by hand).
 */
import type { RecognizedWord } from '../recognized-text';

/** Letters and digits only (a word's trailing punctuation aside), diacritics folded, lower case; null otherwise. */
function idPart(word: string): string | null {
  const bare = word
    .replace(/[.,;:]+$/, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
  return /^[\p{L}\p{N}]+$/u.test(bare) ? bare : null;
}

/** The two words joined when they could be one split id, else null. */
export function joinedId(first: string, second: string): string | null {
  const a = idPart(first);
  const b = idPart(second);
  if (a === null || b === null) return null;
  const joined = a + b;
  return joined.length >= 6 && /\p{N}/u.test(joined) ? joined : null;
}

/** Every joined pair of the page's text (line by line), space-separated, for the index. */
export function joinedIds(text: string): string {
  const joined: string[] = [];
  for (const line of text.split('\n')) {
    const words = line.split(/\s+/).filter(Boolean);
    for (let index = 1; index < words.length; index += 1) {
      const pair = joinedId(words[index - 1] ?? '', words[index] ?? '');
      if (pair !== null) joined.push(pair);
    }
  }
  return joined.join(' ');
}

/** Whether two recognized words sit on one line: their boxes overlap in height. */
export function onOneLine(first: RecognizedWord, second: RecognizedWord): boolean {
  return first.box[1] < second.box[3] && second.box[1] < first.box[3];
}

/**
 * The words around the first split id of the text that a search term starts, the two halves between `start` and
 * `end` ("…Insurance ID: «XJ447 1920» MRN…"); null when none does. About `around` words each side.
 */
export function splitIdExcerpt(text: string, terms: readonly string[], marks: { start: string; end: string }, around = 5): string | null {
  for (const line of text.split('\n')) {
    const words = line.split(/\s+/).filter(Boolean);
    for (let index = 1; index < words.length; index += 1) {
      const joined = joinedId(words[index - 1] ?? '', words[index] ?? '');
      if (joined === null || !terms.some((term) => joined.startsWith(term))) continue;
      const before = words.slice(Math.max(0, index - 1 - around), index - 1);
      const after = words.slice(index + 1, index + 1 + around);
      const pair = `${marks.start}${words[index - 1] ?? ''} ${words[index] ?? ''}${marks.end}`;
      return [index - 1 > around ? '…' : '', ...before, pair, ...after, index + 1 + around < words.length ? '…' : ''].filter(Boolean).join(' ');
    }
  }
  return null;
}
