/**
 * The Windows .ico and macOS .icns containers around PNG images, written and read without any native tool (the
 * icon build and its tests run anywhere Node runs). Both formats accept PNG-compressed entries.
 */

export const linuxSizes = [16, 24, 32, 48, 64, 128, 256, 512] as const;
export const icoSizes = [16, 24, 32, 48, 64, 128, 256] as const;
/** macOS entry types with the pixel size each holds (ic11…ic14 and ic10 are the @2x variants). */
export const icnsEntries = [
  { type: 'icp4', size: 16 },
  { type: 'icp5', size: 32 },
  { type: 'ic11', size: 32 },
  { type: 'icp6', size: 64 },
  { type: 'ic12', size: 64 },
  { type: 'ic07', size: 128 },
  { type: 'ic13', size: 256 },
  { type: 'ic08', size: 256 },
  { type: 'ic14', size: 512 },
  { type: 'ic09', size: 512 },
  { type: 'ic10', size: 1024 },
] as const;

export function writeIco(images: ReadonlyArray<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const directory = Buffer.alloc(16 * images.length);
  let offset = header.length + directory.length;
  images.forEach((image, index) => {
    const at = index * 16;
    directory.writeUInt8(image.size >= 256 ? 0 : image.size, at);
    directory.writeUInt8(image.size >= 256 ? 0 : image.size, at + 1);
    directory.writeUInt8(0, at + 2);
    directory.writeUInt8(0, at + 3);
    directory.writeUInt16LE(1, at + 4);
    directory.writeUInt16LE(32, at + 6);
    directory.writeUInt32LE(image.png.length, at + 8);
    directory.writeUInt32LE(offset, at + 12);
    offset += image.png.length;
  });
  return Buffer.concat([header, directory, ...images.map((image) => image.png)]);
}

export function readIco(file: Buffer): Array<{ size: number; png: Buffer }> {
  if (file.readUInt16LE(0) !== 0 || file.readUInt16LE(2) !== 1) throw new Error('not an .ico file');
  const count = file.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const at = 6 + index * 16;
    const width = file.readUInt8(at);
    const length = file.readUInt32LE(at + 8);
    const offset = file.readUInt32LE(at + 12);
    return { size: width === 0 ? 256 : width, png: file.subarray(offset, offset + length) };
  });
}

export function writeIcns(entries: ReadonlyArray<{ type: string; png: Buffer }>): Buffer {
  const parts = entries.map((entry) => {
    const head = Buffer.alloc(8);
    head.write(entry.type, 0, 4, 'latin1');
    head.writeUInt32BE(entry.png.length + 8, 4);
    return Buffer.concat([head, entry.png]);
  });
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 4, 'latin1');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

export function readIcns(file: Buffer): Array<{ type: string; png: Buffer }> {
  if (file.toString('latin1', 0, 4) !== 'icns' || file.readUInt32BE(4) !== file.length) throw new Error('not an .icns file');
  const entries: Array<{ type: string; png: Buffer }> = [];
  for (let at = 8; at < file.length; ) {
    const length = file.readUInt32BE(at + 4);
    if (length < 8 || at + length > file.length) throw new Error('a damaged .icns entry');
    entries.push({ type: file.toString('latin1', at, at + 4), png: file.subarray(at + 8, at + length) });
    at += length;
  }
  return entries;
}

/** Width and height from a PNG's IHDR chunk (null when the bytes are not a PNG). */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (png.length < 24 || !png.subarray(0, 8).equals(signature) || png.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
