/**
 * Page tools (issue 27's engine): a 100-page fax — each page a full-page scanned image at fax fine resolution, as a
 * received fax is — split into 10 parts of 10 pages, and merged back from the parts. Timed in main, the bytes in
 * memory (reading and writing files is the caller's and not included).
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { assembleDocuments, type PickedPage } from '../../main/pages/page-tools';
import { fillPdf } from '../../main/pages/fill-form';
import type { FillItem, SignatureInk } from '../../preload/models';
import { encodeBilevelPng, encodeGrayPng } from '../../main/pages/png';
import { timing, type Benchmark } from '../lib/metric';

/** A 100-page fax: each page one 1728 × 2200 black-and-white image with noise, like a scan. */
async function hundredPageFax(): Promise<Uint8Array> {
  const width = 1728;
  const height = 2200;
  const document = await PDFDocument.create();
  for (let page = 0; page < 100; page += 1) {
    const pixels = new Uint8Array(width * height);
    for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 2654435761 + page * 97) % 23 === 0 ? 0 : 255;
    const image = await document.embedPng(encodeBilevelPng({ width, height, pixels }));
    document.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  return document.save();
}

export const pageTools: Benchmark = {
  name: 'page tools',
  async run({ runs, log }) {
    const fax = await hundredPageFax();
    log(`  a 100-page fax of ${(fax.length / 2 ** 20).toFixed(1)} MB`);
    // As the window asks main: each part a list of picked pages (a split of one fax; a merge of ten documents).
    const parts = Array.from({ length: 10 }, (_, part) => Array.from({ length: 10 }, (_, page): PickedPage => ({ source: 0, index: part * 10 + page, turn: 0 })));
    const splits: number[] = [];
    const merges: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const split = await assembleDocuments([fax], parts);
      splits.push(performance.now() - started);
      const merging = performance.now();
      await assembleDocuments(split, [split.flatMap((_, source) => Array.from({ length: 10 }, (__, index): PickedPage => ({ source, index, turn: 0 })))]);
      merges.push(performance.now() - merging);
    }
    // A received 3-page form (scanned pages) filled in: 12 texts, 6 check marks and a signature of 40 strokes.
    const form = await PDFDocument.load((await assembleDocuments([fax], [parts[0]?.slice(0, 3) ?? []]))[0] ?? new Uint8Array());
    const formBytes = await form.save();
    const signature: SignatureInk = { aspect: 3, strokes: Array.from({ length: 40 }, (_, stroke) => Array.from({ length: 60 }, (_, point): [number, number] => [(stroke * 60 + point) / 2400, 0.5 + 0.4 * Math.sin(point / 5)])) };
    const items: FillItem[] = [
      ...Array.from({ length: 12 }, (_, index): FillItem => ({ kind: 'text', page: 1 + (index % 3), box: [0.2, 0.1 + index * 0.05, 0.6, 0.12 + index * 0.05], text: `Field ${String(index)} Jane Doe 03/14/1961` })),
      ...Array.from({ length: 6 }, (_, index): FillItem => ({ kind: 'check', page: 1 + (index % 3), box: [0.1, 0.2 + index * 0.1, 0.12, 0.22 + index * 0.1] })),
      { kind: 'signature', page: 3, box: [0.5, 0.85, 0.9, 0.95] },
      { kind: 'stamp', page: 3, box: [0.1, 0.82, 0.4, 0.95] },
      { kind: 'highlight', page: 1, box: [0.2, 0.1, 0.6, 0.12] },
      { kind: 'highlight', page: 2, box: [0.2, 0.15, 0.6, 0.17] },
      { kind: 'ink', page: 2, box: [0.6, 0.6, 0.9, 0.7], strokes: [Array.from({ length: 200 }, (_, point): [number, number] => [point / 199, 0.5 + 0.5 * Math.sin(point / 9)])] },
    ];
    // A 600 × 300 grey stamp image (a scanned office stamp).
    const stamp = new Uint8Array(encodeGrayPng({ width: 600, height: 300, pixels: Uint8Array.from({ length: 600 * 300 }, (_, index) => ((index % 600) + Math.floor(index / 600)) % 7 === 0 ? 0 : 235) }));
    const fills: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await fillPdf(formBytes, items, { signature, stamp });
      fills.push(performance.now() - started);
    }
    return [
      timing('page tools: save a filled and signed 3-page form (23 items: a 2,400-point signature, a 600 × 300 stamp, highlights, a drawn stroke)', fills, 'ms', { atMost: 1000 }),
      timing('page tools: split a 100-page fax into 10 parts', splits, 'ms', { atMost: 1000 }),
      timing('page tools: merge 10 parts (100 pages) into one', merges, 'ms', { atMost: 1000 }),
    ];
  },
};
