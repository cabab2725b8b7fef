/** Words and numbers as people read them. */
import { statusGroup, type StatusGroup } from '../../preload/fax-status';
import type { FaxDirection, FaxStatus } from '../../preload/models';

type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const statusWords: Record<string, string> = {
  queued: 'Queued',
  converting: 'Converting',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
  partial: 'Partly delivered',
  received: 'Received',
};

const tones: Record<StatusGroup, Tone> = { in_progress: 'info', delivered: 'success', received: 'success', partial: 'warning', failed: 'danger', other: 'neutral' };

/** A known state in words, any other verbatim (the service may use its own), toned by what it means. */
export function statusLabel(direction: FaxDirection, status: FaxStatus): { label: string; tone: Tone } {
  return { label: statusWords[status] ?? status, tone: tones[statusGroup(direction, status)] };
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

/** A time of day (today's times as they are; another day's with its date), optionally with seconds. */
export function clockTime(epochMs: number, seconds = false): string {
  const date = new Date(epochMs);
  const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}) });
  return date.toDateString() === new Date().toDateString() ? time : `${date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} ${time}`;
}

export function timeUntil(epochMs: number): string {
  const seconds = Math.max(0, Math.round((epochMs - Date.now()) / 1000));
  if (seconds < 60) return `${seconds} s`;
  return new Date(epochMs).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
