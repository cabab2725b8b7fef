/**
 * Where things placed on a page go, in shares of the page as shown (left, top, right, bottom; 0–1): a box kept on
 * the page, moved or resized; a highlight from a drag; a drawn stroke as a box and its points in shares of it.
 * Pure functions, so the page's edges and odd drags are tested without a window.
 */
export type Box = [number, number, number, number];
export type Point = [number, number];

/** The most points one drawn stroke keeps (main accepts 4,000): a long scribble is thinned evenly. */
export const strokePointsMax = 4000;
/** The smallest a box may be made with the keyboard (a share of the page). */
export const boxMinimum = 0.01;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** A box of this size (never none) with its left edge at `left` and its middle at `middle`, pushed inside the page. */
export function boxAt(left: number, middle: number, width: number, height: number): Box {
  const w = clamp(width, boxMinimum / 4, 1);
  const h = clamp(height, boxMinimum / 4, 1);
  const l = clamp(left, 0, 1 - w);
  const t = clamp(middle - h / 2, 0, 1 - h);
  return [l, t, l + w, t + h];
}

/** The box moved by (dx, dy), or to (left, top), its size kept and all of it on the page. */
export function moveBox(box: Box, dx: number, dy: number, to?: { left: number; top: number }): Box {
  const [left, top, right, bottom] = box;
  const width = right - left;
  const height = bottom - top;
  const newLeft = clamp(to ? to.left : left + dx, 0, 1 - width);
  const newTop = clamp(to ? to.top : top + dy, 0, 1 - height);
  return [newLeft, newTop, newLeft + width, newTop + height];
}

/** The box made wider or narrower, taller or shorter from its top-left corner: never smaller than the minimum, never off the page. */
export function resizeBox(box: Box, dw: number, dh: number): Box {
  const [left, top, right, bottom] = box;
  return [left, top, clamp(right + dw, left + boxMinimum, 1), clamp(bottom + dh, top + boxMinimum, 1)];
}

/**
 * A highlight from a drag (either direction); a click without a real drag marks a line's worth of `fallback`
 * size from where it was clicked.
 */
export function highlightFromDrag(start: Point, end: Point, fallback: { width: number; height: number }): Box {
  const [x0, y0] = [clamp(start[0], 0, 1), clamp(start[1], 0, 1)];
  const [x1, y1] = [clamp(end[0], 0, 1), clamp(end[1], 0, 1)];
  if (Math.abs(x1 - x0) < boxMinimum || Math.abs(y1 - y0) < boxMinimum / 2) return boxAt(x0, y0, fallback.width, fallback.height);
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

/**
 * A drawn stroke (points in shares of the page) as the box around it, with room for the pen's width (`pad`), and
 * its points in shares of that box. Points off the page are brought to its edge; a very long stroke is thinned.
 */
export function inkFromPoints(points: readonly Point[], pad: number): { box: Box; strokes: Point[][] } | null {
  if (points.length === 0) return null;
  const every = Math.ceil(points.length / strokePointsMax);
  const kept = points.filter((_, index) => index % every === 0 || index === points.length - 1).slice(-strokePointsMax);
  const onPage = kept.map(([x, y]): Point => [clamp(x, 0, 1), clamp(y, 0, 1)]);
  const xs = onPage.map(([x]) => x);
  const ys = onPage.map(([, y]) => y);
  const box: Box = [clamp(Math.min(...xs) - pad, 0, 1), clamp(Math.min(...ys) - pad, 0, 1), clamp(Math.max(...xs) + pad, 0, 1), clamp(Math.max(...ys) + pad, 0, 1)];
  const [left, top, right, bottom] = box;
  const width = Math.max(right - left, Number.EPSILON);
  const height = Math.max(bottom - top, Number.EPSILON);
  return { box, strokes: [onPage.map(([x, y]): Point => [clamp((x - left) / width, 0, 1), clamp((y - top) / height, 0, 1)])] };
}
