/**
 * The pages of a file about to be faxed, drawn small: PDFs with pdf.js, TIFF pages decoded one at a time
 * (UTIF.js), a JPEG or PNG as its one page. Used by the file's thumbnail (page 1) and its page strip (every page).
 */
import UTIF from 'utif';
import type { ComposeFile } from '../data/compose';
import { maxImagePagePixels } from '../../../preload/fax-limits';
import { openPdf, renderPage } from '../pdf/pdf-engine';

export interface PageSource {
  readonly pageCount: number;
  /** Draws page `page` (1-based) into the canvas, fitted into `box` CSS pixels. */
  draw(page: number, canvas: HTMLCanvasElement, box: { width: number; height: number }): Promise<void>;
  close(): Promise<void>;
}

export type DrawableKind = Exclude<ComposeFile['kind'], 'docx'>;

function fit(width: number, height: number, box: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function drawScaled(image: CanvasImageSource, width: number, height: number, canvas: HTMLCanvasElement, box: { width: number; height: number }): void {
  const size = fit(width, height, box);
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image, 0, 0, size.width, size.height);
}

async function pdfSource(bytes: Uint8Array): Promise<PageSource> {
  const pdf = await openPdf(bytes);
  return {
    pageCount: pdf.numPages,
    async draw(page, canvas, box) {
      const proxy = await pdf.getPage(page);
      const base = proxy.getViewport({ scale: 1 });
      const size = fit(base.width, base.height, box);
      await renderPage(proxy, canvas, size.width / base.width, 0).done;
    },
    close: () => pdf.destroy(),
  };
}

function tiffSource(bytes: Uint8Array): PageSource {
  const pages = UTIF.decode(bytes);
  // Page 1 is drawn twice (thumbnail and strip): each page is decoded once.
  const decoded = new WeakSet<object>();
  return {
    pageCount: pages.length,
    draw(page, canvas, box) {
      const ifd = pages[page - 1];
      if (!ifd) return Promise.reject(new Error('no such page'));
      const width = Number((ifd.t256 as unknown[] | undefined)?.[0] ?? 0);
      const height = Number((ifd.t257 as unknown[] | undefined)?.[0] ?? 0);
      if (width * height > maxImagePagePixels) return Promise.reject(new Error('page too large'));
      if (!decoded.has(ifd)) {
        UTIF.decodeImage(bytes, ifd);
        decoded.add(ifd);
      }
      const source = document.createElement('canvas');
      source.width = ifd.width;
      source.height = ifd.height;
      source.getContext('2d')?.putImageData(new ImageData(new Uint8ClampedArray(UTIF.toRGBA8(ifd)), ifd.width, ifd.height), 0, 0);
      drawScaled(source, ifd.width, ifd.height, canvas, box);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

async function imageSource(bytes: Uint8Array, type: string): Promise<PageSource> {
  const bitmap = await createImageBitmap(new Blob([bytes.slice()], { type }));
  return {
    pageCount: 1,
    draw(page, canvas, box) {
      if (page !== 1) return Promise.reject(new Error('no such page'));
      drawScaled(bitmap, bitmap.width, bitmap.height, canvas, box);
      return Promise.resolve();
    },
    close: () => {
      bitmap.close();
      return Promise.resolve();
    },
  };
}

/** Opens the file's pages for drawing; throws when the file cannot be read as its kind. */
export function openPageSource(kind: DrawableKind, bytes: Uint8Array): Promise<PageSource> {
  if (kind === 'pdf') return pdfSource(bytes);
  if (kind === 'tiff') return Promise.resolve(tiffSource(bytes));
  return imageSource(bytes, kind === 'png' ? 'image/png' : 'image/jpeg');
}
