/**
 * A fax page made ready for recognition. Pages arrive at fine fax resolution (204 × 196; a standard-resolution
 * page, 204 × 98, has already been stretched twice as tall when it was drawn), so a speck of line noise is one or
 * two dots. The page is thresholded, specks are removed, a standard-resolution page's strokes are thickened by one
 * dot downwards (a fine page's dots over letters — i, ä, ö, ü — grown by one dot all round), and it is scaled to about
 * 300 dpi with smoothing: the recognizer was trained on ~300 dpi print and reads blocky 204-dpi letters markedly
 * worse.
 */
import { blackThreshold, faxDpi, type GrayImage } from '../pages/fax-raster';

/** Black groups of at most this many dots (eight ways) are line noise: a letter's dot at fine resolution is 6–9. */
export const speckDots = 3;
/** Black groups of at most this many dots are a fine page's small marks: the dots of i, ä, ö, ü, periods, hyphens. */
export const smallMarkDots = 30;
/** A small mark with ink this few lines below it (a letter's body) is a dot over that letter. */
export const dotOverLetterGap = 6;
/** The resolution the recognizer reads best. */
export const recognitionDpi = 300;
/** A page with more black than this after the specks are gone is noise or a photo, not text. */
export const noisePageBlackShare = 0.45;

/**
 * Calls `small` with the dots of every black group (eight ways) of at most `maxDots` dots in a bilevel image (0 is
 * black); larger groups are walked but not reported.
 */
function eachSmallGroup(pixels: Uint8Array, width: number, height: number, maxDots: number, small: (dots: Int32Array, size: number) => void): void {
  const seen = new Uint8Array(pixels.length);
  const group = new Int32Array(maxDots + 1);
  const stack: number[] = [];
  for (let start = 0; start < pixels.length; start += 1) {
    if (pixels[start] !== 0 || seen[start]) continue;
    // Walks the group, remembering its first dots; a group that grows past maxDots is not reported.
    let size = 0;
    stack.length = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length > 0) {
      const at = stack.pop() as number;
      if (size <= maxDots) group[size] = at;
      size += 1;
      const x = at % width;
      const y = (at - x) / width;
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width || (dx === 0 && dy === 0)) continue;
          const next = ny * width + nx;
          if (pixels[next] === 0 && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    if (size <= maxDots) small(group, size);
  }
}

/** Black groups of at most `maxDots` dots turned white; every other dot as it was (bilevel in, bilevel out). */
export function removeSpecks(image: GrayImage, maxDots = speckDots): GrayImage {
  const { width, height } = image;
  const pixels = new Uint8Array(image.pixels.length);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (image.pixels[index] ?? 255) <= blackThreshold ? 0 : 255;
  eachSmallGroup(pixels, width, height, maxDots, (dots, size) => {
    for (let index = 0; index < size; index += 1) pixels[dots[index] as number] = 255;
  });
  return { width, height, pixels };
}

/** Whether there is ink 2…`gap` lines below the group's lowest dot, over its columns (one more each side). */
function inkBelow(black: Uint8Array, width: number, height: number, dots: Int32Array, size: number, gap: number): boolean {
  let left = width;
  let right = 0;
  let bottom = 0;
  for (let index = 0; index < size; index += 1) {
    const at = dots[index] as number;
    const x = at % width;
    left = Math.min(left, x);
    right = Math.max(right, x);
    bottom = Math.max(bottom, (at - x) / width);
  }
  for (let y = bottom + 2; y <= Math.min(height - 1, bottom + gap); y += 1) {
    for (let x = Math.max(0, left - 1); x <= Math.min(width - 1, right + 1); x += 1) if (black[y * width + x] === 0) return true;
  }
  return false;
}

/**
 * The dots over letters (i, j, ä, ö, ü: a small group with the letter's body just below) grown by one dot all
 * round (a bilevel image in and out). At fine resolution the dots of "ü" are two or three dots across and fade when
 * smoothed to 300 dpi ("Muller" for "Müller"). Periods and hyphens, with nothing just below, stay as they are:
 * grown, "0.9" and "CL-2026" were misread. Measured on 27 pages each: a German letter's names, dates and ids
 * 71.4 → 95.2 %, an English one's 99.1 → 98.6 % (every small mark grown: 95.2 % and 95.4 %; every stroke
 * thickened: 90.5 % and 96.3 %).
 */
