/**
 * Received-fax pages the recognizer was never tuned on (issue 39): nine kinds of office documents — a referral, lab
 * results in a ruled table, a prior authorization on a boxed form, a records request, an insurance card copied on
 * grey, a refill request, an EOB in two columns, a handwriting-style cover sheet and a German doctor's letter —
 * in ten typefaces (serif, sans, narrow, condensed, mono, italic, bold, a jittered oblique standing in for
 * handwriting) at 7–11 pt, with inverted headers, halftone backgrounds, stamps, a fax header line at the edge,
 * skew and specks, at fine and standard resolution. Kept apart from the app's code and from the page helper the
 * recognition tests use (test/helpers/fax-pages.ts): nothing here shares the recognizer's assumptions. Names,
 * dates and ids are drawn from a seeded generator — tune on one seed, measure on another.
 */
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

const faces = [
  ['/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf', 'Unseen Serif'],
  ['/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', 'Unseen Sans'],
  ['/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf', 'Unseen Narrow'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf', 'Unseen Condensed'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf', 'Unseen Mono'],
  ['/usr/share/fonts/truetype/liberation/LiberationSerif-Italic.ttf', 'Unseen Italic'],
  ['/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf', 'Unseen Bold'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed.ttf', 'Unseen Serif Condensed'],
  ['/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf', 'Unseen Book'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf', 'Unseen Hand'],
] as const;
export type UnseenFace = (typeof faces)[number][1];
export const unseenFaces: readonly UnseenFace[] = faces.map(([, name]) => name);
let registered = false;

export type UnseenKind = 'referral' | 'lab' | 'prior-auth' | 'records' | 'insurance-card' | 'refill' | 'eob' | 'cover-sheet' | 'german-letter';
export const unseenKinds: readonly UnseenKind[] = ['referral', 'lab', 'prior-auth', 'records', 'insurance-card', 'refill', 'eob', 'cover-sheet', 'german-letter'];

export interface UnseenPage {
  kind: UnseenKind;
  face: UnseenFace;
  /** Point size of the body text. */
  size: number;
  /** The text as a reader reads it, line by line (tables row by row). */
  lines: string[];
  /** Names, dates and ids that must come out exactly. */
  keys: string[];
  /** The page drawn at the fax resolution, bilevel, as 8-bit grey pixels (one byte a dot). */
  draw(resolution: 'fine' | 'standard'): { width: number; height: number; pixels: Uint8Array };
}

/** A 4 × 4 ordered-dither matrix: grey becomes a pattern of dots, as a fax machine's halftone makes it. */
const bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

export function generator(seed: number): () => number {
  let state = (seed * 2_654_435_761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const givenNames = ['Amelia', 'Jonas', 'Fatima', 'Liam', 'Sofía', 'Noah', 'Aylin', 'Mateo', 'Grace', 'Lukas', 'Chloé', 'Tobias', 'Priya', 'Emeka', 'Zoë', 'Håkon'];
const surnames = ['Krüger', 'Çelik', 'Gößmann', 'Núñez', "O'Brien", 'Nakamura', 'Okafor', 'Lindqvist', 'Dubois', 'Kowalski', 'Hernández', 'Schäfer', 'Thompson', 'Ivanova', 'Weiß', 'Banerjee'];
const clinics = ['Riverside Family Practice', 'Northgate Cardiology', 'Lakeview Orthopedics', 'Praxis am Markt', 'Summit Pediatrics', 'Harbor Imaging Center'];
const drugs = ['Atorvastatin 20 mg', 'Metformin 500 mg', 'Lisinopril 10 mg', 'Levothyroxine 75 mcg', 'Amlodipine 5 mg', 'Sertraline 50 mg'];
const tests = [
  ['Sodium', '138', '135-145 mmol/L'],
  ['Potassium', '4.1', '3.5-5.1 mmol/L'],
  ['Glucose', '104', '70-99 mg/dL'],
  ['Creatinine', '1.12', '0.60-1.20 mg/dL'],
  ['Hemoglobin', '13.6', '12.0-15.5 g/dL'],
  ['TSH', '2.31', '0.40-4.00 mIU/L'],
  ['ALT', '41', '7-35 U/L'],
] as const;

export interface Fields {
  patient: string;
  given: string;
  family: string;
  dob: string;
  dobGerman: string;
  mrn: string;
  member: string;
  claim: string;
  phone: string;
  clinic: string;
  doctor: string;
  drug: string;
  date: string;
}

export function fieldsOf(next: () => number): Fields {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const digits = (count: number): string => Array.from({ length: count }, () => String(Math.floor(next() * 10))).join('');
  const given = pick(givenNames);
  const family = pick(surnames);
  const [month, day, year] = [1 + Math.floor(next() * 12), 1 + Math.floor(next() * 28), 1935 + Math.floor(next() * 70)];
  const two = (value: number): string => String(value).padStart(2, '0');
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  return {
    patient: `${given} ${family}`,
    given,
    family,
    dob: `${two(month)}/${two(day)}/${String(year)}`,
    dobGerman: `${two(day)}.${two(month)}.${String(year)}`,
    mrn: `${digits(6)}-${digits(2)}`,
    member: `${letters[Math.floor(next() * letters.length)] ?? 'A'}${letters[Math.floor(next() * letters.length)] ?? 'B'}${digits(8)}`,
    claim: `CL${digits(4)}-${digits(5)}`,
    // A North American area code never starts with 0 or 1 (a number that does cannot be dialled): one draw each way.
    phone: `(${String(2 + Math.floor(next() * 8))}${digits(2)}) 555-${digits(4)}`,
    clinic: pick(clinics),
    doctor: `Dr. ${pick(givenNames)} ${pick(surnames)}`,
    drug: pick(drugs),
    date: `11/${two(1 + Math.floor(next() * 26))}/2026`,
  };
}

/** A block of the page: what is drawn, and the lines a reader takes from it. */
export type Block =
  | { type: 'text'; lines: string[]; size?: number; inverted?: boolean; grey?: boolean }
  | { type: 'table'; rows: string[][] }
  | { type: 'boxes'; boxes: Array<[label: string, value: string]> }
  | { type: 'columns'; left: string[]; right: string[] }
  | { type: 'stamp'; text: string };

function blocksOf(kind: UnseenKind, f: Fields): { blocks: Block[]; keys: string[] } {
  switch (kind) {
    case 'referral':
      return {
        blocks: [
          { type: 'text', lines: [f.clinic.toUpperCase(), `Fax ${f.phone}`], inverted: true },
          { type: 'text', lines: ['REFERRAL FOR SPECIALIST CONSULTATION', `Patient: ${f.patient}   DOB: ${f.dob}`, `MRN: ${f.mrn}   Member ID: ${f.member}`, `Referring: ${f.doctor}`, 'Reason: shortness of breath on exertion, ECG enclosed.', 'Priority: URGENT - please call to schedule.'] },
          { type: 'stamp', text: `RECEIVED ${f.date}` },
        ],
        keys: [f.given, f.family, f.dob, f.mrn, f.member, f.phone],
      };
    case 'lab':
      return {
        blocks: [
          { type: 'text', lines: ['LABORATORY REPORT', `Patient: ${f.patient}   DOB: ${f.dob}   MRN: ${f.mrn}`, `Collected: ${f.date}`] },
          { type: 'table', rows: [['Test', 'Result', 'Reference'], ...tests.map((row) => [...row])] },
          { type: 'text', lines: [`Verified by ${f.doctor}`] },
        ],
        keys: [f.given, f.family, f.dob, f.mrn, ...tests.map((row) => row[1])],
      };
    case 'prior-auth':
      return {
        blocks: [
          { type: 'text', lines: ['PRIOR AUTHORIZATION REQUEST'], inverted: true },
          { type: 'boxes', boxes: [['Patient name', f.patient], ['Date of birth', f.dob], ['Member ID', f.member], ['Medication', f.drug], ['Prescriber', f.doctor], ['Prescriber fax', f.phone]] },
        ],
        keys: [f.given, f.family, f.dob, f.member, f.phone],
      };
    case 'records':
      return {
        blocks: [{ type: 'text', lines: ['AUTHORIZATION TO RELEASE MEDICAL RECORDS', `Name: ${f.patient}`, `Date of birth: ${f.dob}   MRN: ${f.mrn}`, `Release to: ${f.clinic}`, `Records from 01/01/2023 through ${f.date}`, `Send by fax to ${f.phone}`, 'Signature ____________________'] }],
        keys: [f.given, f.family, f.dob, f.mrn, f.phone],
      };
    case 'insurance-card':
      return {
        blocks: [
          { type: 'text', lines: ['COPY OF INSURANCE CARD (FRONT)'] },
          { type: 'text', lines: [`Member: ${f.patient}`, `Member ID: ${f.member}`, `Group: ${f.mrn}`, `DOB: ${f.dob}`, 'Rx BIN 610014  PCN MEDDPRIME'], grey: true },
        ],
        keys: [f.given, f.family, f.member, f.mrn, f.dob],
      };
    case 'refill':
      return {
        blocks: [{ type: 'text', lines: ['PHARMACY REFILL REQUEST', `Patient: ${f.patient}   DOB: ${f.dob}`, `Medication: ${f.drug}, 90 tablets`, 'Refills requested: 3', `Pharmacy callback: ${f.phone}`, `Prescriber: ${f.doctor}`] }],
        keys: [f.given, f.family, f.dob, f.phone],
      };
    case 'eob':
      return {
        blocks: [
          { type: 'text', lines: ['EXPLANATION OF BENEFITS - THIS IS NOT A BILL'], inverted: true },
          { type: 'columns', left: [`Patient: ${f.patient}`, `Member ID: ${f.member}`, `Claim: ${f.claim}`], right: [`Provider: ${f.clinic}`, `Service date: ${f.date}`, 'Amount billed: $412.00'] },
          { type: 'table', rows: [['Service', 'Billed', 'Allowed', 'You owe'], ['Office visit', '$180.00', '$122.40', '$25.00'], ['Lab panel', '$232.00', '$96.10', '$0.00']] },
        ],
        keys: [f.given, f.family, f.member, f.claim],
      };
    case 'cover-sheet':
      return {
        blocks: [{ type: 'text', size: 14, lines: ['FAX', `To: ${f.clinic}`, `From: ${f.doctor}`, `Re: ${f.patient}`, `Pages: 3   Call back ${f.phone}`] }],
        keys: [f.given, f.family, f.phone],
      };
    case 'german-letter':
      return {
        blocks: [
          { type: 'text', lines: ['Praxis am Markt · Marktstraße 4 · 50667 Köln'], size: 7 },
          { type: 'text', lines: ['Arztbrief', `Patient: ${f.patient}, geb. ${f.dobGerman}`, `Versichertennummer: ${f.member}`, 'Diagnose: Hypertonie, Überweisung zur Abklärung.', 'Eilt! Bitte um Rückruf: 0221 555 0199', `Mit freundlichen Grüßen, ${f.doctor}`] },
        ],
        keys: [f.given, f.family, f.dobGerman, f.member],
      };
  }
}

const linesOf = (blocks: readonly Block[]): string[] =>
  blocks.flatMap((block): string[] => {
    if (block.type === 'text') return block.lines;
    if (block.type === 'table') return block.rows.map((row) => row.join(' '));
    if (block.type === 'boxes') return block.boxes.map(([label, value]) => `${label} ${value}`);
    if (block.type === 'columns') return [...block.left, ...block.right];
    return [block.text];
  });

/** Draws the blocks in points on a Letter page (the context is already scaled to dots). */
function drawBlocks(context: SKRSContext2D, blocks: readonly Block[], face: UnseenFace, size: number, next: () => number): void {
  let y = 60;
  const font = (points: number): string => `${String(points)}px "${face}"`;
  const jitter = face === 'Unseen Hand';
  const write = (text: string, x: number, at: number): void => {
    if (!jitter) {
      context.fillText(text, x, at);
      return;
    }
    // Handwriting-style: each letter a little up or down and turned, as a hand writes it.
    let left = x;
    for (const letter of text) {
      context.save();
      context.translate(left, at + (next() - 0.5) * size * 0.15);
      context.rotate((next() - 0.5) * 0.12);
      context.fillText(letter, 0, 0);
      context.restore();
      left += context.measureText(letter).width * (0.95 + next() * 0.15);
    }
  };
  for (const block of blocks) {
    if (block.type === 'text') {
      const points = block.size ?? size;
      context.font = font(points);
      const height = block.lines.length * points * 1.5 + points * 0.6;
      if (block.inverted || block.grey) {
        context.fillStyle = block.inverted ? '#000000' : '#b8b8b8';
        context.fillRect(54, y - points * 1.1, 504, height);
      }
      context.fillStyle = block.inverted ? '#ffffff' : '#000000';
      block.lines.forEach((line, index) => write(line, 64, y + index * points * 1.5));
      context.fillStyle = '#000000';
      y += height + points;
    } else if (block.type === 'table') {
      context.font = font(size);
      const columns = block.rows[0]?.length ?? 1;
      const width = 480 / columns;
      const rowHeight = size * 1.8;
      context.lineWidth = 0.8;
      block.rows.forEach((row, index) => {
        row.forEach((cell, column) => write(cell, 66 + column * width, y + index * rowHeight));
        context.beginPath();
        context.moveTo(60, y + index * rowHeight + size * 0.55);
        context.lineTo(540, y + index * rowHeight + size * 0.55);
        context.stroke();
      });
      for (let column = 0; column <= columns; column += 1) {
        context.beginPath();
        context.moveTo(60 + column * width, y - size * 1.2);
        context.lineTo(60 + column * width, y + (block.rows.length - 1) * rowHeight + size * 0.55);
        context.stroke();
      }
      y += block.rows.length * rowHeight + size;
    } else if (block.type === 'boxes') {
      block.boxes.forEach(([label, value], index) => {
        const top = y + index * size * 3.4;
        context.lineWidth = 1;
        context.strokeRect(60, top - size * 1.3, 480, size * 2.9);
        context.font = font(Math.max(6, size - 3));
        write(label, 64, top - size * 0.3);
        context.font = font(size);
        write(value, 200, top + size * 0.9);
      });
      y += block.boxes.length * size * 3.4 + size;
    } else if (block.type === 'columns') {
      context.font = font(size);
      block.left.forEach((line, index) => write(line, 64, y + index * size * 1.5));
      block.right.forEach((line, index) => write(line, 320, y + index * size * 1.5));
      y += Math.max(block.left.length, block.right.length) * size * 1.5 + size;
    } else {
      context.save();
      context.font = `${String(size + 4)}px "Unseen Bold"`;
      context.translate(380, 120);
      context.rotate(-0.2);
      context.lineWidth = 2;
      const width = context.measureText(block.text).width;
      context.strokeRect(-8, -size - 8, width + 16, size + 16);
      context.fillText(block.text, 0, 0);
      context.restore();
    }
  }
}

function registerFaces(): void {
  if (registered) return;
  for (const [file, name] of faces) GlobalFonts.registerFromPath(file, name);
  registered = true;
}

/** A page of these blocks in a face, size, skew and noise drawn from `next`, with a fax header line at its top. */
export function drawnPage<K extends string>(kind: K, blocks: readonly Block[], keys: string[], fields: Fields, next: () => number, handwriting = false): Omit<UnseenPage, 'kind'> & { kind: K } {
  registerFaces();
  const face: UnseenFace = handwriting ? 'Unseen Hand' : (unseenFaces[Math.floor(next() * (unseenFaces.length - 1))] ?? 'Unseen Serif');
  const size = 7 + Math.floor(next() * 5);
  const skew = (next() - 0.5) * 3;
  const speckle = 0.0005 + next() * 0.003;
  const drawSeed = Math.floor(next() * 1e9);
  // The sending machine's header line along the top edge: on the page, so in what a reader reads first.
  const header = `${fields.date} 09:${String(10 + Math.floor(next() * 49))}  FROM ${fields.phone}  P.1/3`;
  return {
    kind,
    face,
    size,
    lines: [header, ...linesOf(blocks)],
    keys,
    draw(resolution) {
      const dpiX = 204;
      const dpiY = resolution === 'fine' ? 196 : 98;
      const width = Math.round(8.5 * dpiX);
      const height = Math.round(11 * dpiY);
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      const angle = (skew * Math.PI) / 180;
      context.setTransform((dpiX / 72) * Math.cos(angle), (dpiY / 72) * Math.sin(angle), (-dpiX / 72) * Math.sin(angle), (dpiY / 72) * Math.cos(angle), 0, 0);
      context.fillStyle = '#000000';
      context.strokeStyle = '#000000';
      const noise = generator(drawSeed);
      drawBlocks(context, blocks, face, size, noise);
      context.setTransform(1, 0, 0, 1, 0, 0);
      // The header line, and a dark edge the scanner saw.
      context.font = `${String(Math.round(dpiY / 10))}px "Unseen Mono"`;
      context.fillStyle = '#000000';
      context.fillText(header, 20, Math.round(dpiY / 8));
      context.fillRect(width - 6, 0, 6, height);
      const rgba = context.getImageData(0, 0, width, height).data;
      const pixels = new Uint8Array(width * height);
      for (let dot = 0; dot < pixels.length; dot += 1) {
        const grey = rgba[dot * 4] ?? 255;
        // Grey is sent as a halftone (an ordered dither), as a fax machine does; specks on the line.
        const threshold = (bayer[(Math.floor(dot / width) % 4) * 4 + ((dot % width) % 4)] ?? 0) * 16 + 8;
        const black = grey < 40 || (grey < 230 && grey < threshold) || noise() < speckle;
        pixels[dot] = black ? 0 : 255;
      }
      return { width, height, pixels };
    },
  };
}

/** The pages of one seed: every kind, `perKind` times, each in a face, size, skew and noise of its own. */
export function unseenPages(seed: number, perKind = 2): UnseenPage[] {
  const next = generator(seed);
  const pages: UnseenPage[] = [];
  for (const kind of unseenKinds) {
    for (let copy = 0; copy < perKind; copy += 1) {
      const fields = fieldsOf(next);
      const { blocks, keys } = blocksOf(kind, fields);
      pages.push(drawnPage(kind, blocks, keys, fields, next, kind === 'cover-sheet'));
    }
  }
  return pages;
}

/** A PDF of the pages at one resolution, as a Fax Service delivers one: each page an image stretched to Letter. */
export async function unseenPdf(pages: ReadonlyArray<Pick<UnseenPage, 'draw'>>, resolution: 'fine' | 'standard'): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const document = await PDFDocument.create();
  for (const page of pages) {
    const { width, height, pixels } = page.draw(resolution);
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    const image = context.createImageData(width, height);
    for (let dot = 0; dot < pixels.length; dot += 1) {
      const value = pixels[dot] ?? 255;
      image.data[dot * 4] = value;
      image.data[dot * 4 + 1] = value;
      image.data[dot * 4 + 2] = value;
      image.data[dot * 4 + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    const embedded = await document.embedPng(canvas.toBuffer('image/png'));
    document.addPage([612, 792]).drawImage(embedded, { x: 0, y: 0, width: 612, height: 792 });
  }
  return document.save();
}
