/**
 * A TIFF made a PDF for page tools: one page per TIFF page in order, each at its size on paper — from its
 * resolution in inches or centimetres, fitted to the printable width when it has none, has only a ratio, or claims a
 * size no paper has — and a damaged or oversized TIFF refused with page tools' message, never a crash.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import fc from 'fast-check';
import { tiffAsPdf } from '../../../main/pages/tiff-pdf';
import { printableWidthInches } from '../../../main/pages/tiff-images';
import { makeTiff } from '../../fax-service/testkit';

async function pageSizes(bytes: Uint8Array): Promise<Array<[number, number]>> {
  const document = await PDFDocument.load(bytes);
  return document.getPages().map((page) => [Math.round(page.getWidth() * 10) / 10, Math.round(page.getHeight() * 10) / 10]);
}

const points = (inches: number) => Math.round(inches * 72 * 10) / 10;
const printable = points(printableWidthInches);

describe('a TIFF as a PDF', () => {
  it('a standard-resolution fax (204 × 98 dpi): every page, in order, at its size on paper', async () => {
    const tiff = makeTiff(3, { width: 1728, heights: [1100, 1078, 550], resolution: { x: 204, y: 98, unit: 2 } });
    expect(await pageSizes(await tiffAsPdf(tiff))).toEqual([
      [points(1728 / 204), points(1100 / 98)],
      [points(1728 / 204), points(1078 / 98)],
      [points(1728 / 204), points(550 / 98)],
    ]);
  });

  it('a resolution in centimetres', async () => {
    const tiff = makeTiff(1, { width: 1600, heights: [2000], resolution: { x: 80, y: 80, unit: 3 } });
    expect(await pageSizes(await tiffAsPdf(tiff))).toEqual([[points(20 / 2.54), points(25 / 2.54)]]);
  });

  it('no resolution: fitted to the printable width, pixels square', async () => {
    expect(await pageSizes(await tiffAsPdf(makeTiff(2, { heights: [16, 32] })))).toEqual([
      [printable, printable],
      [printable, points(printableWidthInches * 2)],
    ]);
  });

  it('a ratio only (unit 1, 2 : 1): fitted to the width, the pixels twice as tall as wide', async () => {
    const tiff = makeTiff(1, { width: 100, heights: [50], resolution: { x: 2, y: 1, unit: 1 } });
    expect(await pageSizes(await tiffAsPdf(tiff))).toEqual([[printable, printable]]);
  });

  it('a resolution that would make a page of 1728 inches is not believed', async () => {
    const tiff = makeTiff(1, { width: 1728, heights: [1728], resolution: { x: 1, y: 1, unit: 2 } });
    expect(await pageSizes(await tiffAsPdf(tiff))).toEqual([[printable, printable]]);
  });

  it('black stays black: the page image is the TIFF’s pixels', async () => {
    const document = await PDFDocument.load(await tiffAsPdf(makeTiff(2, { black: [2] })));
    expect(document.getPageCount()).toBe(2);
  });

  it('a page claiming 60000 × 60000 pixels is refused, not decoded', async () => {
    await expect(tiffAsPdf(makeTiff(1, { width: 60_000, heights: [60_000] }).subarray(0, 400))).rejects.toMatchObject({ details: { code: 'pages_unreadable' }, message: expect.stringContaining('This TIFF cannot be read') as unknown as string });
  });

  it('damaged TIFFs (random bytes after a TIFF header, or a real one cut or overwritten) are refused with page tools’ message', async () => {
    const real = makeTiff(3, { width: 64, heights: [40, 50, 60], resolution: { x: 204, y: 196, unit: 2 } });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ minLength: 0, maxLength: 600 }).map((tail) => Buffer.concat([Buffer.from('II*\0'), tail])),
          fc.integer({ min: 0, max: real.length - 1 }).map((cut) => real.subarray(0, cut)),
          fc.tuple(fc.integer({ min: 8, max: real.length - 4 }), fc.uint8Array({ minLength: 1, maxLength: 4 })).map(([at, junk]) => {
            const copy = Buffer.from(real);
            copy.set(junk, at);
            return copy;
          }),
        ),
        async (bytes) => {
          const outcome = await tiffAsPdf(bytes).then(
            async (pdf) => ({ pages: (await PDFDocument.load(pdf)).getPageCount() }),
            (error: unknown) => ({ code: (error as { details?: { code?: string } }).details?.code, message: (error as Error).message }),
          );
          if ('pages' in outcome) expect(outcome.pages).toBeGreaterThan(0);
          else {
            expect(outcome.code).toBe('pages_unreadable');
            expect(outcome.message).toContain('This TIFF cannot be read');
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
