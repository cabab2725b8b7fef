// Pages drawn as the recipient's machine prints them (204 × 196 dpi, black and white), in a worker thread; and
// the PNG the transmission report embeds.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import { flagsOf, measure, reduceBilevel, threshold, type GrayImage } from '../../../main/pages/fax-raster';
import { createPageRenderer } from '../../../main/pages/page-renderer';
import { encodeBilevelPng, encodeGrayPng } from '../../../main/pages/png';
import { corpusAvailable, corpusDir } from '../../helpers/corpus';
import { testPageRendererLocation } from '../../helpers/test-page-renderer';

const renderer = createPageRenderer(testPageRendererLocation(), createLogger({ sinks: [] }));
afterAll(() => renderer.close());

function blackShare(image: GrayImage): number {
  return image.pixels.filter((pixel) => pixel === 0).length / image.pixels.length;
}

/** A US Letter page with its top half painted grey `shade` (0 black … 1 white). */
async function halfPainted(shade: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  page.drawRectangle({ x: 0, y: 396, width: 612, height: 396, color: rgb(shade, shade, shade) });
  pdf.addPage([792, 612]);
  return pdf.save();
}

describe('pages at fax resolution', () => {
  it('a Letter page is 1734 × 2156 dots (8.5 in at 204 dpi across, 11 in at 196 dpi down), thresholded: dark grey prints black, light grey white', async () => {
    const dark = await renderer.renderPdfPage(await halfPainted(0.3), 1);
    expect(dark.pageCount).toBe(2);
    expect([dark.image.width, dark.image.height]).toEqual([1734, 2156]);
    expect(new Set(dark.image.pixels)).toEqual(new Set([0, 255]));
    expect(blackShare(dark.image)).toBeCloseTo(0.5, 2);
    const light = await renderer.renderPdfPage(await halfPainted(0.7), 1);
    expect(blackShare(light.image)).toBe(0);
  });

  it('the second page of the same document is drawn in its own orientation', async () => {
    const landscape = await renderer.renderPdfPage(await halfPainted(0.3), 2);
    expect([landscape.image.width, landscape.image.height]).toEqual([2244, 1666]);
  });

  it('reduced for a report, black stays black', async () => {
    const reduced = await renderer.renderPdfPage(await halfPainted(0.1), 1, { maxWidth: 400 });
    expect(reduced.image.width).toBeLessThanOrEqual(400);
    expect(blackShare(reduced.image)).toBeCloseTo(0.5, 1);
  });

  it.runIf(corpusAvailable)('draws real-world PDFs; what is not a PDF fails with a clear error, not a crash', async () => {
    const page = await renderer.renderPdfPage(new Uint8Array(fs.readFileSync(path.join(corpusDir, 'calgray.pdf'))), 1);
    expect(page.pageCount).toBe(3);
    expect(blackShare(page.image)).toBeGreaterThan(0.01);
    await expect(renderer.renderPdfPage(new Uint8Array(Buffer.from('this is not a PDF at all, only text')), 1)).rejects.toThrow(/cannot be read/);
    // Encrypted with an empty user password: it opens like any viewer opens it.
    await expect(renderer.renderPdfPage(new Uint8Array(fs.readFileSync(path.join(corpusDir, 'empty_protected.pdf'))), 1)).resolves.toMatchObject({ pageCount: 1 });
  });
});

describe('damaged images', () => {
  /** A PNG's chunk with its length and (unless `wrongCrc`) its checksum. */
  const chunk = (type: string, data: Buffer, wrongCrc = false): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(wrongCrc ? 1 : zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const signature = Buffer.from('89504e470d0a1a0a', 'hex');
  const header = Buffer.from('00000001000000010800000000', 'hex');
  const damaged: Array<[string, 'png' | 'jpg', Buffer]> = [
    ['a PNG with a wrong header checksum', 'png', Buffer.concat([signature, chunk('IHDR', header, true), chunk('IDAT', zlib.deflateSync(Buffer.from([0, 0]))), chunk('IEND', Buffer.alloc(0))])],
    ['a PNG cut off after its header', 'png', Buffer.concat([signature, chunk('IHDR', header)])],
    ['a PNG signature followed by text', 'png', Buffer.concat([signature, Buffer.from('not an image at all')])],
    ['a JPEG start followed by text', 'jpg', Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from('not an image at all')])],
    ['no bytes at all', 'png', Buffer.alloc(0)],
  ];

  // An image the decoder cannot read once crashed the whole process (a segfault in the canvas library).
  it.each(damaged)('%s is refused, and the next page is drawn as before', async (_name, kind, bytes) => {
    await expect(renderer.renderPage(kind, { bytes: new Uint8Array(bytes) }, 1)).rejects.toThrow();
    const next = await renderer.renderPdfPage(await halfPainted(0.3), 1);
    expect(next.pageCount).toBe(2);
  });
});

describe('raster helpers', () => {
  it('reduces by blocks: a quarter black in a block prints black', () => {
    const image = threshold({ width: 4, height: 2, pixels: Uint8Array.from([0, 255, 255, 255, 255, 255, 255, 255]) });
    expect(Array.from(reduceBilevel(image, 2).pixels)).toEqual([0, 255]);
  });

  it('encodes a greyscale PNG that decodes back to the same pixels', () => {
    const image: GrayImage = { width: 3, height: 2, pixels: Uint8Array.from([0, 128, 255, 255, 0, 7]) };
    const png = encodeGrayPng(image);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([3, 2]);
    const idatLength = png.readUInt32BE(33);
    const rows = zlib.inflateSync(png.subarray(41, 41 + idatLength));
    expect(Array.from(rows)).toEqual([0, 0, 128, 255, 0, 255, 0, 7]);
  });

  it('flags a page blank when it has no mark at all, faint when none prints black, dark from 35 % black, photo-like from 20 % mid-tones', () => {
    const page = (black: number, midtone: number, inkMarks: number, visibleMarks: number) => ({ width: 10, height: 10, blackShare: black, midtoneShare: midtone, hasInk: inkMarks > 0, hasMark: visibleMarks > 0 });
    expect(flagsOf(page(0, 0, 0, 0))).toEqual(['blank']);
    // One mark is enough: however white the rest of the page is, it is not blank.
    expect(flagsOf(page(0.0001, 0, 1, 1))).toEqual([]);
    expect(flagsOf(page(0, 0.001, 0, 3))).toEqual(['faint']);
    expect(flagsOf(page(0, 0.5, 4, 4))).toEqual(['photo']);
    expect(flagsOf(page(0.35, 0, 2, 2))).toEqual(['dark']);
    expect(flagsOf(page(0.349, 0.199, 9, 9))).toEqual([]);
    expect(flagsOf(page(0.5, 0.2, 1, 1))).toEqual(['dark', 'photo']);
    const image: GrayImage = { width: 4, height: 1, pixels: Uint8Array.from([0, 100, 200, 255]) };
    expect(measure(image)).toEqual({ width: 4, height: 1, blackShare: 0.5, midtoneShare: 0.5, hasInk: false, hasMark: false });
  });

  it('encodes a black-and-white image as a 1-bit PNG (a set bit is white)', () => {
    const image: GrayImage = { width: 10, height: 1, pixels: Uint8Array.from([0, 255, 255, 0, 0, 0, 0, 0, 255, 0]) };
    const png = encodeBilevelPng(image);
    expect(png[24]).toBe(1);
    const rows = zlib.inflateSync(png.subarray(41, 41 + png.readUInt32BE(33)));
    expect(Array.from(rows)).toEqual([0, 0b01100000, 0b10000000]);
  });
});
