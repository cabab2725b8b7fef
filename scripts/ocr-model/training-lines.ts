/**
 * Writes training lines for the fax recognition model: each line of training-text.ts drawn in a face and size, sent
 * as a fax machine sends it (black and white at 204 × 196 dots, or at standard resolution every other scan line,
 * drawn twice as tall again by the receiving side), with a sender's specks and a little skew, then made ready exactly
 * as the app makes a page ready for the recognizer (main/ocr/recognition-image.ts). Per line: `<n>.png`, `<n>.gt.txt`
 * and a `<n>.box` of the whole line, which `tesseract … lstm.train` turns into the trainer's `<n>.lstmf`.
 *
 * Usage: tsx scripts/ocr-model/training-lines.ts <out-dir> <seed> <count> <words-dir> [clean | halftone]
 * `clean`: fine resolution, cut at mid-grey, no specks — the lines a model from nothing first learns to read at all.
 * `halftone`: the third stage's lines — photo mode by an ordered dither as well as by error diffusion, a quarter of
 * the lines on grey, and a line's fields apart by wide gaps, as forms set them (without the mode, the first two
 * stages' lines come out as they did).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { grayFromRgba, type GrayImage } from '../../main/pages/fax-raster';
import { encodeGrayPng } from '../../main/pages/png';
import { recognitionDpi, removeSpecks, scaleSmooth, thickenDown } from '../../main/ocr/recognition-image';
import { seeded, trainingLine, type Random } from './training-text';

const fontDir = '/usr/share/fonts/truetype';
const faceFiles = ['dejavu/DejaVuSans.ttf', 'dejavu/DejaVuSans-Bold.ttf', 'dejavu/DejaVuSans-Oblique.ttf', 'dejavu/DejaVuSansCondensed.ttf', 'dejavu/DejaVuSansMono.ttf', 'dejavu/DejaVuSerif.ttf', 'dejavu/DejaVuSerif-Bold.ttf', 'dejavu/DejaVuSerifCondensed.ttf', 'dejavu/DejaVuSerif-Italic.ttf', 'liberation/LiberationMono-Regular.ttf', 'liberation/LiberationMono-Bold.ttf', 'liberation/LiberationSans-Regular.ttf', 'liberation/LiberationSans-Bold.ttf', 'liberation/LiberationSans-Italic.ttf', 'liberation/LiberationSansNarrow-Regular.ttf', 'liberation/LiberationSansNarrow-Bold.ttf', 'liberation/LiberationSerif-Regular.ttf', 'liberation/LiberationSerif-Bold.ttf', 'liberation/LiberationSerif-Italic.ttf'];

function registerFaces(): string[] {
  return faceFiles.map((file, index) => {
    const family = `Training ${String(index)}`;
    GlobalFonts.registerFromPath(path.join(fontDir, file), family);
    return family;
  });
}

/**
 * The line as the sending machine scans it, black and white at fine resolution, or at standard: either every other
 * scan line of a fine scan, or a scan at 98 lines an inch (each line the average of twice the height) — drawn twice
 * as tall by the receiving side. Text mode cuts the grey at one level (light originals lose thin strokes, dark ones
 * run together); photo mode diffuses the error (Floyd–Steinberg), as machines send halftones, and breaks letters'
 * edges into dots.
 */
