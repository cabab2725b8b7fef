// What a failed attempt does to its submission, case by case: the outbox's whole failure policy as one table.
import { describe, expect, it } from 'vitest';
import { FaxApiError, type ApiFailure } from '../../../main/api/api-error';
import { AppError } from '../../../main/errors';
import { failureOutcome, offlineRetryMs, type FailureContext } from '../../../main/outbox/failure-policy';
import { sendRetries as retryDelaysMs } from '../../../main/runtime/retry-schedule';
import { msg } from '../../../preload/i18n/translator';

const now = 1_000_000;
const http = (status: number, extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {}): FaxApiError =>
  new FaxApiError({ kind: 'http', status, type: null, code: null, message: null, requestId: 'req_1', retryAfterMs: null, ...extra });
const context = (extra: Partial<FailureContext> = {}): FailureContext => ({ attempts: 1, coverId: null, now, budgetBlockedUntil: 0, ...extra });

describe('the outbox failure policy', () => {
  it.each<[string, unknown, Partial<FailureContext>, { state: string; holdReason: string | null; wait: number | null; outcomeUnknown?: boolean }]>([
    ['402 → held for the allowance', http(402), {}, { state: 'held', holdReason: 'quota', wait: null }],
    ['401 → held for the key', http(401), {}, { state: 'held', holdReason: 'key', wait: null }],
    ['a TLS failure → held for the certificate', new FaxApiError({ kind: 'tls', code: 'CERT_HAS_EXPIRED' }), {}, { state: 'held', holdReason: 'certificate', wait: null }],
    ['422 → failed for good', http(422), {}, { state: 'failed', holdReason: null, wait: null }],
    ['500 → waits the first delay', http(500), {}, { state: 'waiting', holdReason: null, wait: retryDelaysMs[0] ?? 0 }],
    ['500 at the 3rd attempt → waits the 3rd delay', http(503), { attempts: 3 }, { state: 'waiting', holdReason: null, wait: retryDelaysMs[2] ?? 0 }],
    ['500 at the 40th attempt → waits the longest delay', http(500), { attempts: 40 }, { state: 'waiting', holdReason: null, wait: 300_000 }],
    ['429 → waits until the budget lets requests go, if that is longer', http(429), { budgetBlockedUntil: now + 45_000 }, { state: 'waiting', holdReason: null, wait: 45_000 }],
    ['429 with the budget free sooner → the retry delay', http(429), { budgetBlockedUntil: now + 100 }, { state: 'waiting', holdReason: null, wait: retryDelaysMs[0] ?? 0 }],
    ['409 (still processing) → outcome unknown, same key', http(409), {}, { state: 'waiting', holdReason: null, wait: retryDelaysMs[0] ?? 0, outcomeUnknown: true }],
    ['a time-out mid-upload → outcome unknown', new FaxApiError({ kind: 'timeout' }), {}, { state: 'waiting', holdReason: null, wait: retryDelaysMs[0] ?? 0, outcomeUnknown: true }],
    ['a 2xx nobody can read → outcome unknown', new FaxApiError({ kind: 'malformed', status: 202, detail: 'not JSON', requestId: null }), {}, { state: 'waiting', holdReason: null, wait: retryDelaysMs[0] ?? 0, outcomeUnknown: true }],
    ['connection refused → it never arrived: waits, outcome known', new FaxApiError({ kind: 'network', code: 'ECONNREFUSED' }), {}, { state: 'waiting', holdReason: null, wait: retryDelaysMs[0] ?? 0 }],
    ['not connected → held for the connection', new AppError('not_connected', msg('connectionService.connectToTheFax')), {}, { state: 'held', holdReason: 'connection', wait: null }],
    ['offline → looked at again later', new AppError('offline', msg('connectionService.connectToTheFax')), {}, { state: 'waiting', holdReason: null, wait: offlineRetryMs }],
    ['anything else → failed, with words for it', new Error('boom'), {}, { state: 'failed', holdReason: null, wait: null }],
  ])('%s', (_name, error, extra, expected) => {
    const outcome = failureOutcome(error, context(extra));
    expect(outcome.state).toBe(expected.state);
    expect(outcome.holdReason).toBe(expected.holdReason);
    expect(outcome.nextAttemptAt === null ? null : outcome.nextAttemptAt - now).toBe(expected.wait);
    expect(outcome.outcomeUnknown ?? false).toBe(expected.outcomeUnknown ?? false);
    expect(outcome.error?.text).toBeTruthy();
  });

  it('a 404 or a refusal naming the cover, on a fax with a cover sheet, says the cover sheet is unknown; without one it does not', () => {
    const coverWords = failureOutcome(http(404), context({ coverId: 'cov_x' })).error?.message;
    expect(failureOutcome(http(400, { code: 'invalid_cover_id' }), context({ coverId: 'cov_x' })).error?.message).toBe(coverWords);
    expect(failureOutcome(http(404), context()).error?.message).not.toBe(coverWords);
    expect(failureOutcome(http(404), context({ coverId: 'cov_x' })).error).toMatchObject({ requestId: 'req_1' });
    expect(failureOutcome(new Error('boom'), context()).error?.kind).toBe('internal');
  });
});
