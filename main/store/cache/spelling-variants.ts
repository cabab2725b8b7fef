/**
 * The ways one German word is typed: ß as ss, ä/ö/ü as ae/oe/ue (a keyboard without them, a name as a passport or an
 * EHR writes it) and back. A search for "Weiss" finds "Weiß", "Joerg" finds "Jörg", and "Jörg" finds "Joerg". Only
 * these pairs, and ae/oe/ue only inside a word (the index keeps "Jörg" as "jorg", so "Doe" taken for "Dö" would
 * find every word beginning "do"): a search stays as narrow as the person typed it otherwise.
 */

const alternatives: ReadonlyArray<readonly [string, string]> = [
  ['ä', 'ae'],
  ['ö', 'oe'],
  ['ü', 'ue'],
  ['ß', 'ss'],
];

/** Variants of one search, at most this many (a search of many umlauts does not turn into thousands of queries). */
const mostVariants = 16;

/** The ways `text` (lower case) is also written, itself first. */
export function spellingVariants(text: string): string[] {
  let variants = [''];
  for (let index = 0; index < text.length; ) {
    const character = text[index] ?? '';
    const pair = text.slice(index, index + 2);
    // A digraph is taken for an umlaut only inside a word ("Joerg", "Mueller"), not at its end ("Doe", "Poe").
    const inside = /\p{L}/u.test(text[index + 2] ?? '');
    const written = alternatives.find(([letter, digraph]) => letter === character || (digraph === pair && (inside || digraph === 'ss')));
    let choices: string[];
    if (written === undefined) {
      choices = [character];
      index += 1;
    } else if (written[0] === character) {
      choices = [written[0], written[1]];
      index += 1;
    } else {
      choices = [written[1], written[0]];
      index += 2;
    }
    // The spelling as typed stays first, so the cap never drops it.
    variants = variants.flatMap((start) => choices.map((choice) => start + choice)).slice(0, mostVariants);
  }
  return [...new Set(variants)];
}
