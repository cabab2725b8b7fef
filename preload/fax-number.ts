/**
 * Fax numbers: what the user types → E.164, or a specific reason why not. International format is required
 * (a leading + and the country code): a fax sent to the wrong country is a privacy incident, so the app never
 * guesses one. Text pasted from elsewhere is cleaned first: full-width digits and signs become plain ones (NFKC),
 * and invisible characters (zero-width spaces, direction marks, soft hyphens) are dropped.
 */
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { msg, type Message } from './i18n/translator';

export type NumberCheck = { ok: true; e164: string } | { ok: false; message: Message };

/** Characters nobody sees: zero-width spaces and joiners, direction marks and embeddings, word joiners, BOM, soft hyphen. */
const invisible = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** What people put between digits: spaces of every width, dashes of every length, dots, slashes, brackets. */
const separators = /[\s().\-/\u2010-\u2015\u2212]/g;

/** The input as the user meant it: NFKC (full-width → ASCII), invisible characters removed, trimmed. */
export function cleanNumberInput(input: string): string {
  return input.normalize('NFKC').replace(invisible, '').trim();
}

function describeCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  return `“${character}” (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
}

/** A country's name in this language ("United States", "Vereinigte Staaten"), or its code when the runtime has no names. */
const regionNames = new Map<string, Intl.DisplayNames>();

export function countryName(code: string, locale = 'en'): string {
  try {
    let names = regionNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: 'region' });
      regionNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The country of a locale ("en-US" → "US"), when numbers can be read for it; null otherwise. */
export function countryOfLocale(locale: string): string | null {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    return null;
  }
  return region !== undefined && isSupportedCountry(region) ? region : null;
}

export interface NumberOptions {
  /** Numbers typed without "+" are read as this country's (ISO 3166 code, e.g. "US"); null: "+" is required. */
  defaultCountry?: string | null | undefined;
}

export function checkFaxNumber(input: string, options: NumberOptions = {}): NumberCheck {
  const trimmed = cleanNumberInput(input);
  if (trimmed === '') return { ok: false, message: msg('faxNumber.enterAFaxNumber') };
  const compact = trimmed.replace(separators, '');
  if (/^00\d/.test(compact)) return { ok: false, message: msg('faxNumber.useInsteadOf00') };
  // Code points, not UTF-16 units: a stray emoji is named whole.
  const characters = Array.from(compact);
  const stray = characters.find((character, index) => !(/\d/.test(character) || (character === '+' && index === 0)));
  if (stray !== undefined) {
    const letters = characters.filter((character) => /\p{L}/u.test(character)).length;
    return {
      ok: false,
      message:
        letters > 1
          ? msg('faxNumber.aFaxNumberHas')
          : /\p{L}/u.test(stray)
            ? msg('faxNumber.containsLetter', { character: stray })
            : msg('faxNumber.aFaxNumberHas2', { character: describeCharacter(stray) }),
    };
  }
  if (!compact.startsWith('+')) {
    const country = options.defaultCountry;
    if (!country || !isSupportedCountry(country)) return { ok: false, message: msg('faxNumber.addTheCountryCode') };
    // A number as people in the default country dial it; a number from anywhere else still needs its "+".
    const national = parsePhoneNumberFromString(compact, country);
    if (national?.isValid()) return { ok: true, e164: national.number };
    return { ok: false, message: msg('faxNumber.thisIsNotA', { country }) };
  }
  const digits = compact.length - 1;
  if (digits < 8) return { ok: false, message: msg('faxNumber.thisNumberIsToo') };
  if (digits > 15) return { ok: false, message: msg('faxNumber.thisNumberIsToo2') };
  const parsed = parsePhoneNumberFromString(compact);
  if (!parsed?.isValid()) return { ok: false, message: msg('faxNumber.thisIsNotA2') };
  return { ok: true, e164: parsed.number };
}

/** Splits pasted text (one per line, or separated by commas/semicolons) into candidate numbers. */
export function splitPastedNumbers(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * The form numbers are compared in: "+" and the digits, nothing else, or null when the input is not an
 * international number of 8 to 15 digits. "+1 (415) 555-0100" and "+14155550100" are the same key.
 */
export function numberKey(input: string): string | null {
  const compact = cleanNumberInput(input).replace(separators, '');
  return /^\+\d{8,15}$/.test(compact) ? compact : null;
}

/** A number key ("+14155550122") as people read it ("+1 415 555 0122"); the key itself when it cannot be parsed. */
export function displayNumber(key: string): string {
  return parsePhoneNumberFromString(key)?.formatInternational() ?? key;
}

/** The country an international number belongs to (ISO 3166 code), or null when it names none. */
export function countryOfNumber(key: string): string | null {
  return parsePhoneNumberFromString(key)?.country ?? null;
}
