/**
 * A filled and signed copy of a document: text typed on it, check marks, and a signature drawn as ink, each where
 * it was placed on the page as displayed — drawn into the page itself (flattened), so every fax machine prints
 * it, not as annotations a receiving machine may drop. New bytes every time; the document given is unchanged.
 */
import { degrees, LineCapStyle, rgb, StandardFonts, type PDFPage } from '@cantoo/pdf-lib';
import type { FillItem, SignatureInk } from '../../preload/models';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { encodable } from './font-text';
import { placeOnPage, pointOnPage } from './page-geometry';
import { openForPages } from './page-tools';

const ink = rgb(0, 0, 0);

/** A point of the box (shares of the box, x right, y down) → the page's own coordinates. */
function inBox(page: PDFPage, box: FillItem['box'], bx: number, by: number): { x: number; y: number } {
  const [left, top, right, bottom] = box;
  const [x, y] = pointOnPage(page, left + (right - left) * bx, top + (bottom - top) * by);
  return { x, y };
}

function strokeWidth(page: PDFPage, box: FillItem['box'], share: number): number {
  return Math.max(0.8, placeOnPage(page, box, 0).height * share);
}

function drawCheck(page: PDFPage, box: FillItem['box']): void {
  const points: Array<[number, number]> = [[0.12, 0.55], [0.4, 0.85], [0.9, 0.15]];
  const thickness = strokeWidth(page, box, 0.12);
  for (let index = 1; index < points.length; index += 1) {
    const [fromX, fromY] = points[index - 1] as [number, number];
    const [toX, toY] = points[index] as [number, number];
    page.drawLine({ start: inBox(page, box, fromX, fromY), end: inBox(page, box, toX, toY), thickness, color: ink, lineCap: LineCapStyle.Round });
  }
}

/** The signature's strokes fitted into the box, its proportions kept, centred. */
function drawSignature(page: PDFPage, box: FillItem['box'], signature: SignatureInk): void {
  const placed = placeOnPage(page, box, 0);
  const boxAspect = placed.width / Math.max(0.001, placed.height);
  // Shares of the box the pad's drawing covers.
  const [spanX, spanY] = signature.aspect > boxAspect ? [1, boxAspect / signature.aspect] : [signature.aspect / boxAspect, 1];
  const [offsetX, offsetY] = [(1 - spanX) / 2, (1 - spanY) / 2];
  const thickness = Math.max(0.8, Math.min(2.2, placed.height * 0.035));
  for (const stroke of signature.strokes) {
    for (let index = 1; index < stroke.length; index += 1) {
      const [fromX, fromY] = stroke[index - 1] as [number, number];
      const [toX, toY] = stroke[index] as [number, number];
      page.drawLine({
        start: inBox(page, box, offsetX + fromX * spanX, offsetY + fromY * spanY),
        end: inBox(page, box, offsetX + toX * spanX, offsetY + toY * spanY),
        thickness,
        color: ink,
        lineCap: LineCapStyle.Round,
      });
    }
    const only = stroke.length === 1 ? stroke[0] : undefined;
    if (only) page.drawCircle({ ...inBox(page, box, offsetX + only[0] * spanX, offsetY + only[1] * spanY), size: thickness / 2, color: ink });
  }
}

export async function fillPdf(bytes: Uint8Array, items: readonly FillItem[], signature: SignatureInk | null): Promise<{ bytes: Uint8Array; pages: number }> {
  const document = await openForPages(bytes);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const pages = document.getPages();
  for (const item of items) {
    const page = pages[item.page - 1];
    if (!page) throw new AppError('invalid_input', msg('pageTools.noSuchPage', { page: item.page, count: pages.length }), { code: 'pages_range' });
    if (item.kind === 'text') {
      const text = encodable(font, item.text);
      const placed = placeOnPage(page, item.box, 0.22);
      page.drawText(text, { x: placed.x, y: placed.y, size: Math.max(4, placed.height * 0.8), font, color: ink, rotate: degrees(placed.rotate) });
    } else if (item.kind === 'check') {
      drawCheck(page, item.box);
    } else {
      if (!signature) throw new AppError('invalid_input', msg('fillSign.noSavedSignature'), { code: 'no_signature' });
      drawSignature(page, item.box, signature);
    }
  }
  return { bytes: await document.save({ useObjectStreams: true }), pages: pages.length };
}
