/**
 * What waits in the outbox, its upload progress, and the user's actions on it. How a submission is described
 * (state word, tone, explanation) is decided here, once, for every view that shows it.
 */
import type { SubmissionView, UploadProgress } from '../../../preload/models';
import { clockTime, dateTime } from '../format';
import { faxApi, type IpcError } from './ipc';
import { createStore } from './store';
import { toastError } from './toasts';
import { t } from '../i18n';
import type { MessageId } from '../../../preload/i18n/translator';

export const outboxStore = createStore<SubmissionView[]>([]);
export const progressStore = createStore<Record<string, UploadProgress>>({});

export async function loadOutbox(): Promise<void> {
  const result = await faxApi().listOutbox();
  if (result.ok) outboxStore.set(result.value);
}

export function applyProgress(progress: UploadProgress): void {
  progressStore.set((current) => ({ ...current, [progress.submissionId]: progress }));
}

/** What is still in the outbox (accepted ones are in the sent list). */
export function waitingItems(items: readonly SubmissionView[]): SubmissionView[] {
  return items.filter((item) => item.state !== 'accepted');
}

export interface SubmissionStatus {
  label: string;
  tone: 'info' | 'warning' | 'danger';
  /** One sentence on what happens next, when there is something to say. */
  detail: string | null;
  /** Retry / discard make sense now. */
  actionable: boolean;
}

const labels: Record<SubmissionView['state'], MessageId> = {
  scheduled: 'outbox.scheduled',
  pending: 'outbox.aboutToSend',
  uploading: 'outbox.uploading',
  waiting: 'outbox.waitingToRetry',
  accepted: 'outbox.acceptedByTheFax',
  failed: 'outbox.notSent',
  held: 'outbox.onHold',
};

function secondsUntil(epochMs: number, now: number): number {
  return Math.max(0, Math.round((epochMs - now) / 1000));
}

/** Within the minute "… in 5 seconds", after it "… at 10:42" — never "at 5 s". */
function soonOrAt(at: number, now: number, soon: MessageId, later: MessageId, values: Readonly<Record<string, string>> = {}): string {
  const seconds = secondsUntil(at, now);
  return seconds < 60 ? t(soon, { ...values, seconds }) : t(later, { ...values, at: clockTime(at) });
}

function nextTry(at: number, reason: string | null, now: number): string {
  return reason === null ? soonOrAt(at, now, 'outbox.nextTryIn', 'outbox.nextTryAt') : soonOrAt(at, now, 'outbox.nextTryInBecause', 'outbox.nextTryAtBecause', { reason });
}

export function submissionStatus(item: SubmissionView, now: number = Date.now()): SubmissionStatus {
  const actionable = item.state === 'held' || item.state === 'failed' || item.state === 'waiting' || item.state === 'scheduled';
  // The answer to an earlier attempt could not be read: the app is finding out, never "not sent".
  if (item.outcomeUnknown && (item.state === 'waiting' || item.state === 'pending' || item.state === 'uploading')) {
    const next = item.state === 'waiting' && item.nextAttemptAt !== null && item.nextAttemptAt > now ? item.nextAttemptAt : null;
    const reason = item.error?.message ?? t('outbox.theFaxServiceS');
    return { label: t('lockScreen.checking'), tone: 'info', detail: next === null ? reason : soonOrAt(next, now, 'outbox.askingAgainIn', 'outbox.askingAgainAt', { reason }), actionable };
  }
  // Waiting for the rate limit is waiting — never "uploading".
  if (item.state === 'waiting' && item.error?.kind === 'rate_limited') {
    return { label: t('outbox.waiting'), tone: 'info', detail: item.nextAttemptAt ? t('outbox.waitingForTheFax', { at: clockTime(item.nextAttemptAt, true) }) : t('outbox.waitingForTheFaxSoon'), actionable };
  }
  const tone = item.state === 'failed' ? 'danger' : item.state === 'held' ? 'warning' : 'info';
  let detail: string | null = null;
  if (item.state === 'waiting' && item.nextAttemptAt) detail = nextTry(item.nextAttemptAt, item.error?.message ?? null, now);
  else if (item.state === 'scheduled' && item.scheduledAt) detail = t('outbox.goesOut', { at: dateTime(item.scheduledAt) });
  else if (item.state === 'held' || item.state === 'failed') detail = item.error?.message ?? null;
  return { label: t(labels[item.state]), tone, detail, actionable };
}

export async function retrySubmission(id: string): Promise<void> {
  const result = await faxApi().retrySubmission({ id });
  if (!result.ok) toastError(result.error);
}

/**
 * Removes a submission from the outbox. One whose outcome is unknown may already be on its way: main refuses it
 * unless `confirmed` (the view asks first).
 */
export async function discardSubmission(id: string, confirmed: boolean): Promise<IpcError | null> {
  const result = await faxApi().discardSubmission({ id, confirmed });
  if (result.ok) return null;
  if (result.error.code !== 'outcome_unknown') toastError(result.error);
  return result.error;
}
