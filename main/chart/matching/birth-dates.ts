/**
 * A birth date read on a fax against the one on record. A fax writes it as its sender does — "03/04/1980" in the US
 * (month first), "03.04.1980" in Germany (day first), "1980-04-03", two-digit years — so a date whose day and month
 * could be either way round is compared both ways, and the other way is a weaker agreement ("day and month
 * swapped"). A digit read wrong ("1986" for "1988") is a weaker agreement still; anything else disagrees.
 */
import { writtenDate } from '../../../preload/written-date';
import { readWithin } from './read-distance';

export type BirthDateAgreement = 'exact' | 'swapped' | 'digit' | 'differ' | 'missing';

export interface ReadDate {
  /** YYYY-MM-DD as the date is most likely meant. */
  meant: string;
  /** The same digits with day and month the other way round, where that is a date too. */
  otherWay: string | null;
}

const pad = (value: number): string => String(value).padStart(2, '0');
const valid = (year: number, month: number, day: number): boolean => month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A read birth date as dates (a two-digit year in the century that puts it in the past), or null. */
export function readBirthDate(text: string, thisYear: number): ReadDate | null {
  const cleaned = text.trim().replace(/\s+/g, '');
  const date = writtenDate(cleaned);
  if (!date) return null;
  let { year } = date;
  if (date.yearDigits === 2) year += year > thisYear % 100 ? 1900 : 2000;
  let { month, day } = date;
  // "14/03/1961": month-first was assumed, but 14 is no month; the sender wrote the day first.
  if (!valid(year, month, day) && valid(year, day, month)) [month, day] = [day, month];
  if (!valid(year, month, day)) return null;
  const meant = `${String(year)}-${pad(month)}-${pad(day)}`;
  const otherWay = date.separators === '--' || month === day || !valid(year, day, month) ? null : `${String(year)}-${pad(day)}-${pad(month)}`;
  return { meant, otherWay };
}

/** The agreement of a read date with the one on record (YYYY-MM-DD). */
export function compareBirthDates(read: ReadDate | null, recorded: string | null): BirthDateAgreement {
  if (read === null || recorded === null) return 'missing';
  if (read.meant === recorded) return 'exact';
  if (read.otherWay === recorded) return 'swapped';
  const digits = (date: string): string => date.replace(/-/g, '');
  const [readDigits, recordedDigits] = [digits(read.meant), digits(recorded)];
  // Within one edit, at most two places differ (two digits that look alike, or two swapped): most records differ more.
  let differing = 0;
  for (let place = 0; place < readDigits.length; place += 1) if (readDigits[place] !== recordedDigits[place]) differing += 1;
  if (readDigits.length === recordedDigits.length && differing > 2) return 'differ';
  if (readWithin(readDigits, recordedDigits, 1)) return 'digit';
  return 'differ';
}

/** The dates a read birth date may stand for: the meant one, the other way round, and each with one digit changed. */
export function birthDateNeighbours(read: ReadDate): string[] {
  const found = new Set<string>([read.meant]);
  if (read.otherWay) found.add(read.otherWay);
  const digits = read.meant.replace(/-/g, '');
  for (let index = 0; index < digits.length; index += 1) {
    for (let digit = 0; digit <= 9; digit += 1) {
      const changed = `${digits.slice(0, index)}${String(digit)}${digits.slice(index + 1)}`;
      const [year, month, day] = [Number(changed.slice(0, 4)), Number(changed.slice(4, 6)), Number(changed.slice(6, 8))];
      if (valid(year, month, day)) found.add(`${changed.slice(0, 4)}-${changed.slice(4, 6)}-${changed.slice(6, 8)}`);
    }
  }
  return [...found];
}
