// The Windows taskbar overlay: a red disc with the unread count, drawn as a real PNG.
import { describe, expect, it } from 'vitest';
import { overlayBadgePng, overlayBadgeText } from '../../../main/desktop-integration/overlay-badge';

describe('overlay badge', () => {
  it('counts up to 9, then 9+; nothing at zero', () => {
    expect(overlayBadgeText(0)).toBeNull();
    expect(overlayBadgeText(1)).toBe('1');
    expect(overlayBadgeText(9)).toBe('9');
    expect(overlayBadgeText(42)).toBe('9+');
  });

  it('is a 32×32 PNG, red at the rim and clear in the corners', async () => {
    const png = await overlayBadgePng('3');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(32);
    expect(png.readUInt32BE(20)).toBe(32);
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(png);
    const canvas = createCanvas(32, 32);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixel = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data];
    expect(pixel(0, 0)[3]).toBe(0);
    const rim = pixel(16, 2);
    expect(rim[0]).toBeGreaterThan(150);
    expect(rim[1]).toBeLessThan(80);
  });
});
