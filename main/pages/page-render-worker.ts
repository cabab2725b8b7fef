/**
 * The render worker (a worker thread of main): draws pages of a document at fax resolution — PDFs with pdf.js on a
 * native canvas, TIFF pages decoded with UTIF at their own resolution, JPG and PNG fitted to the page width as fax
 * services do — and returns them thresholded to black and white as the recipient's machine prints them, or the
 * measures pre-flight flags pages by. Heavy pixel work stays off main's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { measure, reduceBilevel, threshold } from './fax-raster';
import { openDocumentPages, type OpenedSource } from './document-pages';
import { readSealed } from '../store/crypto/sealed-file';
import { encodeBilevelPng } from './png';
import type { RenderReply, RenderRequest, RenderableKind, RenderSource } from './render-protocol';

const { standardFontsDir } = workerData as { standardFontsDir: string };

/** The sealed document opened last, kept for the next request about it (pre-flight asks a few pages at a time). */
let kept: { cacheKey: string; opened: OpenedSource } | null = null;

async function openSource(kind: RenderableKind, source: RenderSource): Promise<{ opened: OpenedSource; keep: boolean }> {
  if ('bytes' in source) return { opened: await openDocumentPages(kind, source.bytes, standardFontsDir), keep: false };
  if (kept?.cacheKey === source.cacheKey) return { opened: kept.opened, keep: true };
  const previous = kept;
  kept = null;
  await previous?.opened.close();
  const bytes = new Uint8Array(await readSealed(source.sealedPath, Buffer.from(source.fileKey)));
  const opened = await openDocumentPages(kind, bytes, standardFontsDir);
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
