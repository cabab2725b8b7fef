/** Words and numbers as people read them, in the window's language. */
import { statusGroup, type StatusGroup } from '../../preload/fax-status';
import type { MessageId } from '../../preload/i18n/translator';
import type { FaxDirection, FaxStatus } from '../../preload/models';
import { currentLocale, t } from './i18n';

type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const statusWords: Readonly<Record<string, MessageId>> = {
  queued: 'format.queued',
  converting: 'format.converting',
  sending: 'format.sending',
  delivered: 'format.delivered',
  failed: 'format.failed',
  partial: 'format.partlyDelivered',
  received: 'replyParts.received',
};

const tones: Record<StatusGroup, Tone> = { in_progress: 'info', delivered: 'success', received: 'success', partial: 'warning', failed: 'danger', other: 'neutral' };

/** A known state in words, any other verbatim (the service may use its own), toned by what it means. */
export function statusLabel(direction: FaxDirection, status: FaxStatus): { label: string; tone: Tone } {
  const words = statusWords[status];
  return { label: words ? t(words) : status, tone: tones[statusGroup(direction, status)] };
}

export function pagesText(pages: number | null): string {
  if (pages === null) return t('format.pages');
  return t('format.pageCount', { pages });
}

// A `toLocale…String` call with options builds a new Intl formatter every time (a list of rows formats hundreds
// of dates per render): each language and set of options gets one formatter, kept.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function keptFormat<Format>(formats: Map<string, Format>, options: object, make: (locale: string) => Format): Format {
  const locale = currentLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = make(locale);
    formats.set(key, format);
  }
  return format;
}

const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => keptFormat(dateFormats, options, (locale) => new Intl.DateTimeFormat(locale, options));
const numberFormat = (options: Intl.NumberFormatOptions = {}): Intl.NumberFormat => keptFormat(numberFormats, options, (locale) => new Intl.NumberFormat(locale, options));

export function numberText(value: number): string {
  return numberFormat().format(value);
}

export function dateTime(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function shortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const today = new Date();
  if (date.toDateString() === today.toDateString()) return dateFormat({ hour: '2-digit', minute: '2-digit' }).format(date);
  return dateFormat(date.getFullYear() !== today.getFullYear() ? { month: 'short', day: 'numeric', year: 'numeric' } : { month: 'short', day: 'numeric' }).format(date);
}

/** A calendar date (YYYY-MM-DD, a birth date) in the window's language, the same day wherever the computer is. */
export function calendarDate(ymd: string): string {
  const date = new Date(`${ymd}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return ymd;
  return dateFormat({ dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

export function bytesText(bytes: number): string {
  if (bytes < 1000) return `${numberFormat().format(bytes)} B`;
  if (bytes < 1_000_000) return `${numberFormat({ maximumFractionDigits: 0 }).format(bytes / 1000)} KB`;
  return `${numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1_000_000)} MB`;
}

/** A time of day (today's times as they are; another day's with its date), optionally with seconds. */
export function clockTime(epochMs: number, seconds = false): string {
  const date = new Date(epochMs);
  const time = dateFormat(seconds ? { hour: '2-digit', minute: '2-digit', second: '2-digit' } : { hour: '2-digit', minute: '2-digit' }).format(date);
  return date.toDateString() === new Date().toDateString() ? time : `${dateFormat({ month: 'short', day: 'numeric' }).format(date)} ${time}`;
}


/**
 * A cost as main states it ("0.07 USD", "12"): an amount with a currency code is written the way the window's
 * language writes money ("0,07 $" in German); anything else is shown as the service gave it.
 */
export function moneyText(cost: string): string {
  const match = /^(-?\d+(?:\.\d+)?) ([A-Z]{3})$/.exec(cost.trim());
  if (!match) return cost;
  try {
    return numberFormat({ style: 'currency', currency: match[2] ?? '' }).format(Number(match[1]));
  } catch {
    // A code Intl does not know (not ISO 4217): as given.
    return cost;
  }
}

const capabilityWords: Readonly<Record<string, MessageId>> = { fax: 'numbers.capabilityFax', voice: 'numbers.capabilityVoice', sms: 'numbers.capabilitySms', mms: 'numbers.capabilityMms', send: 'numbers.capabilitySend', receive: 'numbers.capabilityReceive' };

/** What a number can do, in words; a capability the app does not know, verbatim. */
export function capabilityText(capability: string): string {
  const words = capabilityWords[capability.toLowerCase()];
  return words ? t(words) : capability;
}
