/**
 * A filled and signed copy of a document: text typed on it, check marks, a signature and freehand strokes drawn as
 * ink, a stamp image, highlights — each where it was placed on the page as displayed, drawn into the page itself
 * (flattened), so every fax machine prints it, not as annotations a receiving machine may drop. New bytes every
 * time; the document given is unchanged.
 */
import type { Color, PDFFont, PDFImage, PDFPage, Rotation } from '@cantoo/pdf-lib';
import { pdfLibrary, type PdfLib } from './pdf-library';
import type { FillItem, SignatureInk } from '../../preload/models';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { encodable } from './font-text';
import { placeOnPage, pointOnPage } from './page-geometry';
import { openForPages } from './page-tools';
import { embedStamp } from './stamp-image';

/** What drawing takes from the PDF library (loaded when a fill is made, not when main starts). */
interface Pen {
  ink: Color;
  /** A highlighter's yellow, laid over the page so the words under it stay black. */
  highlighter: Color;
  round: PdfLib['LineCapStyle']['Round'];
  multiply: PdfLib['BlendMode']['Multiply'];
  degrees: (angle: number) => Rotation;
}

function penOf(library: PdfLib): Pen {
  return { ink: library.rgb(0, 0, 0), highlighter: library.rgb(1, 0.9, 0.2), round: library.LineCapStyle.Round, multiply: library.BlendMode.Multiply, degrees: library.degrees };
}

type Box = FillItem['box'];
type Strokes = Array<Array<[number, number]>>;

/** A point of the box (shares of the box, x right, y down) → the page's own coordinates. */
function inBox(page: PDFPage, box: Box, bx: number, by: number): { x: number; y: number } {
  const [left, top, right, bottom] = box;
  const [x, y] = pointOnPage(page, left + (right - left) * bx, top + (bottom - top) * by);
  return { x, y };
}

function strokeWidth(page: PDFPage, box: Box, share: number): number {
  return Math.max(0.8, placeOnPage(page, box, 0).height * share);
}

function drawCheck(pen: Pen, page: PDFPage, box: Box): void {
  const points: Array<[number, number]> = [[0.12, 0.55], [0.4, 0.85], [0.9, 0.15]];
  const thickness = strokeWidth(page, box, 0.12);
  for (let index = 1; index < points.length; index += 1) {
    const [fromX, fromY] = points[index - 1] as [number, number];
    const [toX, toY] = points[index] as [number, number];
    page.drawLine({ start: inBox(page, box, fromX, fromY), end: inBox(page, box, toX, toY), thickness, color: pen.ink, lineCap: pen.round });
  }
}

/** The part of the box (shares of it: left, top, width, height) that a drawing of this width ÷ height fills, centred. */
function fitted(page: PDFPage, box: Box, aspect: number): { left: number; top: number; width: number; height: number } {
  const placed = placeOnPage(page, box, 0);
  const boxAspect = placed.width / Math.max(0.001, placed.height);
  const [width, height] = aspect > boxAspect ? [1, boxAspect / aspect] : [aspect / boxAspect, 1];
  return { left: (1 - width) / 2, top: (1 - height) / 2, width, height };
}

