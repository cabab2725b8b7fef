// Pre-flight on generated pages with known content and on the real-world corpus: each page measured at fax
// resolution in the render worker and flagged blank, very dark or photo-like; landscape pages told apart; the
// page as faxed shown; blank pages removed into a new PDF while the user's file stays as it was.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import { createStaging } from '../../../main/compose/staging';
import { createPageRenderer } from '../../../main/pages/page-renderer';
import { testPageRendererLocation } from '../../helpers/test-page-renderer';
import { createPreflightService } from '../../../main/preflight/preflight-service';
import { makeDocx, makeTiff } from '../../fax-service/testkit';
import { corpus, corpusAvailable } from '../../helpers/corpus';
import { readBackPdf } from '../../helpers/pdf-text';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-preflight-'));
const log = createLogger({ sinks: [] });
const fileKey = crypto.randomBytes(32);
const staging = createStaging({ dataDir: path.join(root, 'data'), fileKey, log });
const pages = createPageRenderer(testPageRendererLocation(), log);
const preflight = createPreflightService({ staging, pages, fileKey });
afterAll(async () => {
  await pages.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function stage(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(root, name);
  fs.writeFileSync(file, bytes);
  const { staged, rejected } = await staging.stage([file]);
  if (rejected.length > 0) throw new Error(rejected[0]?.message);
  return staged[0]?.id ?? '';
}

/** Five Letter pages: a letter, a blank page, a dark scan, a photo (shades of grey), and a landscape letter. */
async function knownPages(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const letter = (page: ReturnType<typeof pdf.addPage>) => {
    for (let line = 0; line < 30; line += 1) page.drawText('Referral for Ms. Example: please see the attached results and call us back.', { x: 60, y: 720 - line * 20, size: 10, font });
  };
  letter(pdf.addPage([612, 792]));
  pdf.addPage([612, 792]);
  pdf.addPage([612, 792]).drawRectangle({ x: 0, y: 0, width: 612, height: 792 * 0.7, color: rgb(0.15, 0.15, 0.15) });
  const photo = pdf.addPage([612, 792]);
  for (let band = 0; band < 64; band += 1) photo.drawRectangle({ x: 0, y: band * 12, width: 612, height: 12, color: rgb(0.45 + (band % 8) * 0.03, 0.45 + (band % 8) * 0.03, 0.45 + (band % 8) * 0.03) });
  letter(pdf.addPage([792, 612]));
  return pdf.save();
}

describe('pre-flight flags', () => {
  it('a letter prints clearly; a blank page, a dark scan and a photo are flagged; the landscape page is told apart', async () => {
    const id = await stage('known.pdf', await knownPages());
    const result = await preflight.pages(id, 1, 16);
    expect(result.pageCount).toBe(5);
    expect(result.pages.map((page) => [page.page, page.flags, page.landscape])).toEqual([
      [1, [], false],
      [2, ['blank'], false],
      [3, ['dark'], false],
      [4, ['photo'], false],
      [5, [], true],
    ]);
    expect(result.pages[0]?.width).toBe(1734);
    // In chunks, as compose asks for them.
    expect((await preflight.pages(id, 4, 2)).pages.map((page) => page.page)).toEqual([4, 5]);
  });

  it('TIFF: every page, at its own resolution; a white page is blank, a black one dark', async () => {
    const id = await stage('scan.tif', makeTiff(3, { black: [2] }));
    const result = await preflight.pages(id, 1, 16);
    expect(result.pageCount).toBe(3);
    expect(result.pages.map((page) => page.flags)).toEqual([['blank'], ['dark'], ['blank']]);
  });

  it('PNG and JPG: a photo with every shade is dark and photo-like; a white picture is blank', async () => {
    const canvas = createCanvas(256, 200);
    const context = canvas.getContext('2d');
    for (let x = 0; x < 256; x += 1) {
      context.fillStyle = `rgb(${String(x)}, ${String(x)}, ${String(x)})`;
      context.fillRect(x, 0, 1, 200);
    }
    for (const [name, bytes] of [['photo.png', await canvas.encode('png')], ['photo.jpg', await canvas.encode('jpeg', 90)]] as const) {
      const result = await preflight.pages(await stage(name, bytes), 1, 16);
      expect(result.pageCount).toBe(1);
      expect(result.pages[0]?.flags).toEqual(['dark', 'photo']);
      expect(result.pages[0]?.width).toBe(1728);
    }
    // A pale picture prints as empty paper, but it is not a blank page: it is flagged faint and a photo, never offered for removal.
    const pale = createCanvas(100, 100);
    pale.getContext('2d').fillStyle = 'rgb(190, 190, 190)';
    pale.getContext('2d').fillRect(0, 0, 100, 100);
    expect((await preflight.pages(await stage('pale.png', await pale.encode('png')), 1, 1)).pages[0]?.flags).toEqual(['faint', 'photo']);
    const white = createCanvas(100, 100);
    white.getContext('2d').fillStyle = '#fff';
    white.getContext('2d').fillRect(0, 0, 100, 100);
    expect((await preflight.pages(await stage('white.png', await white.encode('png')), 1, 1)).pages[0]?.flags).toEqual(['blank']);
  });

  it.runIf(corpusAvailable)('real-world PDFs are measured page by page with their reference page counts', async () => {
    for (const entry of corpus().filter((item) => ['calgray.pdf', 'rotation.pdf', 'ccitt_EndOfBlock_false.pdf', 'image-rotated-black-white-ratio.pdf', 'issue15759.pdf'].includes(item.file))) {
      const id = await stage(entry.file, fs.readFileSync(entry.path));
      const result = await preflight.pages(id, 1, 16);
      expect(result.pageCount, entry.file).toBe(entry.pages);
      expect(result.pages).toHaveLength(Math.min(16, entry.pages ?? 0));
      for (const page of result.pages) expect(page.width * page.height).toBeGreaterThan(0);
    }
  });
});

describe('the page as faxed', () => {
  it('is a black-and-white PNG at 204 × 196 dpi', async () => {
    const id = await stage('page.pdf', await knownPages());
    const image = await preflight.pageImage(id, 3);
    expect([image.width, image.height, image.pageCount]).toEqual([1734, 2156, 5]);
    expect(Buffer.from(image.png).subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('a Word document is converted by the service: pre-flight says so', async () => {
    const id = await stage('letter.docx', makeDocx({ text: 'A short letter.' }));
    await expect(preflight.pages(id, 1, 1)).rejects.toThrow('The Fax Service converts Word documents itself');
  });
});

describe('removing blank pages', () => {
  it('makes a new PDF without them; the staged original is unchanged; pages that are not blank are refused', async () => {
    const original = await knownPages();
    const id = await stage('referral.pdf', original);
    const before = await staging.read(id);
    await expect(preflight.removeBlankPages(id, [3])).rejects.toThrow('Page 3 is not blank: it was kept.');
    const cleaned = await preflight.removeBlankPages(id, [2]);
    expect(cleaned).toMatchObject({ name: 'referral (blank pages removed).pdf', kind: 'pdf', pages: 4, pagesEstimated: false });
    const read = await readBackPdf(new Uint8Array(await staging.read(cleaned.id)));
    expect(read.pages).toBe(4);
    expect((await staging.read(id)).equals(before)).toBe(true);
    expect((await preflight.pages(cleaned.id, 1, 16)).pages.map((page) => page.flags)).toEqual([[], ['dark'], ['photo'], []]);
  });

  it('sparse pages are never blank: only the true blanks are offered, and a sparse page is refused if asked for', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const size: [number, number] = [612, 792];
    pdf.addPage(size).drawText('Please fax the signed form back to us.', { x: 72, y: 700, size: 10, font }); // 1: one line
    pdf.addPage(size); // 2: white
    const sign = pdf.addPage(size); // 3: two lines to sign on, nothing else
    sign.drawLine({ start: { x: 72, y: 160 }, end: { x: 272, y: 160 }, thickness: 0.5 });
    sign.drawLine({ start: { x: 340, y: 160 }, end: { x: 540, y: 160 }, thickness: 0.5 });
    // 4: a scanned blank: specks of noise and the lid's shadow along the edge.
    const scan = createCanvas(1734, 2156);
    const context = scan.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 1734, 2156);
    context.fillStyle = '#000';
    for (let y = 40; y < 2100; y += 41) for (let x = 40 + (y % 13); x < 1690; x += 59) context.fillRect(x, y, 1, 1);
    context.fillStyle = '#333';
    context.fillRect(0, 0, 10, 2156);
    pdf.addPage(size).drawImage(await pdf.embedPng(await scan.encode('png')), { x: 0, y: 0, width: 612, height: 792 });
    pdf.addPage(size).drawText('3', { x: 303, y: 36, size: 10, font }); // 5: the page number only
    pdf.addPage(size).drawText('Results attached, as discussed on the phone.', { x: 72, y: 700, size: 11, font, color: rgb(0.72, 0.72, 0.72) }); // 6: a light scan
    const id = await stage('mixed.pdf', await pdf.save());
    const result = await preflight.pages(id, 1, 16);
    expect(result.pages.map((page) => page.flags)).toEqual([[], ['blank'], [], ['blank'], [], ['faint']]);
    for (const page of [1, 3, 5, 6]) await expect(preflight.removeBlankPages(id, [page])).rejects.toThrow(`Page ${String(page)} is not blank: it was kept.`);
    await expect(preflight.removeBlankPages(id, [2, 3, 4])).rejects.toThrow('Page 3 is not blank: it was kept.');
    const cleaned = await preflight.removeBlankPages(id, [4, 2, 2]);
    expect(cleaned.pages).toBe(4);
    expect((await preflight.pages(cleaned.id, 1, 16)).pages.map((page) => page.flags)).toEqual([[], [], [], ['faint']]);
  });

  it('a file of blank pages only, and files that are not PDFs, are refused with the reason', async () => {
    const blank = await PDFDocument.create();
    blank.addPage();
    blank.addPage();
    await expect(preflight.removeBlankPages(await stage('blank.pdf', await blank.save()), [1, 2])).rejects.toThrow('Every page of this file is blank: remove the file instead.');
    await expect(preflight.removeBlankPages(await stage('scan2.tif', makeTiff(2)), [1])).rejects.toThrow('Blank pages can be removed from PDFs only.');
  });
});
