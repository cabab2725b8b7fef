/**
 * A patient list's birth dates as the file writes them, in the order a person chose (or the import guessed): read
 * the same in main, which imports the list, and in the window, which shows the first rows as they will be read.
 */
import type { DateOrder } from './patient-list';

/** A date cell's three numbers as written ("03/14/1961", "14.03.1961", "1961-03-14", a time after it or not). */
export function dateParts(text: string): { first: number; second: number; third: number; yearFirst: boolean } | null {
  const match = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text.trim());
  if (!match) return null;
  const [first, second, third] = [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
  if (first.length === 4 && third.length <= 2) return { first: Number(first), second: Number(second), third: Number(third), yearFirst: true };
  if (first.length > 2 || (third.length !== 4 && third.length !== 2)) return null;
  return { first: Number(first), second: Number(second), third: Number(third), yearFirst: false };
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** A birth date cell in the file's order as YYYY-MM-DD, or null when it is no date (or after `today`). */
export function listBirthDate(text: string, order: DateOrder, today: string): string | null {
  const parts = dateParts(text);
  if (!parts) return null;
  let year: number;
  let month: number;
  let day: number;
  if (parts.yearFirst) [year, month, day] = [parts.first, parts.second, parts.third];
  else if (order === 'ymd') return null;
  else {
    [month, day] = order === 'mdy' ? [parts.first, parts.second] : [parts.second, parts.first];
    year = parts.third;
    // A two-digit year is in the century that puts it in the past.
    if (year < 100) year += year > Number(today.slice(2, 4)) ? 1900 : 2000;
  }
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate() || year < 1880) return null;
  const iso = `${String(year)}-${pad(month)}-${pad(day)}`;
  return iso > today ? null : iso;
}

