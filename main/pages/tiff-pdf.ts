/**
 * A TIFF as a PDF for page work: one page per TIFF page, at its size on paper, its image embedded as PNG — a fax
 * page's black and white exactly, anything else in grey (what a fax carries). Between pages the work yields, so main
 * stays responsive through a long scan. A damaged TIFF is refused with page tools' own message.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pdfLibrary } from './pdf-library';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import { grayFromRgba } from './fax-raster';
import { encodeBilevelPng, encodeGrayPng } from './png';
import { decodeTiffImages, type TiffImage } from './tiff-images';

const unreadable = () => new AppError('invalid_input', msg('pageTools.tiffUnreadable'), { code: 'pages_unreadable' });

export async function tiffAsPdf(bytes: Uint8Array): Promise<Uint8Array> {
  let images: TiffImage[];
  try {
    images = decodeTiffImages(bytes);
  } catch {
    throw unreadable();
  }
  const { PDFDocument } = await pdfLibrary();
  const document = await PDFDocument.create({ updateMetadata: false });
  for (const image of images) {
    let png: Buffer;
    try {
      const gray = grayFromRgba(image.rgba(), image.width, image.height);
      png = image.bilevel ? encodeBilevelPng(gray) : encodeGrayPng(gray);
    } catch {
      throw unreadable();
    }
    const embedded = await document.embedPng(png);
    const page = document.addPage([image.inches.width * 72, image.inches.height * 72]);
    page.drawImage(embedded, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    await nextTurn();
  }
  return document.save({ useObjectStreams: true });
}
