/**
 * Reading replies whose field names the spec does not show: preferred names first, then the shape of the values
 * (an E.164 string is a fax number, an ISO 8601 string a time), looking one level down into nested objects.
 * Nothing is invented: what cannot be found is null.
 */
import { ExactInteger } from '../exact-json';

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  // A plain JSON object: an exact integer (an object of ours) is a value, not a record.
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** The first present, non-empty value among dotted paths (`plan.name`). */
export function pick(record: Json, ...paths: string[]): unknown {
  for (const path of paths) {
    let value: unknown = record;
    for (const part of path.split('.')) value = isRecord(value) ? value[part] : undefined;
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

export function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (value instanceof ExactInteger) return value.digits;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
}

/** A number, also when sent as a numeric string ("990"). */
export function count(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/** An E.164 number, possibly written with spaces, dots, dashes or brackets; returned compact. */
export function e164(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const compact = value.trim().replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

/** An ISO 8601 date or date-time. */
export function isoTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim()) ? value.trim() : null;
}

export interface Leaf {
  /** Key names from the record down to the value, e.g. ['usage', 'pagesUsed'] (see `words`). */
  path: string[];
  value: unknown;
}

/** Every non-object value of the record and of the objects directly inside it (arrays are values). */
export function leaves(record: Json, depth = 1): Leaf[] {
  const found: Leaf[] = [];
  const walk = (node: Json, path: string[], level: number) => {
    for (const [key, value] of Object.entries(node)) {
      const here = [...path, key];
      if (isRecord(value)) {
        if (level < depth) walk(value, here, level + 1);
      } else found.push({ path: here, value });
    }
  };
  walk(record, [], 0);
  return found;
}

/** Splits camelCase and snake_case key paths into lower-case words: ['pagesUsed'] → 'pages used'. */
export function words(path: readonly string[]): string {
  return path
    .map((part) => part.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' '))
    .join(' ')
    .toLowerCase();
}