function sent(parts: readonly Part[], face: string, points: number, standard: boolean, mode: Mode, next: Random, around: Around | null = null): Sent {
  const clean = mode === 'clean';
  const scaleX = 204 / 72;
  const coarse = standard && next() < 0.5;
  const scaleY = (coarse ? 98 : 196) / 72;
  const probe = createCanvas(10, 10).getContext('2d');
  probe.font = `${String(points)}px "${face}"`;
  const widthPoints = parts.reduce((sum, part) => sum + probe.measureText(part.text).width + part.gapBefore * points, 0) + points * 2;
  const heightPoints = points * 2.2 + (around ? 2 * around.gap : 0);
  const width = Math.ceil(widthPoints * scaleX);
  const scanned = Math.ceil(heightPoints * scaleY);
  const canvas = createCanvas(width, scanned);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, scanned);
  context.scale(scaleX, scaleY);
  context.translate(points, points * 1.55 + (around ? around.gap : 0));
  context.rotate((next() - 0.5) * 0.02);
  // A copied card or a shaded form cell: the text on grey, which only photo mode sends as more than white or black.
  const shade = mode === 'halftone' && next() < 0.25 ? Math.round(170 + next() * 65) : 0;
  if (shade > 0) {
    context.fillStyle = `rgb(${String(shade)}, ${String(shade)}, ${String(shade)})`;
    context.fillRect(-0.3 * points, -0.95 * points, widthPoints - 1.4 * points, 1.3 * points);
  }
  context.fillStyle = '#000000';
  context.font = `${String(points)}px "${face}"`;
  let at = 0;
  for (const part of parts) {
    at += part.gapBefore * points;
    context.fillText(part.text, at, 0);
    at += context.measureText(part.text).width;
  }
  const line = inkBox(grayFromRgba(context.getImageData(0, 0, width, scanned).data, width, scanned));
  if (around) {
    context.fillText(around.above, 0, -around.gap);
    context.fillText(around.below, 0, around.gap);
  }
  const grey = grayFromRgba(context.getImageData(0, 0, width, scanned).data, width, scanned);
  const photo = shade > 0 || next() < 0.35;
  const sentBlack = clean ? cutAt(grey, 128) : photo ? (mode === 'halftone' && next() < 0.6 ? ordered(grey) : diffused(grey)) : cutAt(grey, 40 + next() * 160);
  const phase = next() < 0.5 ? 0 : 1;
  const specks = clean ? 0 : next() * 0.002;
  const height = coarse ? scanned * 2 : scanned;
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    // A standard-resolution scan line is sent once and drawn twice.
    const from = coarse ? y >> 1 : standard ? Math.min(scanned - 1, (y & ~1) + phase) : y;
    for (let x = 0; x < width; x += 1) pixels[y * width + x] = (sentBlack[from * width + x] === 1) !== next() < specks ? 0 : 255;
  }
  const rows = coarse ? 2 : 1;
  const box = line && { ...line, top: line.top * rows, bottom: line.bottom * rows + rows - 1 };
  return { image: { width, height, pixels }, line: box };
}

/** Lines of other text above and below the line, `gap` points from it: a page's neighbours, which a line's crop on a page may catch. */
interface Around {
  above: string;
  below: string;
  gap: number;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Sent {
  image: GrayImage;
  /** The line's own letters (not its neighbours', not a grey ground): where the recognizer finds the line on a page. */
  line: Box | null;
}

/** The box of the dots darker than mid-grey, or null when there are none. */
function inkBox(image: GrayImage): Box | null {
  let left = image.width;
  let right = -1;
  let top = image.height;
  let bottom = -1;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      if ((image.pixels[y * image.width + x] ?? 255) >= 128) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return right < 0 ? null : { left, top, right, bottom };
}

/** `box` of `image` with the margins given, within the image. */
function cropped(image: GrayImage, box: Box, margin: { x: number; top: number; bottom: number }): GrayImage {
  const x0 = Math.max(0, box.left - margin.x);
  const y0 = Math.max(0, box.top - margin.top);
  const width = Math.min(image.width, box.right + margin.x + 1) - x0;
  const height = Math.min(image.height, box.bottom + margin.bottom + 1) - y0;
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) pixels.set(image.pixels.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x0 + width), y * width);
  return { width, height, pixels };
}

/** 1 where the grey is darker than `cut`. */
function cutAt(grey: GrayImage, cut: number): Uint8Array {
  return grey.pixels.map((value) => (value < cut ? 1 : 0));
}

/** The 4 × 4 Bayer matrix: the order in which an ordered dither's cell turns its dots black. */
const bayerOrder = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

/**
 * Black and white by an ordered dither, as many machines send a photo: the grey of a letter's anti-aliased edge
 * becomes a pattern of dots, its darkest core stays solid. 1 for black.
 */
function ordered(grey: GrayImage): Uint8Array {
  const { width } = grey;
  return grey.pixels.map((value, at) => {
    const x = at % width;
    const y = (at - x) / width;
    const level = ((bayerOrder[(y % 4) * 4 + (x % 4)] ?? 0) + 0.5) * 16;
    return value < level ? 1 : 0;
  });
}

/** Black and white by error diffusion (Floyd–Steinberg): 1 for black. */
function diffused(grey: GrayImage): Uint8Array {
  const { width, height } = grey;
  const error = Float32Array.from(grey.pixels);
  const black = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      const value = error[at] ?? 255;
      const out = value < 128 ? 0 : 255;
      black[at] = out === 0 ? 1 : 0;
      const left = value - out;
      if (x + 1 < width) error[at + 1] = (error[at + 1] ?? 0) + (left * 7) / 16;
      if (y + 1 < height) {
        if (x > 0) error[at + width - 1] = (error[at + width - 1] ?? 0) + (left * 3) / 16;
        error[at + width] = (error[at + width] ?? 0) + (left * 5) / 16;
        if (x + 1 < width) error[at + width + 1] = (error[at + width + 1] ?? 0) + left / 16;
      }
    }
  }
  return black;
}

/** Inked dots (darker than mid-grey) and this many dots around them. */
const padding = 4;

