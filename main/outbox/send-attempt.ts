/**
 * One attempt to send a submission: reconciled first when its key is near the end of the service's 24 hours, held
 * back while the rate limit says wait, journaled as uploading before the request, and journaled with its outcome
 * (accepted, or what the failure policy makes of the error) after it. Every step is a checkpoint of the SIGKILL test.
 */
import type { ConnectionService } from '../connection/connection-service';
import type { EventBus } from '../runtime/event-bus';
import type { Logger } from '../log/logger';
import type { Checkpoint } from '../runtime/checkpoint';
import { sealedFormFile } from '../store/crypto/sealed-form-file';
import { msg } from '../../preload/i18n/translator';
import { failureOutcome, storedError } from './failure-policy';
import { reconcileSubmission } from './reconcile';
import type { SendOutcomes } from './send-outcomes';
import type { SubmissionJournal, SubmissionRecord } from './submission-journal';

/** The service keeps Idempotency-Keys 24 hours; past this age an unanswered submission is looked for first. */
export const reconcileAfterMs = 23 * 3600 * 1000;
/** A send that would wait less than this for the rate limit just waits inside it. */
const budgetSlackMs = 250;

export interface SendAttemptContext {
  connection: ConnectionService;
  journal: SubmissionJournal;
  events: EventBus;
  outcomes: SendOutcomes;
  fileKey: Buffer;
  log: Logger;
  now: () => number;
  checkpoint: Checkpoint;
  /** Bytes sent of each upload under way (the outbox's list shows them). */
  progress: Map<string, { sent: number; total: number }>;
  /** Journals a record and keeps it as the outbox's current one. */
  save: (record: SubmissionRecord) => Promise<void>;
  /** Tells the windows the outbox changed. */
  announce: () => void;
}

export function createSendAttempt(ctx: SendAttemptContext): (record: SubmissionRecord) => Promise<void> {
  const { now, checkpoint, log, progress, save, announce } = ctx;
  return async function sendOne(initial: SubmissionRecord): Promise<void> {
    let record = initial;
    if (record.firstAttemptAt !== null && now() - record.firstAttemptAt >= reconcileAfterMs) {
      record = await reconcileSubmission(record, { client: ctx.connection.client(), now, log });
      await save(record);
      checkpoint('outbox.reconciled');
      if (record.state === 'accepted') {
        ctx.outcomes.accepted(record);
        return;
      }
    }
    // Waiting for the rate limit is "waiting", not "uploading": the send starts when a request may go.
    const available = ctx.connection.budget()?.availableAt('user');
    if (available && available.at - now() > budgetSlackMs) {
      record = { ...record, state: 'waiting', nextAttemptAt: available.at, error: storedError('rate_limited', msg('outbox.waitingForTheRateLimit')), holdReason: null };
      await save(record);
      return;
    }
    record = {
      ...record,
      state: 'uploading',
      attempts: record.attempts + 1,
      firstAttemptAt: record.firstAttemptAt ?? now(),
      lastAttemptAt: now(),
      nextAttemptAt: null,
      // The wait for the rate limit is over; an earlier failure stays shown until this attempt ends.
      error: record.error?.kind === 'rate_limited' ? null : record.error,
    };
    await save(record);
    checkpoint('outbox.attempt_journaled');
    announce();
    const files = record.files.map((file, index) => sealedFormFile(ctx.journal.filePath(record.id, index), index, file, ctx.fileKey));
    try {
      const client = ctx.connection.client();
      const result = await client.sendFax(
        {
          recipients: record.recipients,
          ...(record.subject ? { subject: record.subject } : {}),
          ...(record.notes ? { notes: record.notes } : {}),
          ...(record.coverId ? { coverId: record.coverId } : {}),
          files,
        },
        {
          idempotencyKey: record.idempotencyKey,
          // The outbox retries on its own schedule (journaled); the client does not retry a send by itself.
          retry: null,
          onProgress: (sent, total) => {
            progress.set(record.id, { sent, total });
            ctx.events.emit('uploadProgress', { submissionId: record.id, bytesSent: sent, bytesTotal: total });
            checkpoint('outbox.upload_progress');
          },
        },
      );
      checkpoint('outbox.reply_received');
      record = { ...record, state: 'accepted', faxId: result.faxId, reference: result.reference, acceptedAt: now(), error: null, holdReason: null, outcomeUnknown: false, acceptedRequestId: result.requestId };
      await save(record);
      checkpoint('outbox.accepted_journaled');
      log.info('outbox.accepted', { submissionId: record.id, faxId: result.faxId, replayed: result.replayed, attempts: record.attempts });
      ctx.outcomes.accepted(record);
    } catch (error) {
      const budgetBlockedUntil = ctx.connection.budget()?.snapshot().blockedUntil ?? 0;
      record = { ...record, ...failureOutcome(error, { attempts: record.attempts, coverId: record.coverId, now: now(), budgetBlockedUntil }) };
      await save(record);
      checkpoint('outbox.failure_journaled');
      if (record.holdReason === 'quota') ctx.outcomes.quotaRefused();
      log.warn('outbox.attempt_failed', { submissionId: record.id, state: record.state, kind: record.error?.kind, requestId: record.error?.requestId });
    } finally {
      progress.delete(record.id);
    }
  };
}
