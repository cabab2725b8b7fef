/**
 * Ruling lines taken off a fax page before it is read: the rules of a lab table, the boxes of a form, underlines.
 * The recognizer reads a page as one block of text lines; a table's rules run through its rows and it loses most of
 * their values (on the unseen-pages bench's tuning seed, a lab table's 22 keys: 5 read with the rules, 17 without).
 *
 * A line is black that runs long and thin: runs along a row in which nearly every dot's vertical run is at most
 * `ruleMaxThickness`, chained with such runs they touch on the next row (a skewed page's line is a staircase of
 * them) into a chain at least `ruleMinDots` long and no steeper than about 3°; the same turned by 90°. Only the thin dots of such a run go (a letter touching a line keeps its stem),
 * and where two lines cross, the crossing. Text is never such a run: a word's letters are separate runs, and where
 * bold letters merge, the run passes through their stems, which are tall. A black bar with white words in it (an
 * inverted heading) is thicker than a line and stays.
 */
import { blackThreshold, type GrayImage } from '../pages/fax-raster';

/** A run this long at fine resolution (about 7.5 mm) is longer than any word's stroke. */
export const ruleMinDots = 60;
/** A line at most this many dots thick across (a 2–3 dot rule on a skewed page steps by one more). */
export const ruleMaxThickness = 5;
/** The share of a long run's dots that must be thin across for the run to be a line. */
export const ruleThinShare = 0.85;

/** Working memory kept from page to page (pages come one after another at the same size). */
const scratch = { black: new Uint8Array(0), across: new Uint16Array(0), down: new Uint16Array(0), rule: new Uint8Array(0) };

function sized<T extends Uint8Array | Uint16Array>(array: T, length: number, make: (length: number) => T): T {
  const fitting = array.length >= length ? (array.subarray(0, length) as T) : make(length);
  fitting.fill(0);
  return fitting;
}

/** For each black dot, the length of the run it is in, along rows (`step` 1) or columns (`step` width). */
function runLengths(black: Uint8Array, width: number, height: number, alongRows: boolean, into: Uint16Array): void {
  const lines = alongRows ? height : width;
  const length = alongRows ? width : height;
  const step = alongRows ? 1 : width;
  for (let line = 0; line < lines; line += 1) {
    const first = alongRows ? line * width : line;
    let at = 0;
    while (at < length) {
      if (!black[first + at * step]) {
        at += 1;
        continue;
      }
      let end = at;
      while (end < length && black[first + end * step]) end += 1;
      const run = Math.min(65_535, end - at);
      for (let index = at; index < end; index += 1) into[first + index * step] = run;
      at = end;
    }
  }
}

/** A run shorter than this is no step of a line (a skewed line's steps are 1 / tan(angle) long: 38 dots at 1.5°). */
export const ruleStepDots = 12;

/**
 * Marks (bit `mark`) the dots of every line along rows (or columns): thin runs of at least `ruleStepDots`, chained
 * with the thin runs they touch on the next line (a skewed rule is a staircase of such steps), whose chain spans at
 * least `ruleMinDots` along and stays within a slope of about 3° across.
 */
