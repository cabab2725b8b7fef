/**
 * Fax numbers: what the user types → E.164, or a specific reason why not. International format is required
 * (a leading + and the country code): a fax sent to the wrong country is a privacy incident, so the app never
 * guesses one.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export type NumberCheck = { ok: true; e164: string } | { ok: false; message: string };

export function checkFaxNumber(input: string): NumberCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, message: 'Enter a fax number.' };
  const compact = trimmed.replace(/[\s().-]/g, '');
  if (/^00\d/.test(compact)) return { ok: false, message: 'Use + instead of 00 before the country code (e.g. +44 20 7946 0958).' };
  if (!compact.startsWith('+')) return { ok: false, message: 'Add the country code with a leading + (e.g. +1 415 555 0100).' };
  if (!/^\+\d+$/.test(compact)) return { ok: false, message: 'A fax number has only digits after the +.' };
  const digits = compact.length - 1;
  if (digits < 8) return { ok: false, message: 'This number is too short for an international fax number.' };
  if (digits > 15) return { ok: false, message: 'This number is too long: international numbers have at most 15 digits.' };
  const parsed = parsePhoneNumberFromString(compact);
  if (!parsed?.isValid()) return { ok: false, message: 'This is not a valid number for its country. Check the digits.' };
  return { ok: true, e164: parsed.number };
}

/** Splits pasted text (one per line, or separated by commas/semicolons) into candidate numbers. */
export function splitPastedNumbers(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
