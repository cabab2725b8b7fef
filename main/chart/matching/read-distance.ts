/**
 * How far a value read on a fax is from a value on record, counting what reading does: a letter or digit taken for
 * one that looks like it (0/o, 1/l/i, 5/s, 8/b, rn/m, cl/d …) costs half an edit; any other change, a letter too many
 * or too few, or two neighbours swapped (a sender's typo) costs one. Both sides are folded (lower case, no accents).
 */

/** Characters recognition takes for one another at fax resolution. */
const lookAlikes: ReadonlyArray<readonly [string, string]> = [
  ['0', 'o'], ['0', 'd'], ['0', 'q'], ['1', 'l'], ['1', 'i'], ['1', '7'], ['l', 'i'], ['i', 'j'], ['5', 's'], ['8', 'b'], ['8', '3'], ['8', '6'], ['8', '0'],
  ['2', 'z'], ['6', 'b'], ['6', 'g'], ['9', 'g'], ['9', 'q'], ['4', 'a'], ['u', 'v'], ['n', 'h'], ['c', 'e'], ['a', 'o'], ['e', 'o'], ['h', 'b'], ['t', 'f'],
  ['r', 'n'], ['m', 'n'], ['y', 'v'], ['k', 'x'],
];
/** Two characters read as one, or one as two. */
const splits: ReadonlyArray<readonly [string, string]> = [
  ['rn', 'm'], ['cl', 'd'], ['vv', 'w'], ['ii', 'u'], ['li', 'h'], ['ri', 'n'], ['nn', 'm'],
];

const alike = new Set(lookAlikes.flatMap(([a, b]) => [`${a}${b}`, `${b}${a}`]));
const splitPairs = new Set(splits.flatMap(([two, one]) => [`${two}|${one}`]));

const substitution = (a: string, b: string): number => (a === b ? 0 : alike.has(`${a}${b}`) ? 0.5 : 1);

/** The weighted edit distance between a reading and a value on record (both folded). */
export function readDistance(read: string, meant: string): number {
  const n = read.length;
  const m = meant.length;
  if (n === 0) return m;
  if (m === 0) return n;
  // d[i][j]: the distance between read[0..i) and meant[0..j).
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i += 1) {
    const row = d[i] as number[];
    const above = d[i - 1] as number[];
    for (let j = 1; j <= m; j += 1) {
      const a = read[i - 1] ?? '';
      const b = meant[j - 1] ?? '';
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + substitution(a, b));
      // Two letters swapped.
      if (i > 1 && j > 1 && a === meant[j - 2] && read[i - 2] === b && a !== b) best = Math.min(best, ((d[i - 2] as number[])[j - 2] ?? 0) + 1);
      // Two characters read as one ("m" for "rn"), or one as two.
      if (i > 1 && splitPairs.has(`${read.slice(i - 2, i)}|${b}`)) best = Math.min(best, ((d[i - 2] as number[])[j - 1] ?? 0) + 0.5);
      if (j > 1 && splitPairs.has(`${meant.slice(j - 2, j)}|${a}`)) best = Math.min(best, ((d[i - 1] as number[])[j - 2] ?? 0) + 0.5);
      row[j] = best;
    }
  }
  return (d[n] as number[])[m] ?? Math.max(n, m);
}
