import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackThreshold, grayFromRgba, measure } from '../../../main/pages/fax-raster';

// The raster's figures as they were first written, pixel by pixel: the faster code must give the very same numbers
// (a grey level one off moves a pixel across the black threshold, and a page's flags with it).
function referenceGray(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const pixels = new Uint8Array(width * height);
  for (let index = 0, offset = 0; index < pixels.length; index += 1, offset += 4) {
    const alpha = (rgba[offset + 3] ?? 255) / 255;
    const luminance = 0.299 * (rgba[offset] ?? 255) + 0.587 * (rgba[offset + 1] ?? 255) + 0.114 * (rgba[offset + 2] ?? 255);
    pixels[index] = Math.round(luminance * alpha + 255 * (1 - alpha));
  }
  return pixels;
}

function referenceShares(pixels: Uint8Array): { blackShare: number; midtoneShare: number } {
  let black = 0;
  let midtone = 0;
  for (const pixel of pixels) {
    if (pixel <= blackThreshold) black += 1;
    if (pixel >= 40 && pixel <= 215) midtone += 1;
  }
  const total = Math.max(1, pixels.length);
  return { blackShare: black / total, midtoneShare: midtone / total };
}

/** A pixel as pages have them: mostly white paper, opaque ink of any shade, now and then a see-through one. */
const pixel = fc.oneof(
  { weight: 4, arbitrary: fc.constant([255, 255, 255, 255]) },
  { weight: 3, arbitrary: fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map(([r, g, b]) => [r, g, b, 255]) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom([255, 255, 255, 254], [255, 255, 255, 0], [0, 0, 0, 0], [254, 255, 255, 255]) },
);

describe('fax raster figures', () => {
  it('grey levels equal the blend of every pixel, for whole images, short ones and views at any offset', () => {
    fc.assert(
      fc.property(fc.array(pixel, { minLength: 1, maxLength: 300 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 5 }), (pixels, width, shift, missing) => {
        const bytes = pixels.flat();
        const height = Math.ceil(pixels.length / width);
        const backing = new Uint8ClampedArray(shift + width * height * 4).fill(255);
        backing.set(bytes.slice(0, Math.max(0, bytes.length - missing)), shift);
        // A view that starts off a word boundary, and one shorter than the image says (its last bytes missing).
        const rgba = backing.subarray(shift, shift + Math.max(0, bytes.length - missing));
        expect(grayFromRgba(rgba, width, height).pixels).toEqual(referenceGray(rgba, width, height));
      }),
      { numRuns: 300 },
    );
  });

  it('the black and mid-tone shares count each pixel once, as the pixel-by-pixel count does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 40 }), fc.uint8Array({ minLength: 2000, maxLength: 2000 }), (width, height, levels) => {
        const pixels = levels.subarray(0, width * height);
        expect(measure({ width, height, pixels })).toMatchObject(referenceShares(pixels));
      }),
      { numRuns: 300 },
    );
  });

  it('white paper is 255 and black ink 0, whichever way the bytes were read', () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 0]);
    expect([...grayFromRgba(rgba, 4, 1).pixels]).toEqual([255, 0, 255, 255]);
  });
});
