/**
 * A date as faxes write it: "03/14/1961" (month first, as in the US), "14.03.1961" (day first, with dots, as in
 * Germany), "1961-03-14", with two- or four-digit years. Read into its parts, unchecked; intake checks a birth date
 * with it and names files with it.
 */
const pattern = /^(\d{1,2})([./-])(\d{1,2})([./-])(\d{4}|\d{2})$|^(\d{4})-(\d{2})-(\d{2})$/;

export interface WrittenDate {
  year: number;
  month: number;
  day: number;
  /** As written: 2 or 4. */
  yearDigits: number;
  /** The two separators as written ("//", "..", "-." …; "--" for ISO). */
  separators: string;
}

export function isWrittenDate(text: string): boolean {
  return pattern.test(text);
}

export function writtenDate(text: string): WrittenDate | null {
  const match = pattern.exec(text);
  if (!match) return null;
  if (match[6] !== undefined) return { year: Number(match[6]), month: Number(match[7]), day: Number(match[8]), yearDigits: 4, separators: '--' };
  const [first, second, year] = [Number(match[1]), Number(match[3]), match[5] ?? ''];
  const dayFirst = text.includes('.');
  return { year: Number(year), month: dayFirst ? second : first, day: dayFirst ? first : second, yearDigits: year.length, separators: `${match[2] ?? ''}${match[4] ?? ''}` };
}
