// Messages with a request id stay until dismissed; an outbox item whose outcome is unknown says "Checking…".
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { submissionStatus } from '../../renderer/src/data/outbox';
import { clearToasts, dismissToast, toast, toastStore } from '../../renderer/src/data/toasts';
import type { SubmissionView } from '../../preload/models';
import { at, pinClock } from '../helpers/clock';

beforeEach(() => {
  vi.useFakeTimers();
  clearToasts();
});
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('an ordinary message goes after a few seconds; one with a request id stays until dismissed', () => {
    toast('success', 'Saved.');
    toast('error', 'The Fax Service had a problem (500).', 'req_abc');
    toast('error', 'Copying failed.');
    vi.advanceTimersByTime(60 * 60_000);
    expect(toastStore.get().map((item) => item.text)).toEqual(['The Fax Service had a problem (500).']);
    const [sticky] = toastStore.get();
    expect(sticky).toMatchObject({ requestId: 'req_abc', sticky: true });
    dismissToast(sticky?.id ?? 0);
    expect(toastStore.get()).toEqual([]);
  });
});

describe('outbox items', () => {
  const item = (overrides: Partial<SubmissionView>): SubmissionView => ({
    id: 's',
    state: 'waiting',
    createdAt: 0,
    scheduledAt: null,
    recipients: [],
    subject: '',
    fileCount: 1,
    pages: 1,
    attempts: 1,
    faxId: null,
    bytesSent: 0,
    bytesTotal: 0,
    error: { kind: 'server', message: 'The Fax Service\'s answer did not arrive or could not be read.' },
    nextAttemptAt: 10_000,
    origin: 'compose',
    outcomeUnknown: false,
    ...overrides,
  });

  it('an unknown outcome is "Checking…", never "Not sent" or "Waiting to retry"', () => {
    expect(submissionStatus(item({ outcomeUnknown: true }), 0)).toMatchObject({ label: 'Checking…', tone: 'info', actionable: true });
    expect(submissionStatus(item({ outcomeUnknown: true }), 0).detail).toMatch(/could not be read.*Asking again at/);
    expect(submissionStatus(item({ outcomeUnknown: true, state: 'uploading' }), 0).label).toBe('Checking…');
  });

  it('waiting for the rate limit is "Waiting" with the next try, never "Uploading"', () => {
    pinClock('10:40:00');
    const waiting = submissionStatus(item({ error: { kind: 'rate_limited', message: 'Waiting for the Fax Service’s rate limit.' }, nextAttemptAt: at('10:42:15') }), 0);
    expect(waiting).toMatchObject({ label: 'Waiting', tone: 'info' });
    expect(waiting.detail).toMatch(/rate limit — next try at 10:42:15/);
  });

  it('the other states in words, with what happens next', () => {
    expect(submissionStatus(item({}), 0)).toMatchObject({ label: 'Waiting to retry', actionable: true });
    expect(submissionStatus(item({ state: 'failed', error: { kind: 'invalid_input', message: 'Refused.' } }), 0)).toMatchObject({ label: 'Not sent', tone: 'danger', detail: 'Refused.' });
    expect(submissionStatus(item({ state: 'held', error: { kind: 'quota', message: 'Allowance used up.' } }), 0)).toMatchObject({ label: 'On hold', tone: 'warning' });
    expect(submissionStatus(item({ state: 'uploading', error: null }), 0)).toMatchObject({ label: 'Uploading', actionable: false });
  });
});
