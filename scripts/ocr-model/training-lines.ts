/**
 * Writes training lines for the fax recognition model: each line of training-text.ts drawn in a face and size, sent
 * as a fax machine sends it (black and white at 204 × 196 dots, or at standard resolution every other scan line,
 * drawn twice as tall again by the receiving side), with a sender's specks and a little skew, then made ready exactly
 * as the app makes a page ready for the recognizer (main/ocr/recognition-image.ts). Per line: `<n>.png`, `<n>.gt.txt`
 * and a `<n>.box` of the whole line, which `tesseract … lstm.train` turns into the trainer's `<n>.lstmf`.
 *
 * Usage: tsx scripts/ocr-model/training-lines.ts <out-dir> <seed> <count> <words-dir> [clean]
 * `clean`: fine resolution, cut at mid-grey, no specks — the lines a model from nothing first learns to read at all.
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
function sent(text: string, face: string, points: number, standard: boolean, clean: boolean, next: Random): GrayImage {
  const scaleX = 204 / 72;
  const coarse = standard && next() < 0.5;
  const scaleY = (coarse ? 98 : 196) / 72;
  const probe = createCanvas(10, 10).getContext('2d');
  probe.font = `${String(points)}px "${face}"`;
  const widthPoints = probe.measureText(text).width + points * 2;
  const heightPoints = points * 2.2;
  const width = Math.ceil(widthPoints * scaleX);
  const scanned = Math.ceil(heightPoints * scaleY);
  const canvas = createCanvas(width, scanned);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, scanned);
  context.scale(scaleX, scaleY);
  context.translate(points, points * 1.55);
  context.rotate((next() - 0.5) * 0.02);
  context.fillStyle = '#000000';
  context.font = `${String(points)}px "${face}"`;
  context.fillText(text, 0, 0);
  const grey = grayFromRgba(context.getImageData(0, 0, width, scanned).data, width, scanned);
  const photo = next() < 0.35;
  const sentBlack = clean ? cutAt(grey, 128) : photo ? diffused(grey) : cutAt(grey, 40 + next() * 160);
  const phase = next() < 0.5 ? 0 : 1;
  const specks = clean ? 0 : next() * 0.002;
  const height = coarse ? scanned * 2 : scanned;
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    // A standard-resolution scan line is sent once and drawn twice.
    const from = coarse ? y >> 1 : standard ? Math.min(scanned - 1, (y & ~1) + phase) : y;
    for (let x = 0; x < width; x += 1) pixels[y * width + x] = (sentBlack[from * width + x] === 1) !== next() < specks ? 0 : 255;
  }
  return { width, height, pixels };
}

/** 1 where the grey is darker than `cut`. */
function cutAt(grey: GrayImage, cut: number): Uint8Array {
  return grey.pixels.map((value) => (value < cut ? 1 : 0));
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
  if (right < 0) return image;
  const x0 = Math.max(0, left - padding);
  const y0 = Math.max(0, top - padding);
  const width = Math.min(image.width, right + padding + 1) - x0;
  const height = Math.min(image.height, bottom + padding + 1) - y0;
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) pixels.set(image.pixels.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x0 + width), y * width);
  return { width, height, pixels };
}

function main(): void {
  const [outDir, seedText, countText, wordsDir, mode] = process.argv.slice(2);
  const clean = mode === 'clean';
  if (!outDir || !seedText || !countText || !wordsDir) throw new Error('usage: training-lines.ts <out-dir> <seed> <count> <words-dir> [clean]');
  const words = (file: string) => fs.readFileSync(path.join(wordsDir, file), 'utf8').split('\n').filter((word) => word.length > 0 && word.length < 16);
  const english = words('eng.words');
  const german = words('deu.words');
  const faces = registerFaces();
  const next = seeded(Number(seedText));
  fs.mkdirSync(outDir, { recursive: true });
  for (let index = 0; index < Number(countText); index += 1) {
    const text = trainingLine(next, english, german).replace(/\s+/g, ' ').trim();
    const face = faces[Math.floor(next() * faces.length)] ?? 'Training 0';
    const points = 7 + next() * 5;
    const standard = !clean && next() < 0.7;
    const image = inkOnly(scaleSmooth(thickenDown(removeSpecks(sent(text, face, points, standard, clean, next))), recognitionDpi / 204, recognitionDpi / 196));
    const base = path.join(outDir, String(index).padStart(6, '0'));
    fs.writeFileSync(`${base}.png`, encodeGrayPng(image));
    fs.writeFileSync(`${base}.gt.txt`, `${text}\n`);
    const box = `WordStr 0 0 ${String(image.width)} ${String(image.height)} 0 #${text}\n\t 0 0 ${String(image.width)} ${String(image.height)} 0\n`;
    fs.writeFileSync(`${base}.box`, box);
  }
}

main();
