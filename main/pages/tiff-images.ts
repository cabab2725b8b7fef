/**
 * A TIFF's pages for drawing (UTIF.js), each with its size on paper: from its resolution tags when they give one (a
 * fax TIFF is 204 × 196 or 204 × 98 dpi), else fitted to a Letter page's printable width with the pixels' own shape
 * (square, or as the tags' unitless ratio says). A resolution that would make a page under an inch or over 200
 * inches (PDF's largest page) is not believed.
 */
import UTIF from 'utif';
import { tiffPages } from '../files/tiff-pages';
import { faxDpi } from './fax-raster';

/** A Letter page's printable width at fax resolution, in inches (1728 dots at 204 dpi). */
export const printableWidthInches = 1728 / faxDpi.x;

export interface TiffImage {
  width: number;
  height: number;
  inches: { width: number; height: number };
  /** One bit per pixel: a fax page. */
  bilevel: boolean;
  /** The page's pixels, decoded when asked. */
  rgba(): Uint8Array;
}

/** A TIFF tag's first number (UTIF keeps tags as arrays under "t<tag>"). */
function tagNumber(ifd: Record<string, unknown>, tag: number): number | null {
  const value = ifd[`t${String(tag)}`];
  const first: unknown = Array.isArray(value) ? value[0] : null;
  return typeof first === 'number' && first > 0 && Number.isFinite(first) ? first : null;
}

const believable = (inches: number) => inches >= 1 && inches <= 200;

function paperSize(ifd: Record<string, unknown>, width: number, height: number): TiffImage['inches'] {
  const unit = tagNumber(ifd, 296) ?? 2;
  const xResolution = tagNumber(ifd, 282);
  const yResolution = tagNumber(ifd, 283);
  if (xResolution && yResolution && unit !== 1) {
    const perInch = unit === 3 ? 2.54 : 1;
    const inches = { width: width / (xResolution * perInch), height: height / (yResolution * perInch) };
    if (believable(inches.width) && believable(inches.height)) return inches;
  }
  // Fitted to the printable width; tall pixels (a unitless 1 : 2) keep their shape.
  const pixelAspect = xResolution && yResolution ? xResolution / yResolution : 1;
  const inchesPerPixel = printableWidthInches / width;
  return { width: printableWidthInches, height: Math.min(200, height * inchesPerPixel * pixelAspect) };
}

/**
 * The TIFF's image pages; throws when the file check refuses it (damaged, or a page over `maxImagePagePixels`) or it
 * has no page.
 */
export function decodeTiffImages(bytes: Uint8Array): TiffImage[] {
  if (!tiffPages(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).ok) throw new Error('damaged or too large');
  const images = UTIF.decode(bytes).flatMap((ifd): TiffImage[] => {
    const width = tagNumber(ifd, 256);
    const height = tagNumber(ifd, 257);
    if (!width || !height) return [];
    return [
      {
        width,
        height,
        inches: paperSize(ifd, width, height),
        bilevel: (tagNumber(ifd, 258) ?? 1) === 1,
        rgba() {
          UTIF.decodeImage(bytes, ifd);
          return UTIF.toRGBA8(ifd);
        },
      },
    ];
  });
  if (images.length === 0) throw new Error('no image');
  return images;
}
