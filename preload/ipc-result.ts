/**
 * The result every invoke channel returns. Handlers never throw across the bridge: a failure is a value the
 * renderer can show precisely (what happened, what to do, and the server's request id when there is one).
 */

export const ipcErrorKinds = [
  'invalid_input', // the request itself is wrong (failed validation in main)
  'not_connected', // no API key yet, or it was removed
  'authentication', // the key is invalid or revoked (401)
  'permission', // the key lacks a scope (403)
  'quota', // page limit reached or account paused (402)
  'rate_limited', // the request budget is spent; retry later
  'offline', // the Fax Service cannot be reached
  'tls', // the Fax Service's certificate is not trusted (verification is never turned off)
  'server', // the Fax Service failed (5xx) or answered something unreadable
  'not_found', // the resource does not exist (404)
  'conflict', // idempotency conflict (409/422)
  'keychain', // the OS keychain is unavailable or refused
  'file', // a file the user gave cannot be used
  'locked', // the app is locked; unlock first
  'forbidden', // the caller is not the app's own window
  'internal', // a bug: reported, never a crash
] as const;

export type IpcErrorKind = (typeof ipcErrorKinds)[number];

export interface IpcError {
  kind: IpcErrorKind;
  /** One or two plain sentences: what happened and what to do. Never contains a key, number or file name. */
  message: string;
  /** The Fax Service's `request_id` (`req_…`) when the failure came from it. */
  requestId?: string;
  /** The Fax Service's `error.code`, verbatim, when there is one. */
  code?: string;
  /** HTTP status when the failure came from the Fax Service. */
  status?: number;
  /** When a retry makes sense (rate limit, quota top-up), the earliest time as epoch milliseconds. */
  retryAt?: number;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function ok<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function failure<T = never>(error: IpcError): IpcResult<T> {
  return { ok: false, error };
}
