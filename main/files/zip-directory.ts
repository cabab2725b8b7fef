/** Reads a ZIP archive's central directory (entry names and where each entry lives) without unpacking it. */
import type { FileHandle } from 'node:fs/promises';
import zlib from 'node:zlib';

export interface ZipEntry {
  localOffset: number;
  method: number;
  compressedSize: number;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

export async function zipEntries(handle: FileHandle): Promise<Map<string, ZipEntry>> {
  const entries = new Map<string, ZipEntry>();
  const { size } = await handle.stat();
  const tailLength = Math.min(size, 65_557);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let end = -1;
  for (let index = tail.length - 22; index >= 0; index -= 1) {
    if (tail.readUInt32LE(index) === 0x06054b50) {
      end = index;
      break;
    }
  }
  if (end < 0) return entries;
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directorySize > 16 * 1024 * 1024 || directoryOffset + directorySize > size) return entries;
  const directory = await readAt(handle, directoryOffset, directorySize);
  let cursor = 0;
  for (let entry = 0; entry < count && cursor + 46 <= directory.length; entry += 1) {
    if (directory.readUInt32LE(cursor) !== 0x02014b50) break;
    const nameLength = directory.readUInt16LE(cursor + 28);
    const extraLength = directory.readUInt16LE(cursor + 30);
    const commentLength = directory.readUInt16LE(cursor + 32);
    entries.set(directory.subarray(cursor + 46, cursor + 46 + nameLength).toString('utf8'), {
      method: directory.readUInt16LE(cursor + 10),
      compressedSize: directory.readUInt32LE(cursor + 20),
      localOffset: directory.readUInt32LE(cursor + 42),
    });
    cursor += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export async function zipEntryNames(handle: FileHandle): Promise<Set<string>> {
  return new Set((await zipEntries(handle)).keys());
}

/** The text of one small entry (at most 1 MB unpacked), or null. */
export async function zipEntryText(handle: FileHandle, entry: ZipEntry): Promise<string | null> {
  const header = await readAt(handle, entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50 || entry.compressedSize > 8 * 1024 * 1024) return null;
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const data = await readAt(handle, start, entry.compressedSize);
  try {
    if (entry.method === 0) return data.toString('utf8');
    if (entry.method === 8) return zlib.inflateRawSync(data, { maxOutputLength: 1024 * 1024 }).toString('utf8');
  } catch {
    return null;
  }
  return null;
}
