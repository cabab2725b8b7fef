/**
 * A document's pages in grey at fine fax resolution (204 × 196 dpi): PDFs drawn by pdf.js on a native canvas (a
 * standard-resolution image in a PDF is stretched to the page as the page says), TIFF pages decoded with UTIF at
 * their own resolution, JPG and PNG fitted to the page width as fax services do. Used by the render worker and
 * by the recognition process.
 */
import { createCanvas, ImageData, loadImage, type Canvas } from '@napi-rs/canvas';
import { faxDpi, grayFromRgba, type GrayImage } from './fax-raster';
import type { RenderableKind } from './render-protocol';
import { decodeTiffImages, printableWidthInches } from './tiff-images';

/** A Letter page's printable width at 204 dpi: images are fitted to it. */
const pageWidthDots = printableWidthInches * faxDpi.x;

export interface OpenedSource {
  pageCount: number;
  /** Page `page` (1-based) in grey at fax resolution. */
  grayPage(page: number): Promise<GrayImage>;
  close(): Promise<void>;
}

function grayOf(canvas: Canvas): GrayImage {
  return grayFromRgba(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
}

/** Draws a bitmap (any size) onto a white page canvas of the given size. */
function onPage(source: Canvas | Awaited<ReturnType<typeof loadImage>>, width: number, height: number): Canvas {
  const canvas = createCanvas(Math.max(1, Math.round(width)), Math.max(1, Math.round(height)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;

async function openPdf(bytes: Uint8Array, standardFontsDir: string): Promise<OpenedSource> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({ data: bytes, isEvalSupported: false, enableXfa: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0, standardFontDataUrl: standardFontsDir });
  const document = await task.promise.catch(async (error: unknown) => {
    await task.destroy();
    throw error;
  });
  return {
    pageCount: document.numPages,
    async grayPage(number) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const canvas = createCanvas(Math.max(1, Math.round((viewport.width * faxDpi.x) / 72)), Math.max(1, Math.round((viewport.height * faxDpi.y) / 72)));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // pdf.js draws on @napi-rs/canvas in Node; its types name only the browser's canvas.
      const target = { canvas, canvasContext: context } as unknown as Pick<Parameters<typeof page.render>[0], 'canvas' | 'canvasContext'>;
      await page.render({ ...target, viewport, transform: [faxDpi.x / 72, 0, 0, faxDpi.y / 72, 0, 0] }).promise;
      page.cleanup();
      return grayOf(canvas);
    },
    close: () => task.destroy(),
  };
}

function openTiff(bytes: Uint8Array): OpenedSource {
  const pages = decodeTiffImages(bytes);
  return {
    pageCount: pages.length,
    grayPage(number) {
      const page = pages[number - 1];
      if (!page) throw new Error('no such page');
      const source = createCanvas(page.width, page.height);
      source.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(page.rgba()), page.width, page.height), 0, 0);
      return Promise.resolve(grayOf(onPage(source, page.inches.width * faxDpi.x, page.inches.height * faxDpi.y)));
    },
    close: () => Promise.resolve(),
  };
}

async function openImage(bytes: Uint8Array): Promise<OpenedSource> {
  const image = await loadImage(Buffer.from(bytes));
  return {
    pageCount: 1,
    grayPage() {
      const width = pageWidthDots;
      const height = (image.height * (pageWidthDots / image.width) * faxDpi.y) / faxDpi.x;
      return Promise.resolve(grayOf(onPage(image, width, height)));
    },
    close: () => Promise.resolve(),
  };
}

/** Opens a document; `standardFontsDir` is pdf.js's standard fonts folder (ends with a path separator). */
export function openDocumentPages(kind: RenderableKind, bytes: Uint8Array, standardFontsDir: string): Promise<OpenedSource> {
  if (kind === 'pdf') return openPdf(bytes, standardFontsDir);
  if (kind === 'tiff') return Promise.resolve().then(() => openTiff(bytes));
  return openImage(bytes);
}
