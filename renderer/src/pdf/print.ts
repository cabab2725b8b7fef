/**
 * Printing a fax: each page is drawn at print resolution onto one reused canvas and turned into a compressed
 * image (a blob: URL, allowed by the CSP). Pages are drawn in batches, each from a freshly opened document that
 * is destroyed afterwards: what pdf.js reads and keeps to draw pages (the ranges of the file, decoded images,
 * its caches, here and in its worker) never adds up over a long fax, so printing 100 pages takes no more memory
 * than printing 10. The images go into a print-only container, the system print dialog opens, and everything
 * is released afterwards. No PDF plugin, no new window.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { renderPage } from './pdf-engine';
import { t } from '../i18n';

/** 150 dpi: sharper than the 98–196 dpi a fax machine prints at, and compact as an image. */
const printScale = 150 / 72;
/** Pages drawn from one opened document before it is closed and opened afresh. */
const pagesPerBatch = 8;

export interface PrintSource {
  /** Opens the document (by range: only what the pages drawn need is read). */
  open(): Promise<PDFDocumentProxy>;
}

export async function printDocument(source: PrintSource, onProgress?: (done: number, total: number) => void): Promise<void> {
  const root = window.document.createElement('div');
  root.className = 'print-root';
  const urls: string[] = [];
  const canvas = window.document.createElement('canvas');
  try {
    let total = Number.POSITIVE_INFINITY;
    for (let first = 1; first <= total; first += pagesPerBatch) {
      const document = await source.open();
      try {
        total = document.numPages;
        for (let index = first; index < first + pagesPerBatch && index <= total; index += 1) {
          const page = await document.getPage(index);
          await renderPage(page, canvas, printScale / (window.devicePixelRatio || 1), 0).done;
          const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
          page.cleanup();
          onProgress?.(index, total);
          if (!blob) continue;
          const url = URL.createObjectURL(blob);
          urls.push(url);
          const image = window.document.createElement('img');
          image.src = url;
          image.alt = t('pdfViewer.page', { page: index });
          image.decoding = 'async';
          root.appendChild(image);
        }
      } finally {
        await document.destroy();
      }
    }
    window.document.body.appendChild(root);
    window.print();
  } finally {
    canvas.width = 0;
    canvas.height = 0;
    root.remove();
    for (const url of urls) URL.revokeObjectURL(url);
  }
}