/**
 * The line cut to its ink and a little around it: the recognizer scales the line it finds on a page — its letters'
 * box — to the model's height, so a model trained on lines with wide white margins reads page lines as noise.
 */
function inkOnly(image: GrayImage): GrayImage {
  const box = inkBox(image);
  return box ? cropped(image, box, { x: padding, top: padding, bottom: padding }) : image;
}

/** Made ready as the app makes a page ready (main/ocr/recognition-image.ts). */
function prepared(image: GrayImage): GrayImage {
  return scaleSmooth(thickenDown(removeSpecks(image)), recognitionDpi / 204, recognitionDpi / 196);
}

/**
 * A halftone-mode line cut as the recognizer may cut it from a page: half of them with other lines close above and
 * below, the margin around its letters 2–14 dots high and 2–20 wide (at 300 dpi), so that neither a neighbour's
 * descender in the crop nor a looser crop than the training's throws the reading off (a model trained on crops of
 * exactly four dots read a page's line well only when cut to within a few dots).
 */
function asOnAPage(parts: readonly Part[], face: string, points: number, standard: boolean, next: Random, words: readonly string[]): GrayImage {
  const neighbourText = (): string => Array.from({ length: 4 + Math.floor(next() * 6) }, () => words[Math.floor(next() * words.length)] ?? '').join(' ');
  const around = next() < 0.5 ? { above: neighbourText(), below: neighbourText(), gap: points * (1.1 + next() * 0.5) } : null;
  const { image, line } = sent(parts, face, points, standard, 'halftone', next, around);
  const ready = prepared(image);
  if (!line) return inkOnly(ready);
  const scaleX = recognitionDpi / 204;
  const scaleY = recognitionDpi / 196;
  const box = { left: Math.floor(line.left * scaleX), right: Math.ceil((line.right + 1) * scaleX), top: Math.floor(line.top * scaleY), bottom: Math.ceil((line.bottom + 1) * scaleY) };
  const margin = { x: 2 + Math.floor(next() * 19), top: 2 + Math.floor(next() * 13), bottom: 2 + Math.floor(next() * 13) };
  return cropped(ready, box, margin);
}

type Mode = 'clean' | 'fax' | 'halftone';
/** A run of a line's text and the white before it, in ems. */
interface Part {
  text: string;
  gapBefore: number;
}

/**
 * The line's runs: as one run, or (halftone mode) with each field of a form line — parts the text sets apart by two
 * spaces — a gap of one to six ems from the one before: a value followed by a wide gap is read as a label otherwise
 * ("Doe:   DOB").
 */
function partsOf(line: string, mode: Mode, next: Random): { parts: Part[]; text: string } {
  const text = line.replace(/\s+/g, ' ').trim();
  if (mode !== 'halftone') return { parts: [{ text, gapBefore: 0 }], text };
  const fields = line.split(/\s{2,}/).map((field) => field.trim()).filter((field) => field.length > 0);
  const parts = fields.map((field, index) => ({ text: field, gapBefore: index === 0 ? 0 : 1 + next() * 5 }));
  return { parts, text: fields.join(' ') };
}

function main(): void {
  const [outDir, seedText, countText, wordsDir, modeText] = process.argv.slice(2);
  const mode: Mode = modeText === 'clean' || modeText === 'halftone' ? modeText : 'fax';
  const clean = mode === 'clean';
  if (!outDir || !seedText || !countText || !wordsDir) throw new Error('usage: training-lines.ts <out-dir> <seed> <count> <words-dir> [clean | halftone]');
  const words = (file: string) => fs.readFileSync(path.join(wordsDir, file), 'utf8').split('\n').filter((word) => word.length > 0 && word.length < 16);
  const english = words('eng.words');
  const german = words('deu.words');
  const faces = registerFaces();
  const next = seeded(Number(seedText));
  fs.mkdirSync(outDir, { recursive: true });
  for (let index = 0; index < Number(countText); index += 1) {
    const { parts, text } = partsOf(trainingLine(next, english, german), mode, next);
    const face = faces[Math.floor(next() * faces.length)] ?? 'Training 0';
    const points = 7 + next() * 5;
    const standard = !clean && next() < 0.7;
    const image = mode === 'halftone' ? asOnAPage(parts, face, points, standard, next, english) : inkOnly(prepared(sent(parts, face, points, standard, mode, next).image));
    const base = path.join(outDir, String(index).padStart(6, '0'));
    fs.writeFileSync(`${base}.png`, encodeGrayPng(image));
    fs.writeFileSync(`${base}.gt.txt`, `${text}\n`);
    const box = `WordStr 0 0 ${String(image.width)} ${String(image.height)} 0 #${text}\n\t 0 0 ${String(image.width)} ${String(image.height)} 0\n`;
    fs.writeFileSync(`${base}.box`, box);
  }
}

main();
