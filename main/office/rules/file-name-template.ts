/**
 * A rule's file name from its template: `{date} {time} {from} {pages}p {reference}` → "2026-11-23 10.42 +14155550142
 * 3p FX-1234.pdf". Fields are the received fax's (its local date and time on this computer); characters that some
 * file system refuses (Windows' `<>:"/\|?*`, control characters, a trailing dot or space, names such as CON) are
 * replaced, so the same template works on every computer and share. What the fax does not say is said in the app's
 * language ("unknown patient", "Patient unbekannt").
 */
import { templateFields } from '../../../preload/automation';
import { writtenDate } from '../../../preload/written-date';
import type { FaxId } from '../../../preload/fax-id';
import { msg } from '../../../preload/i18n/translator';
import { say } from '../../i18n/main-locale';

export type TemplateField = (typeof templateFields)[number];
export type TemplateValues = Record<TemplateField, string>;

const fieldPattern = /\{([^{}]*)\}/g;
const reservedNames = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
/** Leaves room for " (12)" and ".pdf" within the 255 bytes most file systems allow. */
const maxStemBytes = 200;

function shortened(text: string): string {
  let result = text;
  while (Buffer.byteLength(result) > maxStemBytes) result = result.slice(0, -1);
  // Never half a character.
  return result.replace(/[\uD800-\uDBFF]$/, '');
}

/** The `{fields}` of a template that are not known (shown to the user when the rule is saved). */
export function unknownFields(template: string): string[] {
  const known = new Set<string>(templateFields);
  return [...template.matchAll(fieldPattern)].map((match) => match[1] ?? '').filter((field) => !known.has(field));
}

/** A date of birth as read ("03/04/1977", "04.03.1977") as 1977-03-04, so names sort and carry no slashes. */
export function isoBirthDate(text: string): string | null {
  const date = writtenDate(text);
  // Four-digit years only, written as the US ("/") or Germany (".") write them, or as ISO already.
  if (!date || date.yearDigits !== 4 || !['//', '..', '--'].includes(date.separators)) return null;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${String(date.year)}-${two(date.month)}-${two(date.day)}`;
}

/**
 * What intake read, for the name: only what was read surely (a field that needs a look names no file) — else the
 * words say it is unknown.
 */
export interface TemplateIntake {
  patient: string | null;
  dob: string | null;
  /** The kind in the app's language (or the office's name for it), null when it was not read surely. */
  kind: string | null;
}

export function templateValues(fax: { id: FaxId; reference: string; createdAt: string; counterpart: string | null; pages: number | null }, intake: TemplateIntake = { patient: null, dob: null, kind: null }): TemplateValues {
  const at = new Date(fax.createdAt);
  const valid = !Number.isNaN(at.getTime());
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    date: valid ? `${String(at.getFullYear())}-${two(at.getMonth() + 1)}-${two(at.getDate())}` : say(msg('fileName.unknownDate')),
    // A dot, not a colon: Windows and macOS' Finder refuse colons in names.
    time: valid ? `${two(at.getHours())}.${two(at.getMinutes())}` : say(msg('fileName.unknownTime')),
    from: fax.counterpart?.trim() || say(msg('fileName.unknownSender')),
    pages: fax.pages === null ? '?' : String(fax.pages),
    reference: fax.reference,
    id: fax.id,
    patient: intake.patient ?? say(msg('fileName.unknownPatient')),
    dob: (intake.dob === null ? null : isoBirthDate(intake.dob)) ?? intake.dob ?? say(msg('fileName.unknownBirthDate')),
    kind: intake.kind ?? say(msg('fileName.unknownKind')),
  };
}

function safe(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  return text.replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '_');
}

/** The file name (with ".pdf") the template gives for these values. */
export function fileNameFrom(template: string, values: TemplateValues): string {
  const filled = template.replace(fieldPattern, (whole, field: string) => ((templateFields as readonly string[]).includes(field) ? values[field as TemplateField] : whole));
  // A leading dot would hide the file on macOS and Linux.
  let stem = shortened(safe(filled).replace(/\s+/g, ' ').trim()).replace(/[. ]+$/, '').replace(/^\.+/, '_');
  if (stem === '') stem = safe(say(msg('fileName.fax', { reference: values.reference })));
  if (reservedNames.test(stem)) stem = `_${stem}`;
  return `${stem}.pdf`;
}
