/**
 * Words read with a letter wrong still say what they say: "Laboratorv" is "laboratory", "Uberweisunq" is
 * "uberweisung". Long words match within one edit (two from twelve letters on); short ones only exactly (a
 * two-letter word one edit off is any other word).
 */

/** Whether `a` is within `max` edits (insert, delete, change) of `b`. */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return false;
    previous = current;
  }
  return (previous[b.length] ?? max + 1) <= max;
}

/** How many edits a word read may be off the word meant: none below six letters, one, two from twelve. */
export function editsAllowed(word: string): number {
  if (word.length < 6) return 0;
  return word.length >= 12 ? 2 : 1;
}

/** Whether a word read is the word meant, allowing a misread letter in a long word. */
export function nearWord(read: string, meant: string): boolean {
  if (read === meant) return true;
  const allowed = editsAllowed(meant);
  return allowed > 0 && withinEdits(read, meant, allowed);
}

/** Where in `words` the run `phrase` starts (each word near its counterpart), or -1. */
export function findNear(words: readonly string[], phrase: readonly string[], from = 0): number {
  for (let start = from; start + phrase.length <= words.length; start += 1) {
    if (phrase.every((meant, offset) => nearWord(words[start + offset] ?? '', meant))) return start;
  }
  return -1;
}
