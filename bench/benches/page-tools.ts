/**
 * Page tools (issue 27's engine): a 100-page fax — each page a full-page scanned image at fax fine resolution, as a
 * received fax is — split into 10 parts of 10 pages, and merged back from the parts. Timed in main, the bytes in
 * memory (reading and writing files is the caller's and not included).
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { mergePdfs, splitPdf } from '../../main/pages/page-tools';
import { encodeBilevelPng } from '../../main/pages/png';
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
    const parts = Array.from({ length: 10 }, (_, part) => Array.from({ length: 10 }, (_, page) => part * 10 + page));
    const splits: number[] = [];
    const merges: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const split = await splitPdf(fax, parts);
      splits.push(performance.now() - started);
      const merging = performance.now();
      await mergePdfs(split);
      merges.push(performance.now() - merging);
    }
    return [
      timing('page tools: split a 100-page fax into 10 parts', splits, 'ms', { atMost: 1000 }),
      timing('page tools: merge 10 parts (100 pages) into one', merges, 'ms', { atMost: 1000 }),
    ];
  },
};
