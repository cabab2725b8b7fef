/** Words and numbers as people read them. */
import type { FaxStatus } from '../../preload/models';

const statusWords: Record<string, { label: string; tone: 'success' | 'warning' | 'danger' | 'info' | 'neutral' }> = {
  queued: { label: 'Queued', tone: 'info' },
  converting: { label: 'Converting', tone: 'info' },
  sending: { label: 'Sending', tone: 'info' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  partial: { label: 'Partly delivered', tone: 'warning' },
  received: { label: 'Received', tone: 'success' },
};

/** A known state in words; an unknown one verbatim (the service may add states). */
export function statusLabel(status: FaxStatus): { label: string; tone: 'success' | 'warning' | 'danger' | 'info' | 'neutral' } {
  return statusWords[status] ?? { label: status, tone: 'neutral' };
}

export function pagesText(pages: number | null): string {
  if (pages === null) return '— pages';
  return `${pages} ${pages === 1 ? 'page' : 'pages'}`;
}

export function dateTime(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function shortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const today = new Date();
  if (date.toDateString() === today.toDateString()) return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', ...(date.getFullYear() !== today.getFullYear() ? { year: 'numeric' } : {}) });
}

export function bytesText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(0)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export function timeUntil(epochMs: number): string {
  const seconds = Math.max(0, Math.round((epochMs - Date.now()) / 1000));
  if (seconds < 60) return `${seconds} s`;
  return new Date(epochMs).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
