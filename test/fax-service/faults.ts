/**
 * Injected failures for client tests: the next `times` API requests matching method + path fail with
 * `status`. With `after_commit`, the request is processed first (a fax is created) and the reply is still the
 * error — the case an idempotent retry must survive. Status 0 resets the connection (optionally after
 * `reset_after_bytes` of the request body have arrived: a reset mid-upload). With `garble`, the request is
 * processed and answered with `status` (a 2xx) and a body nobody can read: an HTML page, the real JSON cut in
 * half, or JSON whose fields have the wrong types.
 */
import { ApiError } from './api-error';

export interface Fault {
  method: string;
  pattern: RegExp;
  status: number;
  remaining: number;
  afterCommit: boolean;
  resetAfterBytes: number | null;
  garble: Garble | null;
}

export const garbles = ['html', 'truncated', 'wrong_types'] as const;
export type Garble = (typeof garbles)[number];

/** The unreadable body that replaces a real reply. */
export function garbledBody(garble: Garble, realBody: string): { body: string; contentType: string } {
  switch (garble) {
    case 'html':
      return { body: '<!doctype html><html><head><title>200 OK</title></head><body><h1>Request received</h1></body></html>', contentType: 'text/html; charset=utf-8' };
    case 'truncated':
      return { body: realBody.slice(0, Math.floor(realBody.length / 2)), contentType: 'application/json; charset=utf-8' };
    case 'wrong_types':
      return { body: JSON.stringify({ data: { id: 'not-a-number', status: 7, pages: 'many' }, request_id: 42 }), contentType: 'application/json; charset=utf-8' };
  }
}

function patternFor(path: string): RegExp {
  const full = path.startsWith('/v1/') || path === '/v1' ? path : `/v1${path.startsWith('/') ? '' : '/'}${path}`;
  const escaped = full
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment === '*' ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

export function errorForStatus(status: number): ApiError {
  switch (status) {
    case 400:
      return new ApiError(400, 'invalid_request', 'injected_fault', 'Injected failure.');
    case 401:
      return new ApiError(401, 'authentication_error', 'injected_fault', 'Injected failure.');
    case 402:
      return new ApiError(402, 'quota_error', 'page_limit_reached', 'Injected failure: page limit reached.');
    case 403:
      return new ApiError(403, 'permission_error', 'injected_fault', 'Injected failure.');
    case 404:
      return new ApiError(404, 'not_found', 'injected_fault', 'Injected failure.');
    case 409:
      return new ApiError(409, 'invalid_request', 'request_in_progress', 'Injected failure: request in progress.');
    case 429:
      return new ApiError(429, 'rate_limit_error', 'rate_limit_exceeded', 'Injected failure: too many requests.', { 'Retry-After': '1' });
    default:
      return new ApiError(status, 'api_error', status >= 500 ? 'internal_error' : 'injected_fault', 'Injected failure. Retry with the same Idempotency-Key.');
  }
}

export function createFaults() {
  let faults: Fault[] = [];
  return {
    add(spec: { method: string; path: string; status: number; times: number; afterCommit: boolean; resetAfterBytes: number | null; garble?: Garble | null }): void {
      faults.push({
        method: spec.method.toUpperCase(),
        pattern: patternFor(spec.path),
        status: spec.status,
        remaining: spec.times,
        afterCommit: spec.afterCommit,
        resetAfterBytes: spec.resetAfterBytes,
        garble: spec.garble ?? null,
      });
    },
    clear(): void {
      faults = [];
    },
    take(method: string, pathname: string): Fault | null {
      const fault = faults.find((candidate) => candidate.remaining > 0 && candidate.method === method && candidate.pattern.test(pathname));
      if (!fault) return null;
      fault.remaining -= 1;
      faults = faults.filter((candidate) => candidate.remaining > 0);
      return fault;
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
