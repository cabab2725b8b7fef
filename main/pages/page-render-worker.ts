/**
 * The render worker (a worker thread of main): draws pages of a document at fax resolution — PDFs with pdf.js on a
 * native canvas, TIFF pages decoded with UTIF at their own resolution, JPG and PNG fitted to the page width as fax
 * services do — and returns them thresholded to black and white as the recipient's machine prints them, or the
 * measures pre-flight flags pages by. Heavy pixel work stays off main's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas, ImageData, loadImage, type Canvas } from '@napi-rs/canvas';
import UTIF from 'utif';
import { faxDpi, grayFromRgba, measure, reduceBilevel, threshold, type GrayImage } from './fax-raster';
import { readSealed } from '../store/crypto/sealed-file';
import { encodeBilevelPng } from './png';
import type { RenderReply, RenderRequest, RenderableKind, RenderSource } from './render-protocol';

const { standardFontsDir } = workerData as { standardFontsDir: string };

/** A Letter page's printable width at 204 dpi: images without a resolution are fitted to it. */
const pageWidthDots = 1728;

interface OpenedSource {
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

async function openPdf(bytes: Uint8Array): Promise<OpenedSource> {
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
      await page.render({ canvas, canvasContext: context, viewport, transform: [faxDpi.x / 72, 0, 0, faxDpi.y / 72, 0, 0] }).promise;
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

function open(kind: RenderableKind, bytes: Uint8Array): Promise<OpenedSource> {
  if (kind === 'pdf') return openPdf(bytes);
  if (kind === 'tiff') return Promise.resolve().then(() => openTiff(bytes));
  return openImage(bytes);
}

/** The sealed document opened last, kept for the next request about it (pre-flight asks a few pages at a time). */
let kept: { cacheKey: string; opened: OpenedSource } | null = null;

async function openSource(kind: RenderableKind, source: RenderSource): Promise<{ opened: OpenedSource; keep: boolean }> {
  if ('bytes' in source) return { opened: await open(kind, source.bytes), keep: false };
  if (kept?.cacheKey === source.cacheKey) return { opened: kept.opened, keep: true };
  const previous = kept;
  kept = null;
  await previous?.opened.close();
  const bytes = new Uint8Array(await readSealed(source.sealedPath, Buffer.from(source.fileKey)));
  const opened = await open(kind, bytes);
  kept = { cacheKey: source.cacheKey, opened };
  return { opened, keep: true };
}

async function handle(request: RenderRequest): Promise<{ reply: RenderReply; transfer: ArrayBuffer[] }> {
  const { opened: source, keep } = await openSource(request.kind, request.source);
  try {
    if (request.op === 'image') {
      const bilevel = threshold(await source.grayPage(Math.min(Math.max(1, request.page), source.pageCount)));
      const image = request.maxWidth ? reduceBilevel(bilevel, request.maxWidth) : bilevel;
      const { width, height } = image;
      if (request.png) {
        const png = new Uint8Array(encodeBilevelPng(image));
        return { reply: { id: request.id, ok: true, op: 'image', pageCount: source.pageCount, width, height, pixels: null, png }, transfer: [png.buffer] };
      }
      return {
        reply: { id: request.id, ok: true, op: 'image', pageCount: source.pageCount, width, height, pixels: image.pixels, png: null },
        transfer: [image.pixels.buffer as ArrayBuffer],
      };
    }
    const pages = [];
    for (let page = Math.max(1, request.from); page <= Math.min(request.to, source.pageCount); page += 1) pages.push({ page, ...measure(await source.grayPage(page)) });
    return { reply: { id: request.id, ok: true, op: 'measure', pageCount: source.pageCount, pages }, transfer: [] };
  } finally {
    if (!keep) await source.close();
  }
}

parentPort?.on('message', (request: RenderRequest) => {
  void handle(request).then(
    ({ reply, transfer }) => parentPort?.postMessage(reply, transfer),
    (error: unknown) => {
      const reply: RenderReply = { id: request.id, ok: false, reason: (error as { name?: string }).name === 'PasswordException' ? 'password' : 'unreadable' };
      parentPort?.postMessage(reply);
    },
  );
});
