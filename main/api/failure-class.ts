/**
 * The one answer to "what does this failure mean?", used by the API client's retries, the outbox, sync and the
 * directory:
 * - `offline`: the service was not reached (or the connection broke) — retry later, keep working from the cache;
 * - `retryable`: the service answered "not now" (409, 429, 5xx, an unreadable error page) — retry;
 * - `unknown_outcome`: a write went out and no readable answer came back (a broken connection mid-request, a
 *   time-out, 409 "still processing", or a 2xx whose body cannot be read) — it may have taken effect: retry with
 *   the same Idempotency-Key, never call it "not sent";
 * - `definitive`: an answer that will not change by asking again (4xx, TLS, a refused redirect, a cancel).
 */
import { FaxApiError } from './api-error';

export type FailureClass = 'offline' | 'retryable' | 'unknown_outcome' | 'definitive';

/** Codes of connections that never carried the request: a write with one of these certainly did not arrive. */
const neverConnected = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN']);

export function classifyFailure(error: unknown, options: { write?: boolean } = {}): FailureClass {
  if (!(error instanceof FaxApiError)) return 'definitive';
  const write = options.write === true;
  const { failure } = error;
  switch (failure.kind) {
    case 'network':
      return write && !neverConnected.has(failure.code) ? 'unknown_outcome' : 'offline';
    case 'timeout':
      return write ? 'unknown_outcome' : 'offline';
    case 'malformed':
      if (failure.status >= 200 && failure.status < 300) return write ? 'unknown_outcome' : 'retryable';
      return failure.status >= 500 ? 'retryable' : 'definitive';
    case 'http':
      if (failure.status === 409) return write ? 'unknown_outcome' : 'retryable';
      return failure.status === 429 || failure.status >= 500 ? 'retryable' : 'definitive';
    case 'tls':
    case 'refused_redirect':
    case 'aborted':
      return 'definitive';
  }
}

/** Whether asking again may give another answer. */
export function isRetryableFailure(error: unknown, options: { write?: boolean } = {}): boolean {
  return classifyFailure(error, options) !== 'definitive';
}

/** The service could not be reached: the cached copy is the best answer there is. */
export function isOffline(error: unknown): boolean {
  return classifyFailure(error) === 'offline';
}
