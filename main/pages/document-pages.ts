/**
 * A document's pages in grey at fine fax resolution (204 × 196 dpi): PDFs drawn by pdf.js on a native canvas (a
 * standard-resolution image in a PDF is stretched to the page as the page says), TIFF pages decoded with UTIF at
 * their own resolution, JPG and PNG fitted to the page width as fax services do. Used by the render worker and
 * by the recognition process.
 */
import { createCanvas, ImageData, loadImage, type Canvas } from '@napi-rs/canvas';
import UTIF from 'utif';
import { faxDpi, grayFromRgba, type GrayImage } from './fax-raster';
import type { RenderableKind } from './render-protocol';

/** A Letter page's printable width at 204 dpi: images without a resolution are fitted to it. */
const pageWidthDots = 1728;

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

/** A TIFF tag's first number (UTIF keeps tags as arrays under "t<tag>"). */
function tagNumber(ifd: Record<string, unknown>, tag: number): number | null {
  const value = ifd[`t${String(tag)}`];
  const first: unknown = Array.isArray(value) ? value[0] : null;
  return typeof first === 'number' && first > 0 ? first : null;
}

function openTiff(bytes: Uint8Array): OpenedSource {
  const pages = UTIF.decode(bytes).filter((ifd) => typeof ifd.width === 'number' || tagNumber(ifd, 256) !== null);
  if (pages.length === 0) throw new Error('no image');
  return {
    pageCount: pages.length,
    grayPage(number) {
      const ifd = pages[number - 1];
      if (!ifd) throw new Error('no such page');
      UTIF.decodeImage(bytes, ifd);
      const rgba = UTIF.toRGBA8(ifd);
      const source = createCanvas(ifd.width, ifd.height);
      source.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(rgba), ifd.width, ifd.height), 0, 0);
      // Its own resolution when it says (a fax TIFF is 204 × 196 or 204 × 98), else fitted to the page width.
      const unitFactor = tagNumber(ifd, 296) === 3 ? 2.54 : 1;
      const xDpi = tagNumber(ifd, 282);
      const yDpi = tagNumber(ifd, 283);
      const xScale = xDpi ? faxDpi.x / (xDpi * unitFactor) : pageWidthDots / ifd.width;
      const yScale = yDpi ? faxDpi.y / (yDpi * unitFactor) : xScale * (faxDpi.y / faxDpi.x);
      return Promise.resolve(grayOf(onPage(source, ifd.width * xScale, ifd.height * yScale)));
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