/** The box as a rectangle in the page's own coordinates (a quarter turn keeps it upright). */
function rectangleOnPage(page: PDFPage, box: Box): { x: number; y: number; width: number; height: number } {
  const [x1, y1] = pointOnPage(page, box[0], box[1]);
  const [x2, y2] = pointOnPage(page, box[2], box[3]);
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

/**
 * Yellow over the words, and a thin frame: a fax machine prints black and white, where the yellow vanishes and
 * only the frame shows what was marked.
 */
function drawHighlight(pen: Pen, page: PDFPage, box: Box): void {
  const rectangle = rectangleOnPage(page, box);
  page.drawRectangle({ ...rectangle, color: pen.highlighter, blendMode: pen.multiply });
  page.drawRectangle({ ...rectangle, borderColor: pen.ink, borderWidth: 0.6 });
}

/** The stamp fitted into the box, its proportions kept, centred, upright as the page is shown. */
function drawStamp(pen: Pen, page: PDFPage, box: Box, image: PDFImage): void {
  const part = fitted(page, box, image.width / image.height);
  const [left, top, right, bottom] = box;
  const [width, height] = [right - left, bottom - top];
  const inner: Box = [left + part.left * width, top + part.top * height, left + (part.left + part.width) * width, top + (part.top + part.height) * height];
  const placed = placeOnPage(page, inner, 0);
  page.drawImage(image, { x: placed.x, y: placed.y, width: placed.width, height: placed.height, rotate: pen.degrees(placed.rotate) });
}

/** Strokes (points in shares of a drawing of this width ÷ height) fitted into the box, proportions kept, centred. */
function drawStrokes(pen: Pen, page: PDFPage, box: Box, strokes: Strokes, aspect: number, thickness: number): void {
  const part = fitted(page, box, aspect);
  const [spanX, spanY, offsetX, offsetY] = [part.width, part.height, part.left, part.top];
  for (const stroke of strokes) {
    for (let index = 1; index < stroke.length; index += 1) {
      const [fromX, fromY] = stroke[index - 1] as [number, number];
      const [toX, toY] = stroke[index] as [number, number];
      page.drawLine({
        start: inBox(page, box, offsetX + fromX * spanX, offsetY + fromY * spanY),
        end: inBox(page, box, offsetX + toX * spanX, offsetY + toY * spanY),
        thickness,
        color: pen.ink,
        lineCap: pen.round,
      });
    }
    const only = stroke.length === 1 ? stroke[0] : undefined;
    if (only) page.drawCircle({ ...inBox(page, box, offsetX + only[0] * spanX, offsetY + only[1] * spanY), size: thickness / 2, color: pen.ink });
  }
}

/** A typed signature: the name in an italic face, as large as the box allows in both directions. */
function drawTypedSignature(pen: Pen, page: PDFPage, box: Box, name: string, font: PDFFont): void {
  const text = encodable(font, name);
  const placed = placeOnPage(page, box, 0.22);
  const size = Math.max(4, Math.min(placed.height * 0.75, (placed.width * 0.95) / Math.max(0.01, font.widthOfTextAtSize(text, 1))));
  page.drawText(text, { x: placed.x, y: placed.y, size, font, color: pen.ink, rotate: pen.degrees(placed.rotate) });
}

function drawSignature(pen: Pen, page: PDFPage, box: Box, signature: SignatureInk, italic: PDFFont | null): void {
  if ('typed' in signature) {
    if (italic) drawTypedSignature(pen, page, box, signature.typed, italic);
    return;
  }
  drawStrokes(pen, page, box, signature.strokes, signature.aspect, Math.max(0.8, Math.min(2.2, placeOnPage(page, box, 0).height * 0.035)));
}

/** What was kept on this desk to place on pages: the signature drawn once, the stamp image. */
export interface KeptMarks {
  signature: SignatureInk | null;
  stamp: Uint8Array | null;
}

export async function fillPdf(bytes: Uint8Array, items: readonly FillItem[], kept: KeptMarks): Promise<{ bytes: Uint8Array; pages: number }> {
  const library = await pdfLibrary();
  const { StandardFonts } = library;
  const pen = penOf(library);
  const document = await openForPages(bytes);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const pages = document.getPages();
  let stamp: PDFImage | null = null;
  const italic = kept.signature && 'typed' in kept.signature && items.some((item) => item.kind === 'signature') ? await document.embedFont(StandardFonts.TimesRomanItalic) : null;
  // Highlights are drawn first, under everything else placed: where a viewer ignores the blend, a highlight placed
  // after a signature would otherwise cover it.
  const ordered = [...items.filter((item) => item.kind === 'highlight'), ...items.filter((item) => item.kind !== 'highlight')];
  for (const item of ordered) {
    const page = pages[item.page - 1];
    if (!page) throw new AppError('invalid_input', msg('pageTools.noSuchPage', { page: item.page, count: pages.length }), { code: 'pages_range' });
    if (item.kind === 'text') {
      const text = encodable(font, item.text);
      const placed = placeOnPage(page, item.box, 0.22);
      page.drawText(text, { x: placed.x, y: placed.y, size: Math.max(4, placed.height * 0.8), font, color: pen.ink, rotate: pen.degrees(placed.rotate) });
    } else if (item.kind === 'check') {
      drawCheck(pen, page, item.box);
    } else if (item.kind === 'highlight') {
      drawHighlight(pen, page, item.box);
    } else if (item.kind === 'ink') {
      const placed = placeOnPage(page, item.box, 0);
      drawStrokes(pen, page, item.box, item.strokes, placed.width / Math.max(0.001, placed.height), 1.4);
    } else if (item.kind === 'stamp') {
      if (!kept.stamp) throw new AppError('invalid_input', msg('fillSign.noSavedStamp'), { code: 'no_stamp' });
      stamp ??= await embedStamp(document, kept.stamp);
      drawStamp(pen, page, item.box, stamp);
    } else {
      if (!kept.signature) throw new AppError('invalid_input', msg('fillSign.noSavedSignature'), { code: 'no_signature' });
      drawSignature(pen, page, item.box, kept.signature, italic);
    }
  }
  return { bytes: await document.save({ useObjectStreams: true }), pages: pages.length };
}
