/**
 * pdf.js for untrusted documents: the document is given as bytes (never a URL), `isEvalSupported: false`
 * (CVE-2024-4367), no XFA, no scripting (the pdf.js sandbox is never loaded), no annotation or link layer
 * (pages are drawn to canvas only, so no link can be followed and no form is live). Fonts and decoders come from the app's own files; without a WebAssembly
 * allowance in the CSP, pdf.js uses its JavaScript decoders.
 */
import { AnnotationMode, getDocument, GlobalWorkerOptions, version, type PDFDocumentProxy, type PDFPageProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

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

/** Opens a PDF from bytes (a copy is handed to the worker, the caller's array stays usable). */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  try {
    return await getDocument({ ...safeDocumentOptions, data: bytes.slice() }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new PdfOpenError(
      name === 'PasswordException'
        ? 'This PDF is password-protected and cannot be shown.'
        : name === 'InvalidPDFException'
          ? 'This file is not a readable PDF.'
          : 'This PDF could not be opened.',
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