export function growDotsOverLetters(image: GrayImage, maxDots = smallMarkDots, gap = dotOverLetterGap): GrayImage {
  const { width, height } = image;
  const pixels = new Uint8Array(image.pixels);
  const black = image.pixels.map((pixel) => (pixel <= blackThreshold ? 0 : 255));
  eachSmallGroup(black, width, height, maxDots, (dots, size) => {
    if (!inkBelow(black, width, height, dots, size, gap)) return;
    for (let index = 0; index < size; index += 1) {
      const at = dots[index] as number;
      const x = at % width;
      const y = (at - x) / width;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny += 1) {
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx += 1) pixels[ny * width + nx] = 0;
      }
    }
  });
  return { width, height, pixels };
}

/** Share of black dots. */
export function blackShare(image: GrayImage): number {
  let black = 0;
  for (const pixel of image.pixels) if (pixel <= blackThreshold) black += 1;
  return black / Math.max(1, image.pixels.length);
}

/** Scaled by (`scaleX`, `scaleY`) with bilinear smoothing: a stair-stepped bilevel edge becomes a grey ramp. */
export function scaleSmooth(image: GrayImage, scaleX: number, scaleY: number): GrayImage {
  const width = Math.max(1, Math.round(image.width * scaleX));
  const height = Math.max(1, Math.round(image.height * scaleY));
  const pixels = new Uint8Array(width * height);
  const source = image.pixels;
  const lastX = image.width - 1;
  const lastY = image.height - 1;
  for (let y = 0; y < height; y += 1) {
    const sy = Math.min(lastY, Math.max(0, (y + 0.5) / scaleY - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(lastY, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x += 1) {
      const sx = Math.min(lastX, Math.max(0, (x + 0.5) / scaleX - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(lastX, x0 + 1);
      const fx = sx - x0;
      const top = (source[y0 * image.width + x0] ?? 255) * (1 - fx) + (source[y0 * image.width + x1] ?? 255) * fx;
      const bottom = (source[y1 * image.width + x0] ?? 255) * (1 - fx) + (source[y1 * image.width + x1] ?? 255) * fx;
      pixels[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, pixels };
}

/** Lines with ink that are the same as the line above, as a share of all lines with ink, past which a page was sent at standard resolution. */
export const doubledLineShare = 0.4;

/**
 * Whether the page was sent at standard resolution (98 lines per inch) and drawn at fine: then each line of the
 * fax is drawn twice, so about every second line with ink is the same as the one above. At fine resolution only
 * the odd line is (a horizontal stroke's own thickness).
 */
export function looksStandardResolution(image: GrayImage): boolean {
  const { width, height, pixels } = image;
  let inked = 0;
  let repeated = 0;
  for (let y = 1; y < height; y += 1) {
    const row = y * width;
    let ink = false;
    let same = true;
    for (let x = 0; x < width; x += 1) {
      const dot = (pixels[row + x] ?? 255) <= blackThreshold;
      if (dot) ink = true;
      if (dot !== ((pixels[row - width + x] ?? 255) <= blackThreshold)) same = false;
      if (ink && !same) break;
    }
    if (!ink) continue;
    inked += 1;
    if (same) repeated += 1;
  }
  return inked > 0 && repeated / inked >= doubledLineShare;
}

/**
 * Every black dot also blackens the dot below it: for standard-resolution pages only. There the bar of an "e" or a
 * hyphen is one line of 98 thin, and smoothing to 300 dpi fades it to grey the recognizer overlooks ("Janc Doc");
 * one dot more keeps it black. Measured on 27 pages (3 documents, 3 faces, 3 turns): names, dates and ids at
 * standard resolution 81.0 → 82.4 % (growing only the small marks there: 73.6 %); fine pages get their dots over
 * letters grown instead (see `growDotsOverLetters`).
 */
export function thickenDown(image: GrayImage): GrayImage {
  const { width, height } = image;
  const pixels = new Uint8Array(image.pixels);
  for (let index = width; index < pixels.length; index += 1) {
    const above = image.pixels[index - width] ?? 255;
    if (above < (pixels[index] ?? 255)) pixels[index] = above;
  }
  return { width, height, pixels };
}

export type PreparedPage = { kind: 'text'; image: GrayImage } | { kind: 'blank' } | { kind: 'noise' };

/**
 * The page (grey, at fine fax resolution) as the recognizer should see it — or why it should not be read at all:
 * nothing left once the specks are gone, or a page that is mostly black (noise, a photo) and would only cost time
 * and produce garbage.
 */
export function prepareForRecognition(page: GrayImage): PreparedPage {
  const clean = removeSpecks(page);
  const share = blackShare(clean);
  if (share === 0) return { kind: 'blank' };
  if (share > noisePageBlackShare) return { kind: 'noise' };
  return { kind: 'text', image: scaleSmooth(looksStandardResolution(clean) ? thickenDown(clean) : growDotsOverLetters(clean), recognitionDpi / faxDpi.x, recognitionDpi / faxDpi.y) };
}
