/**
 * The Windows taskbar has no badge count: the app shows an overlay icon instead, a red disc with the number of
 * unread faxes ("9+" above nine), drawn here as a PNG (Electron turns it into a nativeImage).
 */
export function overlayBadgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}

/** A 32×32 PNG of the badge (the taskbar scales it to 16×16 at 100 %). */
export async function overlayBadgePng(text: string): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const size = 32;
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  context.fillStyle = '#c62828';
  context.beginPath();
  context.arc(size / 2, size / 2, size / 2, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = '#ffffff';
  context.font = `bold ${text.length > 1 ? 16 : 20}px sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, size / 2, size / 2 + 1);
  return canvas.toBuffer('image/png');
}
