// The page tools' split, over random sequences of edits (turn, take out, add another fax's pages, split): every
// document holds only pages that are in the grid, once, in the grid's order; and a document made before an edit is
// taken for the current split only if every page of it is in the grid as it is now, turned as it is now.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planSignature, splitPlan, type GridPage } from '../../renderer/src/data/page-plan';

type Edit = { kind: 'turn'; pick: number[] } | { kind: 'remove'; pick: number[] } | { kind: 'add'; pages: number } | { kind: 'split'; text: string };

const splitText = fc
  .array(
    fc.array(fc.oneof(fc.integer({ min: 0, max: 14 }).map(String), fc.tuple(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 0, max: 14 })).map(([a, b]) => `${String(a)}-${b === 0 ? '' : String(b)}`)), { minLength: 1, maxLength: 3 }).map((items) => items.join(', ')),
    { minLength: 1, maxLength: 4 },
  )
  .map((groups) => groups.join('; '));

const edits: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('turn' as const), pick: fc.array(fc.nat({ max: 20 }), { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.array(fc.nat({ max: 20 }), { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('add' as const), pages: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('split' as const), text: splitText }),
);

const shown = (page: GridPage): string => `${page.key}@${String(page.turn)}`;

describe('a split in the page tools', () => {
  it('every document holds only pages in the grid, once each, in grid order; one made before an edit passes for the current split only if the grid still has its pages as they were', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(edits, { maxLength: 12 }), fc.array(splitText, { minLength: 1, maxLength: 3 }), (first, sequence, laterTexts) => {
        let added = 0;
        let grid: GridPage[] = Array.from({ length: first }, (_, index) => ({ key: `a:${String(index + 1)}`, turn: 0 }));
        const made: Array<{ signature: string; pages: string[] }> = [];
        for (const edit of sequence) {
          if (edit.kind === 'turn') grid = grid.map((page, index) => (edit.pick.includes(index) ? { ...page, turn: (page.turn + 90) % 360 } : page));
          else if (edit.kind === 'remove') {
            const kept = grid.filter((_, index) => !edit.pick.includes(index));
            if (kept.length > 0) grid = kept;
          } else if (edit.kind === 'add') {
            added += 1;
            grid = [...grid, ...Array.from({ length: edit.pages }, (_, index) => ({ key: `b${String(added)}:${String(index + 1)}`, turn: 0 }))];
          } else {
            const plan = splitPlan(grid, edit.text);
            if (!plan.ok) continue;
            for (const part of plan.parts) {
              const positions = part.map((page) => grid.indexOf(page));
              expect(positions.every((position) => position >= 0)).toBe(true);
              expect(positions).toEqual([...new Set(positions)].sort((a, b) => a - b));
            }
            made.push({ signature: planSignature(plan.parts), pages: plan.parts.flat().map(shown) });
          }
        }
        const now = new Set(grid.map(shown));
        for (const text of laterTexts) {
          const plan = splitPlan(grid, text);
          if (!plan.ok) continue;
          const signature = planSignature(plan.parts);
          for (const earlier of made) if (earlier.signature === signature) expect(earlier.pages.every((page) => now.has(page))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads the parts of the grid as typed, in grid order, and refuses a page the grid does not have', () => {
    const grid = ['p1', 'p2', 'p3', 'p4'].map((key) => ({ key, turn: 0 }));
    const plan = splitPlan(grid, '3, 1; 2-; 4');
    expect(plan.ok && plan.parts.map((part) => part.map((page) => page.key))).toEqual([['p1', 'p3'], ['p2', 'p3', 'p4'], ['p4']]);
    expect(splitPlan(grid, '1-2; 5').ok).toBe(false);
    expect(planSignature([[{ key: 'p1', turn: 90 }]])).not.toBe(planSignature([[{ key: 'p1', turn: 0 }]]));
  });
});
