/**
 * What a failed send attempt does to its submission — pure, so every case is a row in a table test: wait and try
 * again (with growing waits, or until the rate limit ends), hold until the user or a new key acts, or fail for good.
 * A 2xx nobody could read is "outcome unknown": retried with the same Idempotency-Key, so it never becomes two faxes.
 */
import { appErrorOf, FaxApiError } from '../api/api-error';
import { classifyFailure } from '../api/failure-class';
import { AppError, isAppError } from '../errors';
import { storeMessage } from '../i18n/stored-message';
import { msg, translate, type Message } from '../../preload/i18n/translator';
import { sendRetries, waitAfterFailures } from '../runtime/retry-schedule';
import type { SubmissionRecord } from './submission-journal';

/** Offline (no request could be made): looked at again after this long, or at once when the service answers. */
export const offlineRetryMs = 30_000;

/** A failure as the journal keeps it: the message by id, and its English words for older readers and support. */
export function storedError(kind: string, text: Message, details: { requestId?: string | undefined; code?: string | undefined } = {}): NonNullable<SubmissionRecord['error']> {
  return { kind, message: translate('en', text), text: storeMessage(text), ...(details.requestId ? { requestId: details.requestId } : {}), ...(details.code ? { code: details.code } : {}) };
}

/** What the user reads when a send failed: the cover sheet named when it is what the service refused. */
export function describeFailure(error: unknown, coverId: string | null | undefined): AppError {
  if (error instanceof FaxApiError) {
    const failure = error.failure;
    const mentionsCover = failure.kind === 'http' && /cover/i.test(`${failure.code ?? ''} ${failure.message ?? ''}`);
    if (coverId && failure.kind === 'http' && failure.status >= 400 && failure.status < 500 && (failure.status === 404 || mentionsCover)) {
      return new AppError('invalid_input', msg('outbox.theFaxServiceDoes'), {
        status: failure.status,
        ...(failure.requestId ? { requestId: failure.requestId } : {}),
        ...(failure.code ? { code: failure.code } : {}),
      });
    }
    if (classifyFailure(error, { write: true }) === 'unknown_outcome') {
      return new AppError('server', msg('outbox.theFaxServiceS'), error.requestId ? { requestId: error.requestId } : {});
    }
  }
  return appErrorOf(error) ?? new AppError('internal', msg('outbox.sendingFailedUnexpectedly'));
}

export interface FailureContext {
  /** Attempts made, this one included. */
  attempts: number;
  coverId: string | null | undefined;
  now: number;
  /** Until when the rate budget holds requests back (after a 429), or 0. */
  budgetBlockedUntil: number;
}

export type FailureOutcome = Pick<SubmissionRecord, 'state' | 'nextAttemptAt' | 'error' | 'holdReason'> & { outcomeUnknown?: true };

export function failureOutcome(error: unknown, context: FailureContext): FailureOutcome {
  const appError = describeFailure(error, context.coverId);
  const stored = storedError(appError.kind, appError.text, appError.details);
  const retryDelay = waitAfterFailures(sendRetries, context.attempts);
  const waitUntil = (at: number): FailureOutcome => ({ state: 'waiting', nextAttemptAt: at, error: stored, holdReason: null });
  const hold = (holdReason: NonNullable<SubmissionRecord['holdReason']>): FailureOutcome => ({ state: 'held', holdReason, nextAttemptAt: null, error: stored });
  const fail: FailureOutcome = { state: 'failed', nextAttemptAt: null, error: stored, holdReason: null };
  if (error instanceof FaxApiError) {
    const verdict = classifyFailure(error, { write: true });
    if (verdict === 'unknown_outcome') return { ...waitUntil(context.now + retryDelay), outcomeUnknown: true };
    if (verdict === 'offline' || verdict === 'retryable') {
      const budgetWait = error.status === 429 ? Math.max(0, context.budgetBlockedUntil - context.now) : 0;
      return waitUntil(context.now + Math.max(budgetWait, retryDelay));
    }
    if (error.status === 401) return hold('key');
    if (error.status === 402) return hold('quota');
    if (error.failure.kind === 'tls') return hold('certificate');
    return fail;
  }
  if (isAppError(error) && (error.kind === 'not_connected' || error.kind === 'authentication')) return hold(error.kind === 'authentication' ? 'key' : 'connection');
  if (isAppError(error) && error.kind === 'offline') return waitUntil(context.now + offlineRetryMs);
  return fail;
}
