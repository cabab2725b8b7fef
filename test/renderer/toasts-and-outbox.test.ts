// Messages with a request id stay until dismissed; an outbox item whose outcome is unknown says "Checking…".
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queuedMessage } from '../../renderer/src/data/compose';
import { submissionStatus } from '../../renderer/src/data/outbox';
import { clearToasts, dismissToast, keyedToast, toast, toastStore } from '../../renderer/src/data/toasts';
import { announceArrival } from '../../renderer/src/data/arrivals';
import { announceOverdue } from '../../renderer/src/data/replies';
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

  it('a keyed message takes the place of the shown one with its key, for its full time again', () => {
    toast('info', 'Saved.');
    keyedToast('k', 'info', 'one');
    vi.advanceTimersByTime(4000);
    keyedToast('k', 'info', 'two');
    expect(toastStore.get().map((item) => item.text)).toEqual(['Saved.', 'two']);
    vi.advanceTimersByTime(4000);
    expect(toastStore.get().map((item) => item.text)).toEqual(['two']);
    vi.advanceTimersByTime(1000);
    expect(toastStore.get()).toEqual([]);
  });

  it('replies falling due while their message shows share it, three named; once it has gone, one is named alone', () => {
    announceOverdue({ reference: 'FX-1' });
    expect(toastStore.get().map((item) => item.text)).toEqual(['A reply is overdue: no reply yet to fax FX-1.']);
    for (const reference of ['FX-2', 'FX-3', 'FX-4']) announceOverdue({ reference });
    expect(toastStore.get().map((item) => item.text)).toEqual(['4 replies are overdue: no reply yet to FX-1, FX-2, FX-3 and 1 more.']);
    vi.advanceTimersByTime(10_000);
    announceOverdue({ reference: 'FX-5' });
    expect(toastStore.get().map((item) => item.text)).toEqual(['A reply is overdue: no reply yet to fax FX-5.']);
  });

  it('faxes arriving while the message shows count up in it; once it has gone, the count starts again', () => {
    for (let index = 0; index < 5; index += 1) announceArrival();
    toast('error', 'Copying failed.');
    announceArrival();
    expect(toastStore.get().map((item) => item.text)).toEqual(['Copying failed.', '6 new faxes arrived.']);
    vi.advanceTimersByTime(10_000);
    announceArrival();
    expect(toastStore.get().map((item) => item.text)).toEqual(['A new fax arrived.']);
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
    expect(submissionStatus(item({ outcomeUnknown: true }), 0).detail).toMatch(/could not be read\. Asking again in 10 seconds\.$/);
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

  it('the next try in words a person reads: "in 5 seconds" within the minute, a clock time after it, never "at 5 s"', () => {
    pinClock('10:40:00');
    const now = at('10:40:00');
    const detail = (seconds: number, error: SubmissionView['error'] = null) => submissionStatus(item({ error, nextAttemptAt: now + seconds * 1000 }), now).detail;
    expect(detail(5)).toBe('Next try in 5 seconds.');
    expect(detail(1)).toBe('Next try in 1 second.');
    expect(detail(5, { kind: 'offline', message: 'The Fax Service cannot be reached.' })).toBe('Next try in 5 seconds. The Fax Service cannot be reached.');
    expect(detail(135)).toBe('Next try at 10:42 AM.');
    for (let seconds = 0; seconds < 200; seconds += 7) expect(detail(seconds)).not.toMatch(/\d s\b|at \d+ s/);
  });
});

describe('the toast after Send says where the fax is', () => {
  const submission = (state: SubmissionView['state']): SubmissionView => ({
    id: 's', state, createdAt: 0, scheduledAt: null, recipients: [], subject: '', fileCount: 1, pages: 1, attempts: 0, faxId: null,
    bytesSent: 0, bytesTotal: 0, error: null, nextAttemptAt: null, origin: 'compose', outcomeUnknown: false,
  });
  const statuses = ['starting', 'signed_out', 'connecting', 'key_rejected', 'syncing', 'up_to_date', 'rate_limited', 'offline', 'unreadable', 'error'] as const;
  const states = ['scheduled', 'pending', 'uploading', 'waiting', 'accepted', 'failed', 'held'] as const;

  it('"uploading now" only while connected and on its way; offline and on hold say so', () => {
    for (const state of states) {
      for (const status of statuses) {
        const said = queuedMessage(submission(state), status);
        const uploading = said === 'In the outbox: uploading now.';
        const canUpload = (state === 'pending' || state === 'uploading' || state === 'accepted') && !['starting', 'signed_out', 'connecting', 'key_rejected', 'offline'].includes(status);
        expect(uploading, `${state} while ${status}`).toBe(canUpload);
        if (status === 'offline' && state !== 'scheduled' && state !== 'held' && state !== 'failed') expect(said).toMatch(/when the Fax Service can be reached/);
        if (state === 'held') expect(said).toMatch(/on hold/);
      }
    }
  });
});
