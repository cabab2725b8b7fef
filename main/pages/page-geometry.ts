/** Where something shown on a page (a box in shares of the page as displayed, turned by its rotation) goes in the PDF. */
import type { PDFPage } from '@cantoo/pdf-lib';

/** Left, top, right, bottom as shares (0–1) of the page as displayed. */
export type ShownBox = readonly [left: number, top: number, right: number, bottom: number];

export interface PlacedBox {
  /** Where drawing starts (the baseline's left end for text), in the page's own coordinates. */
  x: number;
  y: number;
  /** The box's size in points, as displayed. */
  width: number;
  height: number;
  /** The turn (degrees) that makes a drawing read upright as displayed. */
  rotate: number;
}

/**
 * A word's box in shares of the page as shown (turned by the page's rotation) → where its baseline starts in the
 * page's own coordinates (points, y up), its size in points as shown, and the turn that makes it read left to right.
 * `baseline`: how far above the box's bottom the baseline sits, as a share of its height (0: on the bottom).
 */
export function placeOnPage(page: PDFPage, box: ShownBox, baseline: number): PlacedBox {
  const { width, height } = page.getMediaBox();
  const rotation = rotationOf(page);
  const [left, top, right, bottom] = box;
  const turned = rotation === 90 || rotation === 270;
  const shownWidth = turned ? height : width;
  const shownHeight = turned ? width : height;
  const [x, y] = pointOnPage(page, left, bottom - (bottom - top) * baseline);
  return { x, y, width: (right - left) * shownWidth, height: (bottom - top) * shownHeight, rotate: rotation };
}

function rotationOf(page: PDFPage): number {
  return ((page.getRotation().angle % 360) + 360) % 360;
}

/** A point in shares of the page as displayed (x right, y down) → the page's own coordinates (points, y up). */
export function pointOnPage(page: PDFPage, sx: number, sy: number): [number, number] {
  const { x: originX, y: originY, width, height } = page.getMediaBox();
  switch (rotationOf(page)) {
    case 90:
      return [originX + sy * width, originY + sx * height];
    case 180:
      return [originX + (1 - sx) * width, originY + sy * height];
    case 270:
      return [originX + (1 - sy) * width, originY + (1 - sx) * height];
    default:
      return [originX + sx * width, originY + (1 - sy) * height];
  }
}
