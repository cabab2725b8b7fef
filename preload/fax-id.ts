/**
 * A fax's id exactly as the Fax Service gave it. The spec says "integer" and bounds it nowhere; real services use
 * 64-bit ids (around 1.8 × 10^18) that a double cannot hold — two of them can round to the same number. So an id
 * is carried everywhere (cache, IPC, URLs, files, journals) as the decimal digits the service sent, never as a
 * JavaScript number.
 */
import { z } from 'zod';

export type FaxId = string;

/** The digits of a non-negative integer, at most 64 of them. A service's own zero-padded ids are kept as they are. */
export const faxIdPattern = /^[0-9]{1,64}$/;

export function isFaxId(value: unknown): value is FaxId {
  return typeof value === 'string' && faxIdPattern.test(value);
}

/** For requests from the window: an id as main handed it out. */
export const faxIdSchema = z.string().regex(faxIdPattern);

/** Numeric order of two ids (a longer one is larger; "007" and "7" order by their value, then by their text). */
export function compareFaxIds(a: FaxId, b: FaxId): number {
  const left = a.replace(/^0+(?=\d)/, '');
  const right = b.replace(/^0+(?=\d)/, '');
  if (left.length !== right.length) return left.length - right.length;
  return left < right ? -1 : left > right ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** An id a record stored before ids were exact (a safe integer), or one stored since (its digits). */
export function faxIdFromStored(value: unknown): FaxId | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  return isFaxId(value) ? value : null;
}

/** What journals written before ids were exact hold (a number) and what they hold since (the digits). */
export const storedFaxIdSchema = z.union([z.number(), z.string()]).transform((value, context) => {
  const id = faxIdFromStored(value);
  if (id === null) {
    context.addIssue({ code: 'custom', message: 'not a fax id' });
    return z.NEVER;
  }
  return id;
});
