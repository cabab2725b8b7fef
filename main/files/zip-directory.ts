/** Reads a ZIP archive's central directory (entry names, where each entry lives) from its bytes, without unpacking it. */
import zlib from 'node:zlib';

export interface ZipEntry {
  localOffset: number;
  method: number;
  compressedSize: number;
}

export function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  const searchFrom = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let index = bytes.length - 22; index >= searchFrom; index -= 1) {
    if (bytes.readUInt32LE(index) === 0x06054b50) {
      end = index;
      break;
    }
  }
  if (end < 0) return entries;
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (directoryOffset + directorySize > bytes.length) return entries;
  let cursor = directoryOffset;
  for (let entry = 0; entry < count && cursor + 46 <= directoryOffset + directorySize; entry += 1) {
    if (bytes.readUInt32LE(cursor) !== 0x02014b50) break;
    const nameLength = bytes.readUInt16LE(cursor + 28);
    const extraLength = bytes.readUInt16LE(cursor + 30);
    const commentLength = bytes.readUInt16LE(cursor + 32);
    entries.set(bytes.subarray(cursor + 46, cursor + 46 + nameLength).toString('utf8'), {
      method: bytes.readUInt16LE(cursor + 10),
      compressedSize: bytes.readUInt32LE(cursor + 20),
      localOffset: bytes.readUInt32LE(cursor + 42),
    });
    cursor += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The text of one small entry (at most 1 MB unpacked), or null. */
export function zipEntryText(bytes: Buffer, entry: ZipEntry): string | null {
  const local = entry.localOffset;
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return null;
  const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  try {
    if (entry.method === 0) return data.toString('utf8');
    if (entry.method === 8) return zlib.inflateRawSync(data, { maxOutputLength: 1024 * 1024 }).toString('utf8');
  } catch {
    return null;
  }
  return null;
}
