// Where things placed on a page go: boxes stay on the page whatever is asked of them, a drag in any direction
// gives the same highlight, a click gives a line's worth, a stroke's box holds all its points and the points map
// back to where they were drawn — random and adversarial inputs (off the page, zero size, huge scribbles).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxAt, boxMinimum, highlightFromDrag, inkFromPoints, moveBox, resizeBox, strokePointsMax, type Box, type Point } from '../../renderer/src/fill/fill-geometry';

const anywhere = fc.double({ min: -2, max: 3, noNaN: true });
const share = fc.double({ min: 0, max: 1, noNaN: true });
const point = fc.tuple(anywhere, anywhere);
const box = fc.tuple(share, share, share, share).map(([a, b, c, d]): Box => {
  const [left, right] = a < c ? [a, c] : [c, a];
  const [top, bottom] = b < d ? [b, d] : [d, b];
  return [left, top, Math.max(right, left + 0.001), Math.max(bottom, top + 0.001)];
});

function onPage([left, top, right, bottom]: Box): void {
  expect(left).toBeGreaterThanOrEqual(0);
  expect(top).toBeGreaterThanOrEqual(0);
  expect(right).toBeLessThanOrEqual(1 + 1e-9);
  expect(bottom).toBeLessThanOrEqual(1 + 1e-9);
  expect(right).toBeGreaterThan(left);
  expect(bottom).toBeGreaterThan(top);
}

describe('placing on a page', () => {
  it('a box placed, moved or resized anywhere stays on the page with its size (moved) or at least the minimum (resized)', () => {
    fc.assert(
      fc.property(box, anywhere, anywhere, anywhere, anywhere, (start, dx, dy, dw, dh) => {
        const [left, top, right, bottom] = start;
        const moved = moveBox(start, dx, dy);
        onPage(moved);
        expect(moved[2] - moved[0]).toBeCloseTo(right - left, 9);
        expect(moved[3] - moved[1]).toBeCloseTo(bottom - top, 9);
        const resized = resizeBox(start, dw, dh);
        expect(resized[0]).toBe(left);
        expect(resized[1]).toBe(top);
        expect(resized[2] - resized[0]).toBeGreaterThanOrEqual(Math.min(boxMinimum, 1 - left) - 1e-9);
        expect(resized[2]).toBeLessThanOrEqual(1);
        expect(resized[3]).toBeLessThanOrEqual(1);
        const placed = boxAt(dx, dy, Math.abs(dw) % 1 || 0.1, Math.abs(dh) % 1 || 0.1);
        onPage(placed);
      }),
    );
  });

  it('a drag gives the same highlight whichever way it went; a click gives a line-sized mark where it was', () => {
    const fallback = { width: 0.25, height: 0.026 };
    fc.assert(
      fc.property(point, point, (start, end) => {
        const forward = highlightFromDrag(start, end, fallback);
        const backward = highlightFromDrag(end, start, fallback);
        onPage(forward);
        const clicked = Math.abs(Math.min(1, Math.max(0, start[0])) - Math.min(1, Math.max(0, end[0]))) < boxMinimum || Math.abs(Math.min(1, Math.max(0, start[1])) - Math.min(1, Math.max(0, end[1]))) < boxMinimum / 2;
        if (clicked) {
          expect(forward[2] - forward[0]).toBeCloseTo(fallback.width, 9);
          expect(forward[3] - forward[1]).toBeCloseTo(fallback.height, 9);
        } else {
          expect(forward).toEqual(backward);
        }
      }),
    );
    expect(highlightFromDrag([0.2, 0.3], [0.6, 0.35], fallback)).toEqual([0.2, 0.3, 0.6, 0.35]);
  });

  it("a drawn stroke's box holds it, and its points map back to where they were drawn (on the page)", () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 300 }), (points) => {
        const made = inkFromPoints(points, 0.004);
        expect(made).not.toBeNull();
        if (!made) return;
        onPage(made.box);
        const [left, top, right, bottom] = made.box;
        const stroke = made.strokes[0] ?? [];
        expect(stroke).toHaveLength(points.length);
        stroke.forEach(([x, y], index) => {
          const [px, py] = points[index] as Point;
          expect(left + x * (right - left)).toBeCloseTo(Math.min(1, Math.max(0, px)), 6);
          expect(top + y * (bottom - top)).toBeCloseTo(Math.min(1, Math.max(0, py)), 6);
        });
      }),
    );
    expect(inkFromPoints([], 0.004)).toBeNull();
  });

  it('a very long scribble is thinned to what main accepts, keeping its last point', () => {
    const points = Array.from({ length: 10_001 }, (_, index): Point => [index / 10_000, 0.5 + 0.3 * Math.sin(index / 50)]);
    const made = inkFromPoints(points, 0.004);
    const stroke = made?.strokes[0] ?? [];
    expect(stroke.length).toBeLessThanOrEqual(strokePointsMax);
    expect(stroke.length).toBeGreaterThan(strokePointsMax / 2);
    expect(stroke.at(-1)?.[0]).toBeCloseTo(1, 6);
  });
});
