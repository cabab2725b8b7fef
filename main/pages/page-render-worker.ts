/**
 * The render worker (a worker thread of main): draws a page of a document at fax resolution with pdf.js on a
 * native canvas, and returns it thresholded to black and white as the recipient's machine prints it — reduced
 * when asked. Heavy pixel work stays off main's event loop, which keeps serving the window and the uploads.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';
import { faxDpi, grayFromRgba, reduceBilevel, threshold, type GrayImage } from './fax-raster';
import type { RenderReply, RenderRequest } from './render-protocol';

const { standardFontsDir } = workerData as { standardFontsDir: string };

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;

async function renderPdfPage(request: RenderRequest): Promise<{ pageCount: number; image: GrayImage }> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({
    data: request.bytes,
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
    standardFontDataUrl: standardFontsDir,
  });
  try {
    const document = await task.promise;
    const page = await document.getPage(Math.min(Math.max(1, request.page), document.numPages));
    const viewport = page.getViewport({ scale: 1 });
    const width = Math.max(1, Math.round((viewport.width * faxDpi.x) / 72));
    const height = Math.max(1, Math.round((viewport.height * faxDpi.y) / 72));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({
      // pdf.js draws on any 2D context with the DOM's API; @napi-rs/canvas is the one it uses in Node itself.
      canvas,
      canvasContext: context,
      viewport,
      transform: [faxDpi.x / 72, 0, 0, faxDpi.y / 72, 0, 0],
    }).promise;
    const bilevel = threshold(grayFromRgba(context.getImageData(0, 0, width, height).data, width, height));
    page.cleanup();
    return { pageCount: document.numPages, image: request.maxWidth ? reduceBilevel(bilevel, request.maxWidth) : bilevel };
  } finally {
    await task.destroy();
  }
}

parentPort?.on('message', (request: RenderRequest) => {
  void renderPdfPage(request).then(
    ({ pageCount, image }) => {
      const reply: RenderReply = { id: request.id, ok: true, pageCount, width: image.width, height: image.height, pixels: image.pixels };
      parentPort?.postMessage(reply, [image.pixels.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const reply: RenderReply = { id: request.id, ok: false, reason: (error as { name?: string }).name === 'PasswordException' ? 'password' : 'unreadable' };
      parentPort?.postMessage(reply);
    },
  );
});
