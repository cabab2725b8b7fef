/**
 * pdf.js for untrusted documents: the document is given as bytes, whole or by range (never a URL), `isEvalSupported: false`
 * (CVE-2024-4367), no XFA, no scripting (the pdf.js sandbox is never loaded), no annotation or link layer
 * (pages are drawn to canvas only, so no link can be followed and no form is live). Fonts and decoders come from the app's own files; without a WebAssembly
 * allowance in the CSP, pdf.js uses its JavaScript decoders.
 */
import { AnnotationMode, getDocument, GlobalWorkerOptions, PDFWorker, version, type PDFDataRangeTransport, type PDFDocumentProxy, type PDFPageProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { t } from '../i18n';

GlobalWorkerOptions.workerSrc = workerUrl;

export const pdfjsVersion = version;

export const safeDocumentOptions = {
  isEvalSupported: false,
  enableXfa: false,
  stopAtErrors: false,
  verbosity: 0,
  standardFontDataUrl: '/pdfjs/standard_fonts/',
  cMapUrl: '/pdfjs/cmaps/',
  cMapPacked: true,
  wasmUrl: '/pdfjs/wasm/',
  iccUrl: '/pdfjs/iccs/',
} as const;

export class PdfOpenError extends Error {}

// One worker for every document: starting a worker (and compiling pdf.js in it) costs tens of milliseconds per
// open. Destroying a document frees its data in the worker; the worker itself stays for the next one.
let sharedWorker: PDFWorker | null = null;
function worker(): PDFWorker {
  if (!sharedWorker || sharedWorker.destroyed) sharedWorker = new PDFWorker();
  return sharedWorker;
}

/** Opens a PDF from bytes (a copy is handed to the worker, the caller's array stays usable). */
export function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return openDocument({ data: bytes.slice() });
}

/** Opens a PDF from bytes or from a range transport, always with the safe options and the shared worker. */
export async function openDocument(source: { data: Uint8Array } | { range: PDFDataRangeTransport; length: number }): Promise<PDFDocumentProxy> {
  const loading =
    'data' in source
      ? { data: source.data }
      : // Only the ranges a page needs: no background fetching of the rest, no streaming of the whole file.
        { range: source.range, length: source.length, disableAutoFetch: true, disableStream: true, rangeChunkSize: 64 * 1024 };
  try {
    return await getDocument({ ...safeDocumentOptions, ...loading, worker: worker() }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new PdfOpenError(
      name === 'PasswordException'
        ? t('pdfEngine.thisPdfIsPassword')
        : name === 'InvalidPDFException'
          ? t('pdfEngine.thisFileIsNot')
          : t('pdfEngine.thisPdfCouldNot'),
    );
  }
}

export interface RenderedPage {
  task: RenderTask;
  done: Promise<void>;
}

/** Draws one page into a canvas at `scale` (CSS pixels) and `rotation`, sharp on high-DPI screens. */
export function renderPage(page: PDFPageProxy, canvas: HTMLCanvasElement, scale: number, rotation: number): RenderedPage {
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * ratio, rotation: (page.rotate + rotation) % 360 });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  // Annotation appearances (filled-in form values) are drawn onto the canvas like the page; nothing is interactive.
  const task = page.render({ canvas, viewport, annotationMode: AnnotationMode.ENABLE });
  return { task, done: task.promise };
}
