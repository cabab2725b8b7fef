/** Query-string parsing with the spec's rules; anything unknown or malformed is a 400 with a precise message. */
import { invalidRequest } from './api-error';

export function checkKnownParams(url: URL, allowed: readonly string[]): void {
  for (const name of url.searchParams.keys()) {
    if (!allowed.includes(name)) throw invalidRequest('unknown_parameter', `Unknown query parameter: ${name}.`);
  }
}

export function single(url: URL, name: string): string | null {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) throw invalidRequest('invalid_parameter', `${name} may be given once.`);
  return values[0] ?? null;
}

export function integerParam(url: URL, name: string, options: { min: number; max: number; fallback: number }): number {
  const raw = single(url, name);
  if (raw === null) return options.fallback;
  if (!/^\d+$/.test(raw)) throw invalidRequest('invalid_parameter', `${name} must be a whole number.`);
  const value = Number(raw);
  if (value < options.min || value > options.max) throw invalidRequest('invalid_parameter', `${name} must be between ${options.min} and ${options.max}.`);
  return value;
}

export function timestampParam(url: URL, name: string): number | null {
  const raw = single(url, name);
  if (raw === null) return null;
  const parsed = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(raw) || Number.isNaN(parsed)) {
    throw invalidRequest('invalid_parameter', `${name} must be an ISO 8601 timestamp with a time zone, e.g. 2026-01-31T12:00:00Z.`);
  }
  return parsed;
}

export function pagination(url: URL): { limit: number; offset: number } {
  return { limit: integerParam(url, 'limit', { min: 1, max: 100, fallback: 25 }), offset: integerParam(url, 'offset', { min: 0, max: 10_000_000, fallback: 0 }) };
}
