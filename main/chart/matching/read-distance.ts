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

/** For each character, the characters it is taken for; for each character, the pairs read as it. */
const alikeOf = new Map<string, string>();
for (const [a, b] of lookAlikes) {
  alikeOf.set(a, `${alikeOf.get(a) ?? ''}${b}`);
  alikeOf.set(b, `${alikeOf.get(b) ?? ''}${a}`);
}
const pairsReadAs = new Map<string, string[]>();
for (const [two, one] of splits) pairsReadAs.set(one, [...(pairsReadAs.get(one) ?? []), two]);

const substitution = (a: string, b: string): number => (a === b ? 0 : alikeOf.get(a)?.includes(b) === true ? 0.5 : 1);
const pairAt = (text: string, end: number, one: string): boolean => pairsReadAs.get(one)?.some((two) => text[end - 2] === two[0] && text[end - 1] === two[1]) === true;

let table = new Float64Array(1024);

/**
 * The weighted edit distance between a reading and a value on record (both folded). With a `limit`, the answer is
 * only exact up to it: once no path can come back under the limit, a value past it is returned at once.
 */
export function readDistance(read: string, meant: string, limit = Infinity): number {
  const n = read.length;
  const m = meant.length;
  if (n === 0) return m;
  if (m === 0) return n;
  const width = m + 1;
  // d[i * width + j]: the distance between read[0..i) and meant[0..j). One table, grown when needed, serves every
  // call: a fax is compared with thousands of records, and a table each was most of the matcher's time.
  if (table.length < (n + 1) * width) table = new Float64Array((n + 1) * width * 2);
  const d = table;
  for (let j = 0; j <= m; j += 1) d[j] = j;
  let previousBest = 0;
  for (let i = 1; i <= n; i += 1) {
    const a = read[i - 1] ?? '';
    const row = i * width;
    const above = row - width;
    d[row] = i;
    let rowBest = i;
    for (let j = 1; j <= m; j += 1) {
      const b = meant[j - 1] ?? '';
      let best = Math.min((d[above + j] ?? 0) + 1, (d[row + j - 1] ?? 0) + 1, (d[above + j - 1] ?? 0) + substitution(a, b));
      // Two letters swapped.
      if (i > 1 && j > 1 && a !== b && a === meant[j - 2] && read[i - 2] === b) best = Math.min(best, (d[above - width + j - 2] ?? 0) + 1);
      // Two characters read as one ("m" for "rn"), or one as two.
      if (i > 1 && pairAt(read, i, b)) best = Math.min(best, (d[above - width + j - 1] ?? 0) + 0.5);
      if (j > 1 && pairAt(meant, j, a)) best = Math.min(best, (d[above + j - 2] ?? 0) + 0.5);
      d[row + j] = best;
      if (best < rowBest) rowBest = best;
    }
    // Every later cell builds on this row, or on the one before at half an edit more (one character read as two):
    // neither costs less further on.
    const floor = Math.min(rowBest, previousBest + 0.5);
    if (floor > limit) return floor;
    previousBest = rowBest;
  }
  return d[n * width + m] ?? Math.max(n, m);
}

/**
 * Whether the distance is at most `limit`, without the table when the lengths alone rule it out: each length step
 * costs at least half an edit (two characters read as one).
 */
export function readWithin(read: string, meant: string, limit: number): boolean {
  if (Math.abs(read.length - meant.length) * 0.5 > limit) return false;
  return readDistance(read, meant, limit) <= limit;
}
