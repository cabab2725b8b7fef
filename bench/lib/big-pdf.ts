/**
 * A fax-like PDF of `pages` pages, each a scanned-looking grayscale image (noise compresses badly, like a real
 * scan), about `pages` × 100 KB in all.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A grayscale PNG of random pixels. */
export function noisePng(width: number, height: number): Buffer {
  const rows = Buffer.alloc((width + 1) * height);
  const noise = crypto.randomBytes(width * height);
  for (let y = 0; y < height; y += 1) noise.copy(rows, y * (width + 1) + 1, y * width, (y + 1) * width);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // grayscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
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
