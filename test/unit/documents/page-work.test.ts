/**
 * Page tools on compose files: a TIFF is made a PDF once for drawing and cutting (the dialog asks for both), a
 * file taken out of compose is refused even though its PDF was kept, and a TIFF that failed is tried afresh.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { createPageWork, keepTiffPdfMs } from '../../../main/documents/page-work';
import { virtualTime } from '../../helpers/virtual-time';
import type { Timers } from '../../../main/runtime/timers';
import { AppError } from '../../../main/errors';
import { msg } from '../../../preload/i18n/translator';
import type { Staging } from '../../../main/compose/staging';
import type { PdfStore } from '../../../main/pdf/pdf-store';
import type { Cache } from '../../../main/store/cache/cache';
import type { Desktop } from '../../../main/desktop';
import type { StagedFile } from '../../../preload/models';
import { makeTiff } from '../../fax-service/testkit';

function fakeStaging(files: Map<string, { meta: StagedFile; bytes: Buffer }>) {
  const reads: string[] = [];
  const staged: Array<{ bytes: Uint8Array; meta: Omit<StagedFile, 'id' | 'size'> }> = [];
  const gone = () => new AppError('file', msg('staging.aFileOfThis'));
  const staging: Partial<Staging> = {
    get: (id) => {
      const file = files.get(id);
      return file ? Promise.resolve(file.meta) : Promise.reject(gone());
    },
    read: (id) => {
      reads.push(id);
      const file = files.get(id);
      return file ? Promise.resolve(file.bytes) : Promise.reject(gone());
    },
    stageBytes: (bytes, meta) => {
      staged.push({ bytes, meta });
      return Promise.resolve({ ...meta, id: `made${String(staged.length)}`, size: bytes.length });
    },
  };
  return { staging: staging as Staging, reads, staged };
}

function tiffFile(id: string, bytes: Buffer): [string, { meta: StagedFile; bytes: Buffer }] {
  return [id, { meta: { id, name: `${id}.tif`, kind: 'tiff', size: bytes.length, pages: 3, pagesEstimated: false }, bytes }];
}

const pageWorkFor = (staging: Staging, timers?: Timers) => createPageWork({ staging, pdfs: {} as PdfStore, cache: {} as Cache, desktop: {} as Desktop, ...(timers ? { timers } : {}) });
const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();

describe('page tools on a TIFF in compose', () => {
  it('draws and cuts from one conversion: the TIFF is read once', async () => {
    const files = new Map([tiffFile('a', makeTiff(3, { heights: [16, 24, 32] }))]);
    const { staging, reads, staged } = fakeStaging(files);
    const work = pageWorkFor(staging);
    expect(await pageCount(await work.filePdf('a'))).toBe(3);
    await work.make([{ pages: [{ fileId: 'a', page: 3, turn: 0 }, { fileId: 'a', page: 1, turn: 0 }] }]);
    expect(reads).toEqual(['a']);
    expect(staged).toHaveLength(1);
    expect(await pageCount(staged[0]?.bytes ?? new Uint8Array())).toBe(2);
  });

  it('a second TIFF is converted for itself, and switching back converts the first again (one is kept)', async () => {
    const files = new Map([tiffFile('a', makeTiff(3)), tiffFile('b', makeTiff(2))]);
    const { staging, reads } = fakeStaging(files);
    const work = pageWorkFor(staging);
    expect(await pageCount(await work.filePdf('a'))).toBe(3);
    expect(await pageCount(await work.filePdf('b'))).toBe(2);
    expect(await pageCount(await work.filePdf('a'))).toBe(3);
    expect(reads).toEqual(['a', 'b', 'a']);
  });

  it('the PDF is let go a while after its last use, not kept for the rest of the session', async () => {
    const files = new Map([tiffFile('a', makeTiff(2))]);
    const { staging, reads } = fakeStaging(files);
    const time = virtualTime();
    const work = pageWorkFor(staging, time.timers);
    await work.filePdf('a');
    await time.advance(keepTiffPdfMs - 1000);
    await work.filePdf('a');
    await time.advance(keepTiffPdfMs - 1000);
    await work.filePdf('a');
    expect(reads).toEqual(['a']);
    await time.advance(keepTiffPdfMs + 1000);
    await work.filePdf('a');
    expect(reads).toEqual(['a', 'a']);
  });

  it('a file taken out of compose is refused, though its PDF was made', async () => {
    const files = new Map([tiffFile('a', makeTiff(3))]);
    const { staging } = fakeStaging(files);
    const work = pageWorkFor(staging);
    await work.filePdf('a');
    files.delete('a');
    await expect(work.filePdf('a')).rejects.toThrow(/no longer available/);
    await expect(work.make([{ pages: [{ fileId: 'a', page: 1, turn: 0 }] }])).rejects.toThrow(/no longer available/);
  });

  it('a TIFF that could not be read is tried again, not answered from a kept failure', async () => {
    const files = new Map([tiffFile('a', Buffer.from('II*\0 not a tiff at all'))]);
    const { staging, reads } = fakeStaging(files);
    const work = pageWorkFor(staging);
    await expect(work.filePdf('a')).rejects.toThrow();
    files.set(...tiffFile('a', makeTiff(2)));
    expect(await pageCount(await work.filePdf('a'))).toBe(2);
    expect(reads).toEqual(['a', 'a']);
  });
});
