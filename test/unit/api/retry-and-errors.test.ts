import { describe, expect, it } from 'vitest';
import { FaxApiError, toAppError, transportFailure, type ApiFailure } from '../../../main/api/api-error';
import { classifyFailure, isRetryableFailure as isRetryable } from '../../../main/api/failure-class';
import { backoffDelay } from '../../../main/api/retry-policy';

const http = (status: number, code: string | null = null): FaxApiError =>
  new FaxApiError({ kind: 'http', status, type: null, code, message: null, requestId: 'req_1', retryAfterMs: null });

describe('retry policy', () => {
  it('retries network errors, time-outs, 409, 429 and 5xx; never 402 or another 4xx', () => {
    expect(isRetryable(new FaxApiError({ kind: 'network', code: 'ECONNRESET' }))).toBe(true);
    expect(isRetryable(new FaxApiError({ kind: 'timeout' }))).toBe(true);
    for (const status of [409, 429, 500, 502, 503]) expect(isRetryable(http(status)), String(status)).toBe(true);
    for (const status of [400, 401, 402, 403, 404, 422]) expect(isRetryable(http(status)), String(status)).toBe(false);
    expect(isRetryable(new FaxApiError({ kind: 'tls', code: 'CERT_HAS_EXPIRED' }))).toBe(false);
    expect(isRetryable(new FaxApiError({ kind: 'refused_redirect', detail: 'x' }))).toBe(false);
  });

  it('classifies each failure once: offline, retryable, unknown outcome (writes only) or definitive', () => {
    const malformed = (status: number) => new FaxApiError({ kind: 'malformed', status, detail: 'not JSON', requestId: null });
    const reset = new FaxApiError({ kind: 'network', code: 'ECONNRESET' });
    const refused = new FaxApiError({ kind: 'network', code: 'ECONNREFUSED' });
    // A read that broke off: offline. A write that broke off after connecting: it may have arrived.
    expect(classifyFailure(reset)).toBe('offline');
    expect(classifyFailure(reset, { write: true })).toBe('unknown_outcome');
    // A connection that never opened carried nothing.
    expect(classifyFailure(refused, { write: true })).toBe('offline');
    expect(classifyFailure(new FaxApiError({ kind: 'timeout' }), { write: true })).toBe('unknown_outcome');
    // A 2xx that cannot be read: for a send, the fax may exist; for a read, ask again.
    expect(classifyFailure(malformed(202), { write: true })).toBe('unknown_outcome');
    expect(classifyFailure(malformed(200))).toBe('retryable');
    expect(classifyFailure(malformed(502))).toBe('retryable');
    expect(classifyFailure(malformed(403))).toBe('definitive');
    expect(classifyFailure(http(409), { write: true })).toBe('unknown_outcome');
    expect(classifyFailure(http(409))).toBe('retryable');
    expect(classifyFailure(http(429), { write: true })).toBe('retryable');
    expect(classifyFailure(http(500), { write: true })).toBe('retryable');
    expect(classifyFailure(http(402), { write: true })).toBe('definitive');
    expect(classifyFailure(new Error('not an API failure'))).toBe('definitive');
  });

  it('backs off exponentially with full jitter, capped', () => {
    const policy = { maxAttempts: 10, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(1, policy, () => 1)).toBe(100);
    expect(backoffDelay(3, policy, () => 1)).toBe(400);
    expect(backoffDelay(9, policy, () => 1)).toBe(1000);
    expect(backoffDelay(3, policy, () => 0)).toBe(0);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(200);
  });
});

describe('errors shown to the user', () => {
  it.each<[ApiFailure, string, RegExp]>([
    [{ kind: 'network', code: 'ECONNREFUSED' }, 'offline', /cannot be reached/],
    [{ kind: 'timeout' }, 'offline', /cannot be reached/],
    [{ kind: 'tls', code: 'SELF_SIGNED_CERT_IN_CHAIN' }, 'tls', /not trusted/],
    [{ kind: 'malformed', status: 200, detail: 'not JSON', requestId: 'req_9' }, 'server', /could not read/],
    [{ kind: 'http', status: 401, type: 'authentication_error', code: null, message: null, requestId: 'req_2', retryAfterMs: null }, 'authentication', /drafts and queued faxes are kept/],
    [{ kind: 'http', status: 402, type: 'quota_error', code: 'page_limit_reached', message: null, requestId: null, retryAfterMs: null }, 'quota', /allowance/],
    [{ kind: 'http', status: 402, type: 'quota_error', code: 'account_paused', message: null, requestId: null, retryAfterMs: null }, 'quota', /^Sending is paused on this account\. Top up/],
    [{ kind: 'http', status: 403, type: 'permission_error', code: 'missing_scope', message: 'needs fax:send', requestId: null, retryAfterMs: null }, 'permission', /lacks a scope.*needs fax:send/],
    [{ kind: 'http', status: 429, type: 'rate_limit_error', code: null, message: null, requestId: null, retryAfterMs: 3000 }, 'rate_limited', /waits/],
    [{ kind: 'http', status: 503, type: null, code: null, message: null, requestId: null, retryAfterMs: null }, 'server', /503/],
    [{ kind: 'http', status: 418, type: 'teapot', code: 'im_a_teapot', message: null, requestId: null, retryAfterMs: null }, 'server', /418 \(im_a_teapot\)/],
  ])('%j → %s', (failure, kind, message) => {
    const error = toAppError(new FaxApiError(failure));
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
  });

  it('carries the request id, status and verbatim code; a 429 carries when to retry', () => {
    const error = toAppError(new FaxApiError({ kind: 'http', status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', message: null, requestId: 'req_7', retryAfterMs: 5000 }));
    expect(error.toIpcError()).toMatchObject({ kind: 'rate_limited', requestId: 'req_7', status: 429, code: 'rate_limit_exceeded' });
    expect(error.details.retryAt).toBeGreaterThan(Date.now());
  });

  it('classifies transport errors by code', () => {
    expect(transportFailure(Object.assign(new Error('x'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }))).toEqual({ kind: 'tls', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(transportFailure(Object.assign(new Error('x'), { code: 'ETIMEDOUT' }))).toEqual({ kind: 'timeout' });
    expect(transportFailure(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toEqual({ kind: 'network', code: 'ECONNRESET' });
    expect(transportFailure('weird')).toEqual({ kind: 'network', code: 'UNKNOWN' });
  });
});
