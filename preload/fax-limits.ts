/**
 * The Fax Service's limits, as the spec states them. The renderer checks them as the user composes; main checks
 * them again before any upload. (25 MB is read as 25,000,000 bytes: the strictest reading of "MB".)
 */
import { msg, type Message } from './i18n/translator';
export const faxLimits = {
  maxRecipients: 20,
  maxFiles: 20,
  maxFileBytes: 25_000_000,
  acceptedKinds: ['pdf', 'docx', 'jpg', 'png', 'tiff'] as const,
  requestsPerMinute: 120,
  maxListLimit: 100,
} as const;

/**
 * Pixels one page of an image file may have: a Letter page scanned at 600 dpi is 34 million. A TIFF page that claims
 * more (65535 × 65535 fits in its tags) would take gigabytes to draw and is refused, not decoded.
 */
export const maxImagePagePixels = 50_000_000;

/** The most a stamp image (fill & sign) may weigh: a stamp is small; a photo of a page is not a stamp. */
export const stampImageMaxBytes = 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(0)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Why a file is too big, in the words main and the renderer both use (exact bytes when rounding would hide it). */
export function tooLargeMessage(label: string, size: number): Message {
  const limit = faxLimits.maxFileBytes;
  const close = formatBytes(size) === formatBytes(limit);
  const shown = (bytes: number) => (close ? `${bytes.toLocaleString('en-US')} bytes` : formatBytes(bytes));
  return msg('faxLimits.isTheFaxService', { label, shown: shown(size), shown2: shown(limit) });
}
