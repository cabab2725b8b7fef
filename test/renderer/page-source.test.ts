// A TIFF page that claims more pixels than any scan has is refused before it is decoded: drawing its thumbnail
// would take gigabytes and end the window.
import { describe, expect, it } from 'vitest';
import { openPageSource } from '../../renderer/src/compose/page-source';

/** A one-page little-endian TIFF's header and directory only (no image data): a page of `width` × `height`. */
function tiffDirectory(width: number, height: number): Uint8Array {
  const entries: Array<[number, number, number]> = [[256, 4, width], [257, 4, height], [258, 3, 1], [259, 3, 1], [262, 3, 0], [273, 4, 200], [278, 4, height], [279, 4, Math.ceil(width / 8) * height]];
  const bytes = new Uint8Array(400);
  const view = new DataView(bytes.buffer);
  bytes.set([0x49, 0x49, 0x2a, 0x00]);
  view.setUint32(4, 8, true);
  view.setUint16(8, entries.length, true);
  entries.forEach(([tag, type, value], index) => {
    const at = 10 + index * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, 1, true);
    if (type === 3) view.setUint16(at + 8, value, true);
    else view.setUint32(at + 8, value, true);
  });
  return bytes;
}

describe('a TIFF file’s pages in compose', () => {
  it('a page of 10000 × 6000 pixels is refused unread', async () => {
    const source = await openPageSource('tiff', tiffDirectory(10_000, 6000));
    expect(source.pageCount).toBe(1);
    await expect(source.draw(1, document.createElement('canvas'), { width: 100, height: 100 })).rejects.toThrow('page too large');
  });
});
