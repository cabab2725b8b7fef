/** Reads a PDF back the way a reader would (pdf.js): its page count, each page's text, and whether a page draws an image. */
import { getDocument, OPS, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

export interface ReadBackPdf {
  pages: number;
  /** Each page's text, items joined by spaces. */
  text: string[];
  images: number[];
}

export async function readBackPdf(bytes: Uint8Array): Promise<ReadBackPdf> {
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0, standardFontDataUrl: 'node_modules/pdfjs-dist/standard_fonts/' });
  try {
    const document = await task.promise;
    const text: string[] = [];
    const images: number[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      text.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
      const operators = await page.getOperatorList();
      images.push(operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length);
    }
    return { pages: document.numPages, text, images };
  } finally {
    await task.destroy();
  }
}

/** The first page drawn as a picture (for screenshots of generated documents). */
export async function firstPagePng(bytes: Uint8Array, scale = 1.25): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0, standardFontDataUrl: 'node_modules/pdfjs-dist/standard_fonts/' });
  try {
    const page = await (await task.promise).getPage(1);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // A native canvas with the DOM's 2D API, as pdf.js uses in Node itself.
    const parameters = { canvas, canvasContext: context, viewport } as unknown as RenderParameters;
    await page.render(parameters).promise;
    return await canvas.encode('png');
  } finally {
    await task.destroy();
  }
}
