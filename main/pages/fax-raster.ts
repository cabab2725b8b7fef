/**
 * A page as a fax machine prints it: grey levels thresholded to black and white at fax resolution, and the
 * figures pre-flight and the transmission report need from it. Pure functions over pixel arrays (no canvas), so
 * they run in the render worker and in tests alike.
 */

import { countMarks } from './page-marks';

/** Fine fax resolution: 204 dots per inch across, 196 down. */
export const faxDpi = { x: 204, y: 196 } as const;

/** Grey levels at or below this print black (the midpoint, as fax drivers do without dithering). */
export const blackThreshold = 127;

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 = black, 255 = white, row by row. */
  pixels: Uint8Array;
}

/** RGBA (a canvas's image data) to grey by luminance; transparent pixels are paper (white). */
export function grayFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GrayImage {
  const pixels = new Uint8Array(width * height);
  // A whole image (every pixel's four bytes there) takes the short way for opaque pixels, which are nearly all of a
  // page: the same grey as the blend below (an opaque pixel's blend is its luminance, exactly), without the blend —
  // and white paper, four bytes of 255, read as one word.
  const whole = rgba.length >= pixels.length * 4;
  const words = whole && rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, pixels.length) : null;
  for (let index = 0, offset = 0; index < pixels.length; index += 1, offset += 4) {
    if (words && words[index] === 0xffffffff) {
      pixels[index] = 255;
      continue;
    }
    if (whole && rgba[offset + 3] === 255) {
      pixels[index] = Math.round(0.299 * (rgba[offset] as number) + 0.587 * (rgba[offset + 1] as number) + 0.114 * (rgba[offset + 2] as number));
      continue;
    }
    const alpha = (rgba[offset + 3] ?? 255) / 255;
    const luminance = 0.299 * (rgba[offset] ?? 255) + 0.587 * (rgba[offset + 1] ?? 255) + 0.114 * (rgba[offset + 2] ?? 255);
    pixels[index] = Math.round(luminance * alpha + 255 * (1 - alpha));
  }
  return { width, height, pixels };
}

/** Black and white, as the recipient's machine prints it (grey at `level` or darker is black). */
export function threshold(image: GrayImage, level = blackThreshold): GrayImage {
  const pixels = new Uint8Array(image.pixels.length);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (image.pixels[index] ?? 255) <= level ? 0 : 255;
  return { width: image.width, height: image.height, pixels };
}

/**
 * A smaller black-and-white image: each output pixel is black when enough of its block is black (a quarter, so
 * thin strokes survive the reduction, as on a fax machine's printed report).
 */
export function reduceBilevel(image: GrayImage, maxWidth: number): GrayImage {
  const factor = Math.max(1, Math.ceil(image.width / maxWidth));
  const width = Math.max(1, Math.floor(image.width / factor));
  const height = Math.max(1, Math.floor(image.height / factor));
  const pixels = new Uint8Array(width * height);
  const needed = Math.max(1, Math.floor((factor * factor) / 4));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let black = 0;
      for (let dy = 0; dy < factor; dy += 1) {
        const row = (y * factor + dy) * image.width;
        for (let dx = 0; dx < factor; dx += 1) if ((image.pixels[row + x * factor + dx] ?? 255) <= blackThreshold) black += 1;
      }
      pixels[y * width + x] = black >= needed ? 0 : 255;
    }
  }
  return { width, height, pixels };
}

/** Grey levels between these are mid-tones: neither ink nor paper, and black and white cannot keep them. */
const midtoneRange = { from: 40, to: 215 } as const;

/** What pre-flight measures on a page at fax resolution. */
export interface PageMeasures {
  width: number;
  height: number;
  /** Share of pixels that print black. */
  blackShare: number;
  /** Share of pixels in mid-tones before thresholding (photos, shaded areas). */
  midtoneShare: number;
  /** A mark (a letter, a line, a digit: see page-marks.ts) a person sees on the page, faint ones included. */
  hasMark: boolean;
  /** A mark that prints black on the recipient's machine. */
  hasInk: boolean;
}

/** Grey levels at or below this are seen on paper (a light scan, pencil); paper and scanner background are lighter. */
export const visibleThreshold = 200;

export function measure(image: GrayImage): PageMeasures {
  // How many pixels of each grey level: one count per pixel (a page is millions), the shares read off it.
  const levels = new Uint32Array(256);
  const pixels = image.pixels;
  for (let index = 0; index < pixels.length; index += 1) levels[pixels[index] as number] = (levels[pixels[index] as number] as number) + 1;
  let black = 0;
  let midtone = 0;
  for (let level = 0; level < 256; level += 1) {
    const count = levels[level] as number;
    if (level <= blackThreshold) black += count;
    if (level >= midtoneRange.from && level <= midtoneRange.to) midtone += count;
  }
  const total = Math.max(1, image.pixels.length);
  const hasMark = countMarks(image, visibleThreshold, { stopAtFirst: true }) > 0;
  // No mark at all is seen: none can print black either.
  const hasInk = hasMark && countMarks(image, blackThreshold, { stopAtFirst: true }) > 0;
  return { width: image.width, height: image.height, blackShare: black / total, midtoneShare: midtone / total, hasMark, hasInk };
}

/**
 * blank: nothing on the page a person would see (specks and edge shadows aside); faint: marks a person sees but
 * none that prints black — a light scan that arrives (nearly) empty; dark and photo as below.
 */
export type PageFlag = 'blank' | 'faint' | 'dark' | 'photo';

/** At least this share of black: a dark scan or a photo that prints as black areas. */
export const darkBlackShare = 0.35;
/** At least this share of mid-tones: shades that turn into solid black or white on the recipient's paper. */
export const photoMidtoneShare = 0.2;

export function flagsOf(page: PageMeasures): PageFlag[] {
  if (!page.hasMark) return ['blank'];
  const flags: PageFlag[] = [];
  if (!page.hasInk) flags.push('faint');
  if (page.blackShare >= darkBlackShare) flags.push('dark');
  if (page.midtoneShare >= photoMidtoneShare) flags.push('photo');
  return flags;
}
