/**
 * Marks on a page at fax resolution: connected groups of dark pixels that a person would see — a letter, a digit,
 * a line to sign on. Pre-flight calls a page blank only when it has none, so a single line of text, a signature
 * line or a lone page number is never "blank", however white the rest of the page is (a white share alone called
 * such pages blank). Specks of scanner noise and the shadow along a scanned page's edge are not marks.
 *
 * Components are found run by run (each row's dark runs joined to the overlapping runs of the row above, eight
 * ways), with a union-find over runs: linear in the pixels, and in the runs for the joining. Asked whether a page
 * has a mark at all, it stops at the first group that is big enough — at the first letter of a written page.
 */
import type { GrayImage } from './fax-raster';

/** A mark is at least this many pixels … */
const minMarkPixels = 8;
/** … or at least this long in one direction (a thin stroke, a line to sign on). */
const minMarkExtent = 5;
/** The band along each edge, in fax dots (about 2.5 mm): a scanner's edge shadow; printers cannot print there. */
const edgeBand = 20;

class Groups {
  parent = new Int32Array(4096);
  pixels = new Int32Array(4096);
  minX = new Int32Array(4096);
  maxX = new Int32Array(4096);
  minY = new Int32Array(4096);
  maxY = new Int32Array(4096);
  count = 0;

  add(start: number, end: number, y: number): number {
    if (this.count === this.parent.length) this.grow();
    const label = this.count;
    this.count += 1;
    this.parent[label] = label;
    this.pixels[label] = end - start;
    this.minX[label] = start;
    this.maxX[label] = end - 1;
    this.minY[label] = y;
    this.maxY[label] = y;
    return label;
  }

  root(label: number): number {
    const parent = this.parent;
    let current = label;
    while (parent[current] !== current) {
      const up = parent[current] as number;
      parent[current] = parent[up] as number;
      current = up;
    }
    return current;
  }

  /** Joins two groups; returns the group they now are. */
  join(a: number, b: number): number {
    const first = this.root(a);
    const second = this.root(b);
    if (first === second) return first;
    const [keep, merged] = first < second ? [first, second] : [second, first];
    this.parent[merged] = keep;
    this.pixels[keep] = (this.pixels[keep] as number) + (this.pixels[merged] as number);
    this.minX[keep] = Math.min(this.minX[keep] as number, this.minX[merged] as number);
    this.maxX[keep] = Math.max(this.maxX[keep] as number, this.maxX[merged] as number);
    this.minY[keep] = Math.min(this.minY[keep] as number, this.minY[merged] as number);
    this.maxY[keep] = Math.max(this.maxY[keep] as number, this.maxY[merged] as number);
    return keep;
  }

  isMark(label: number): boolean {
    if ((this.pixels[label] as number) >= minMarkPixels) return true;
    const across = (this.maxX[label] as number) - (this.minX[label] as number) + 1;
    const down = (this.maxY[label] as number) - (this.minY[label] as number) + 1;
    return Math.max(across, down) >= minMarkExtent;
  }

  private grow(): void {
    const widen = (from: Int32Array) => {
      const next = new Int32Array(from.length * 2);
      next.set(from);
      return next;
    };
    this.parent = widen(this.parent);
    this.pixels = widen(this.pixels);
    this.minX = widen(this.minX);
    this.maxX = widen(this.maxX);
    this.minY = widen(this.minY);
    this.maxY = widen(this.maxY);
  }
}

/**
 * Counts the marks made of pixels at or below `level` (0 = black … 255 = white), inside the edge band. With
 * `stopAtFirst`, answers 1 as soon as one group is big enough to be a mark (0: the page has none).
 */
export function countMarks(image: GrayImage, level: number, options: { stopAtFirst?: boolean } = {}): number {
  const { width, height, pixels } = image;
  const bandX = Math.min(edgeBand, Math.floor(width / 4));
  const bandY = Math.min(edgeBand, Math.floor(height / 4));
  const right = width - bandX;
  const groups = new Groups();
  // Runs of the row above and of this row, as [start, end) and their group, three numbers each.
  let previous: number[] = [];
  for (let y = bandY; y < height - bandY; y += 1) {
    const current: number[] = [];
    const row = y * width;
    let above = 0;
    let x = bandX;
    while (x < right) {
      if ((pixels[row + x] as number) > level) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < right && (pixels[row + x] as number) <= level) x += 1;
      let label = groups.add(start, x, y);
      // Runs [aboveStart, aboveEnd) of the row above touch this one eight ways when aboveEnd >= start and
      // aboveStart <= end. Runs left of this one touch no later run either.
      while (above < previous.length && (previous[above + 1] as number) < start) above += 3;
      for (let index = above; index < previous.length && (previous[index] as number) <= x; index += 3) label = groups.join(label, previous[index + 2] as number);
      if (options.stopAtFirst && groups.isMark(groups.root(label))) return 1;
      current.push(start, x, label);
    }
    previous = current;
  }
  let marks = 0;
  for (let label = 0; label < groups.count; label += 1) if (groups.parent[label] === label && groups.isMark(label)) marks += 1;
  return marks;
}
