/**
 * What a split in the page tools makes, read from the pages in the grid as they are now: each document holds pages
 * of the grid only, once each, in the grid's order ("3, 1" is pages 1 and 3). Documents made from an earlier grid
 * (before a page was turned, taken out or added) are told apart by their plan's signature and never shown or sent
 * as the current split.
 */
import { readPageGroups } from '../../../preload/page-list';
import type { Message } from '../../../preload/i18n/translator';

export interface GridPage {
  /** The page in the grid (stays the same through turns and moves). */
  key: string;
  turn: number;
}

export type SplitPlan<Page extends GridPage> = { ok: true; parts: Page[][] } | { ok: false; message: Message };

export function splitPlan<Page extends GridPage>(grid: readonly Page[], text: string): SplitPlan<Page> {
  const read = readPageGroups(text, grid.length);
  if (!read.ok) return { ok: false, message: read.message };
  const parts = read.groups.map((group) => [...new Set(group)].sort((a, b) => a - b).flatMap((index) => (grid[index] ? [grid[index]] : [])));
  return { ok: true, parts };
}

/** The pages (and their turns) of each part: documents made from another signature are of another grid. */
export function planSignature(parts: ReadonlyArray<readonly GridPage[]>): string {
  return JSON.stringify(parts.map((part) => part.map((page) => `${page.key}@${String(page.turn)}`)));
}
