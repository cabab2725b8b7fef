/**
 * Intake's suggested parts of a batch, as a split of the page tools' grid as it is now: each part's pages are found
 * where they stand in the grid (after pages were moved, turned, taken out or added), so the suggestion follows every
 * edit. A part whose pages are all gone drops out; pages from elsewhere are in no suggested part.
 */
import type { IntakePart } from '../../../preload/intake';

export interface SuggestedPart {
  part: IntakePart;
  /** 1-based grid positions. */
  positions: number[];
}

/** Grid positions as the split field reads them: "1-3; 4; 6-7". */
export function rangesText(positions: readonly number[]): string {
  const sorted = [...positions].sort((a, b) => a - b);
  const runs: string[] = [];
  let start = sorted[0];
  let end = start;
  for (const position of [...sorted.slice(1), Number.NaN]) {
    if (start === undefined || end === undefined) break;
    if (position === end + 1) {
      end = position;
      continue;
    }
    runs.push(start === end ? String(start) : `${String(start)}-${String(end)}`);
    start = position;
    end = position;
  }
  return runs.join(', ');
}

/** Null when there is nothing to split (fewer than two parts left in the grid). */
export function suggestedSplit(grid: ReadonlyArray<{ source: string; page: number }>, subjectSource: string, parts: readonly IntakePart[]): { text: string; parts: SuggestedPart[] } | null {
  const suggested = parts
    .map((part) => ({
      part,
      positions: grid.flatMap((entry, index) => (entry.source === subjectSource && entry.page >= part.firstPage && entry.page <= part.lastPage ? [index + 1] : [])),
    }))
    .filter((part) => part.positions.length > 0);
  if (suggested.length < 2) return null;
  return { text: suggested.map((part) => rangesText(part.positions)).join('; '), parts: suggested };
}
