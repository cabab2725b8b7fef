/**
 * Fax-quality pages with known text, for recognition tests and benchmarks: the text is drawn straight at the fax
 * machine's resolution (204 × 196 fine, 204 × 98 standard) in black and white, optionally turned a little (a
 * crooked sheet in the sender's feeder) and sprinkled with line-noise specks, then put into a PDF as a fax service
 * delivers it (one image per page, stretched to Letter).
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';

const fontFiles = [
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'DejaVu Sans'],
  ['/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf', 'Liberation Serif'],
  ['/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf', 'Liberation Mono'],
] as const;
let fontsRegistered = false;

export type FaxResolution = 'fine' | 'standard';
export type PageFont = (typeof fontFiles)[number][1];

export interface FaxPageSpec {
  lines: readonly string[];
  resolution: FaxResolution;
  /** Degrees the sheet is turned. */
  skew?: number;
  /** Share of dots flipped to black at random (line noise). */
  speckle?: number;
  /** Point size. */
  size?: number;
  font?: PageFont;
  seed?: number;
}

function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

/** The page as a PNG at the fax resolution (bilevel, in an 8-bit grey PNG). */
export function faxPagePng(spec: FaxPageSpec): Buffer {
  if (!fontsRegistered) {
    for (const [file, name] of fontFiles) GlobalFonts.registerFromPath(file, name);
    fontsRegistered = true;
  }
  const dpiX = 204;
  const dpiY = spec.resolution === 'fine' ? 196 : 98;
  const width = Math.round(8.5 * dpiX);
  const height = Math.round(11 * dpiY);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  const angle = ((spec.skew ?? 0) * Math.PI) / 180;
  // Points to dots, turned about the page's top-left corner.
  context.setTransform((dpiX / 72) * Math.cos(angle), (dpiY / 72) * Math.sin(angle), (-dpiX / 72) * Math.sin(angle), (dpiY / 72) * Math.cos(angle), 0, 0);
  const size = spec.size ?? 11;
  context.font = `${String(size)}px "${spec.font ?? 'DejaVu Sans'}"`;
  spec.lines.forEach((line, index) => context.fillText(line, 72, 90 + index * size * 1.6));
  const rgba = context.getImageData(0, 0, width, height);
  const next = random(spec.seed ?? 1);
  const speckle = spec.speckle ?? 0;
  for (let offset = 0; offset < rgba.data.length; offset += 4) {
    const black = (rgba.data[offset] ?? 255) < 128 || (speckle > 0 && next() < speckle);
    const value = black ? 0 : 255;
    rgba.data[offset] = value;
    rgba.data[offset + 1] = value;
    rgba.data[offset + 2] = value;
    rgba.data[offset + 3] = 255;
  }
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.putImageData(rgba, 0, 0);
  return canvas.toBuffer('image/png');
}

/** A PDF of the pages as a fax service delivers one: each page an image stretched to Letter. */
export async function faxPdf(pages: readonly FaxPageSpec[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (const spec of pages) {
    const image = await document.embedPng(faxPagePng(spec));
    const page = document.addPage([612, 792]);
    page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  return document.save();
}
