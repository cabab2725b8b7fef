/** A minimal PNG encoder: 8-bit greyscale, and 1-bit black and white for pages at fax resolution (8× less to compress). */
import zlib from 'node:zlib';
import type { GrayImage } from './fax-raster';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const body = Buffer.concat([head.subarray(4), data]);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([head.subarray(0, 4), body, tail]);
}

function png(width: number, height: number, bitDepth: 1 | 8, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

export function encodeGrayPng(image: GrayImage): Buffer {
  const rows = Buffer.alloc((image.width + 1) * image.height);
  for (let y = 0; y < image.height; y += 1) {
    // Filter type 0 (none) before each row.
    rows.set(image.pixels.subarray(y * image.width, (y + 1) * image.width), y * (image.width + 1) + 1);
  }
  return png(image.width, image.height, 8, rows);
}

/** A black-and-white image (pixels 0 or 255) as a 1-bit PNG: a page at fax resolution in tens of kilobytes. */
export function encodeBilevelPng(image: GrayImage): Buffer {
  const rowBytes = Math.ceil(image.width / 8);
  const rows = Buffer.alloc((rowBytes + 1) * image.height);
  for (let y = 0; y < image.height; y += 1) {
    const rowStart = y * (rowBytes + 1) + 1;
    for (let x = 0; x < image.width; x += 1) {
      // In 1-bit greyscale a set bit is white.
      if ((image.pixels[y * image.width + x] ?? 255) > 127) rows[rowStart + (x >> 3)] = (rows[rowStart + (x >> 3)] ?? 0) | (0x80 >> (x & 7));
    }
  }
  return png(image.width, image.height, 1, rows);
}
