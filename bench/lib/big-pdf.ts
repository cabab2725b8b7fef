/**
 * A fax-like PDF of `pages` pages, each a scanned-looking grayscale image (noise compresses badly, like a real
 * scan), about `pages` × 100 KB in all.
 */
import crypto from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { encodeGrayPng } from '../../main/pages/png';

/** A grayscale PNG of random pixels. */
export function noisePng(width: number, height: number): Buffer {
  return encodeGrayPng({ width, height, pixels: crypto.randomBytes(width * height) });
}

export async function bigFaxPdf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const page = document.addPage([612, 792]);
    const image = await document.embedPng(noisePng(250, 270));
    page.drawText(`Page ${String(index + 1)} of ${String(pages)}`, { x: 72, y: 740, size: 14, font });
    page.drawImage(image, { x: 72, y: 100, width: 468, height: 600 });
  }
  return Buffer.from(await document.save());
}
