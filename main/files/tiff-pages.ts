/**
 * TIFF pages: one per image directory (IFD). A directory that does not describe an image (no width or height, no
 * strips or tiles) makes the file damaged: the recipient's machine would get a blank or nothing for that page. So
 * does an entry whose values would run past the end of the file — no real TIFF has one, and a decoder that believes
 * its count (up to four billion) spends seconds reading it. A page of more than `maxImagePagePixels` is refused as too
 * large (to draw, and for any fax machine).
 */
import { maxImagePagePixels } from '../../preload/fax-limits';

export type TiffPages = { ok: true; pages: number } | { ok: false; page: number | null; tooLarge?: true };

const tags = { width: 256, height: 257, stripOffsets: 273, tileOffsets: 324 } as const;
/** Bytes per value of each TIFF field type (1 BYTE … 12 DOUBLE, 16–18 BigTIFF's 8-byte ones); unknown types count 1. */
const typeBytes: Readonly<Record<number, number>> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4, 16: 8, 17: 8, 18: 8 };
const maxPages = 10_000;

export function tiffPages(bytes: Buffer): TiffPages {
  if (bytes.length < 8) return { ok: false, page: null };
  const little = bytes[0] === 0x49;
  const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  let offset = u32(4);
  const visited = new Set<number>();
  let pages = 0;
  while (offset > 0 && !visited.has(offset) && pages < maxPages) {
    visited.add(offset);
    const page = pages + 1;
    if (offset + 2 > bytes.length) return { ok: false, page };
    const count = u16(offset);
    const end = offset + 2 + count * 12;
    if (count === 0 || end + 4 > bytes.length) return { ok: false, page };
    const values = new Map<number, number>();
    for (let entry = offset + 2; entry < end; entry += 12) {
      const tag = u16(entry);
      const type = u16(entry + 2);
      const size = u32(entry + 4) * (typeBytes[type] ?? 1);
      // Values of more than four bytes sit elsewhere in the file, at the offset the entry gives.
      if (size > 4 && u32(entry + 8) + size > bytes.length) return { ok: false, page };
      // SHORT values sit in the first two bytes of the value field; LONG ones fill it.
      values.set(tag, type === 3 ? u16(entry + 8) : u32(entry + 8));
    }
    const hasSize = (values.get(tags.width) ?? 0) > 0 && (values.get(tags.height) ?? 0) > 0;
    const hasData = values.has(tags.stripOffsets) || values.has(tags.tileOffsets);
    if (!hasSize || !hasData) return { ok: false, page };
    if ((values.get(tags.width) ?? 0) * (values.get(tags.height) ?? 0) > maxImagePagePixels) return { ok: false, page, tooLarge: true };
    pages = page;
    offset = u32(end);
  }
  return pages > 0 ? { ok: true, pages } : { ok: false, page: null };
}