function markLines(black: Uint8Array, width: number, height: number, alongRows: boolean, runs: Uint16Array, across: Uint16Array, rule: Uint8Array, mark: number): void {
  const lines = alongRows ? height : width;
  const length = alongRows ? width : height;
  const step = alongRows ? 1 : width;
  const starts: number[] = [];
  const ends: number[] = [];
  const lineOf: number[] = [];
  const firstOfLine = new Int32Array(lines + 1);
  for (let line = 0; line < lines; line += 1) {
    firstOfLine[line] = starts.length;
    const first = alongRows ? line * width : line;
    let at = 0;
    while (at < length) {
      const start = first + at * step;
      if (!black[start]) {
        at += 1;
        continue;
      }
      const run = runs[start] ?? 1;
      if (run >= ruleStepDots) {
        let thin = 0;
        for (let index = 0; index < run; index += 1) if ((across[start + index * step] ?? 0) <= ruleMaxThickness) thin += 1;
        if (thin >= ruleThinShare * run) {
          starts.push(at);
          ends.push(at + run - 1);
          lineOf.push(line);
        }
      }
      at += run;
    }
  }
  firstOfLine[lines] = starts.length;
  const parent = Int32Array.from(starts, (_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (parent[at] !== at) {
      const up = parent[at] ?? at;
      parent[at] = parent[up] ?? up;
      at = up;
    }
    return at;
  };
  // Steps touch their neighbours on the next line end to end (diagonally) or overlap (a rule more than a dot thick).
  for (let line = 0; line + 1 < lines; line += 1) {
    let next = firstOfLine[line + 1] ?? 0;
    const nextEnd = firstOfLine[line + 2] ?? 0;
    for (let index = firstOfLine[line] ?? 0; index < (firstOfLine[line + 1] ?? 0); index += 1) {
      while (next < nextEnd && (ends[next] ?? 0) + 1 < (starts[index] ?? 0)) next += 1;
      for (let other = next; other < nextEnd && (starts[other] ?? 0) <= (ends[index] ?? 0) + 1; other += 1) parent[root(other)] = root(index);
    }
  }
  const low = new Map<number, { from: number; to: number; first: number; last: number }>();
  for (let index = 0; index < starts.length; index += 1) {
    const top = root(index);
    const known = low.get(top);
    const from = starts[index] ?? 0;
    const to = ends[index] ?? 0;
    const line = lineOf[index] ?? 0;
    if (!known) low.set(top, { from, to, first: line, last: line });
    else {
      known.from = Math.min(known.from, from);
      known.to = Math.max(known.to, to);
      known.first = Math.min(known.first, line);
      known.last = Math.max(known.last, line);
    }
  }
  for (let index = 0; index < starts.length; index += 1) {
    const chain = low.get(root(index));
    if (!chain) continue;
    const span = chain.to - chain.from + 1;
    if (span < ruleMinDots || chain.last - chain.first + 1 > 0.06 * span + 2 * ruleMaxThickness) continue;
    const first = alongRows ? (lineOf[index] ?? 0) * width : (lineOf[index] ?? 0);
    for (let at = starts[index] ?? 0; at <= (ends[index] ?? 0); at += 1) rule[first + at * step] = (rule[first + at * step] ?? 0) | mark;
  }
}

/** The page without its ruling lines (bilevel in, bilevel out; every other dot as it was). */
export function removeRulingLines(image: GrayImage): GrayImage {
  const { width, height } = image;
  const count = width * height;
  const black = sized(scratch.black, count, (length) => new Uint8Array(length));
  const alongRows = sized(scratch.across, count, (length) => new Uint16Array(length));
  const alongColumns = sized(scratch.down, count, (length) => new Uint16Array(length));
  const rule = sized(scratch.rule, count, (length) => new Uint8Array(length));
  if (scratch.black.length < count) Object.assign(scratch, { black, across: alongRows, down: alongColumns, rule });
  for (let index = 0; index < count; index += 1) black[index] = (image.pixels[index] ?? 255) <= blackThreshold ? 1 : 0;
  runLengths(black, width, height, true, alongRows);
  runLengths(black, width, height, false, alongColumns);
  // A horizontal line's run is long along its row and thin down its columns; a vertical one the other way round.
  markLines(black, width, height, true, alongRows, alongColumns, rule, 1);
  markLines(black, width, height, false, alongColumns, alongRows, rule, 2);
  const pixels = new Uint8Array(image.pixels);
  for (let index = 0; index < count; index += 1) {
    const marks = rule[index] ?? 0;
    if (marks === 0) continue;
    const horizontal = (marks & 1) !== 0 && (alongColumns[index] ?? 0) <= ruleMaxThickness;
    const vertical = (marks & 2) !== 0 && (alongRows[index] ?? 0) <= ruleMaxThickness;
    if (horizontal || vertical || marks === 3) pixels[index] = 255;
  }
  return { width, height, pixels };
}

/**
 * Whether the page was drawn from standard resolution (204 × 98, each line drawn twice to fine): nearly every inked
 * line is the same as the one below it. Its lines and letters are coarser than the thresholds above are made for.
 */
export function drawnFromStandard(image: GrayImage): boolean {
  const { width, height, pixels } = image;
  let inked = 0;
  let doubled = 0;
  for (let y = 0; y + 1 < height; y += 2) {
    let hasInk = false;
    let same = true;
    for (let x = 0; x < width; x += 1) {
      const upper = (pixels[y * width + x] ?? 255) <= blackThreshold;
      const lower = (pixels[(y + 1) * width + x] ?? 255) <= blackThreshold;
      if (upper) hasInk = true;
      if (upper !== lower) {
        same = false;
        break;
      }
    }
    if (!hasInk && same) continue;
    inked += 1;
    if (same) doubled += 1;
  }
  return inked > 0 && doubled >= 0.9 * inked;
}
