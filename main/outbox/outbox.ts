/**
 * The outbox sends every submission exactly once.
 *
 * 1. A submission (recipients, names, subject, notes, cover, its own encrypted copies of the files) is journaled
 *    with a fresh Idempotency-Key before any request is made.
 * 2. It is sent with that key, and re-sent with the same key after network errors, time-outs, 409, 429 and 5xx,
 *    until a 202 or a definitive error. The Fax Service answers a repeated key with the original reply, so a
 *    retry after a lost reply never makes a second fax.
 * 3. On start, every unfinished submission resumes with its key (a crash mid-upload included).
 * 4. The service keeps keys 24 hours. A submission whose outcome is still unknown near that age is reconciled:
 *    the fax list is searched for it; only if it is not there is it sent again, under a new key.
 * 402 (quota) and a rejected key hold a submission until the user acts or a new key is entered; other 4xx
 * fail it, and it stays in the outbox so nothing is lost.
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import type { DraftRecipient, RecipientView, SubmissionView } from '../../preload/models';
import { appErrorOf, FaxApiError } from '../api/api-error';
import { classifyFailure } from '../api/failure-class';
import type { FormFile } from '../api/multipart-body';
import type { ConnectionService } from '../connection/connection-service';
import { AppError, isAppError } from '../errors';
import { contentTypes, extensions } from '../files/file-kind';
import { checkFileCount, checkRecipients } from '../files/submission-rules';
import type { EventBus } from '../runtime/event-bus';
import type { Logger } from '../log/logger';
import type { Cache } from '../store/cache/cache';
import { SealedReader } from '../store/crypto/sealed-file';
import { noCheckpoint, type Checkpoint } from '../runtime/checkpoint';
import { createOneTimer } from '../runtime/one-timer';
import { createSerialPass } from '../runtime/serial-pass';
import { realTimers, type Timers } from '../runtime/timers';
import type { Staging } from './staging';
import type { SubmissionJournal, SubmissionRecord } from './submission-journal';
import { msg, translate, type Message } from '../../preload/i18n/translator';
import { storeMessage, wordStoredMessage } from '../i18n/stored-message';
import type { FaxId } from '../../preload/fax-id';


export interface OutboxDeps {
  journal: SubmissionJournal;
  staging: Staging;
  connection: ConnectionService;
  cache: Cache;
  events: EventBus;
  log: Logger;
  fileKey: Buffer;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
  /** The service accepted a submission (its fax now exists). */
  onAccepted?: () => void;
  /** The service refused a submission for the allowance (402): the account is worth reading again. */
  onQuotaRefused?: () => void;
}

export interface NewSubmission {
  recipients: DraftRecipient[];
  subject?: string;
  notes?: string;
  coverId?: string;
  fileIds: string[];
  scheduledAt?: number | null;
  origin?: SubmissionRecord['origin'];
  relatedFaxId?: FaxId | null;
  /** Keep the staged files after journaling (they belong to a draft the user keeps editing). */
  keepStaged?: boolean;
  /** The compose draft being sent: journaling this submission spends it (see `hasDraft`). */
  draftId?: string | null;
  /** A reply is expected within this many days of acceptance. */
  replyWithinDays?: number | null;
  /** The hot-folder claim being sent: a claim makes one submission, and submitting it again returns that one. */
  claimId?: string | null;
}

/** The service keeps Idempotency-Keys 24 hours; past this age an unanswered submission is looked for first. */
export const reconcileAfterMs = 23 * 3600 * 1000;
const retryDelaysMs = [2_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000];
const acceptedFilesKeptMs = 7 * 24 * 3600 * 1000;
const acceptedListedMs = 24 * 3600 * 1000;
/** A send that would wait less than this for the rate limit just waits inside it. */
const budgetSlackMs = 250;

/** A failure as the journal keeps it: the message by id, and its English words for older readers and support. */
function storedError(kind: string, text: Message, details: { requestId?: string | undefined; code?: string | undefined } = {}): NonNullable<SubmissionRecord['error']> {
  return { kind, message: translate('en', text), text: storeMessage(text), ...(details.requestId ? { requestId: details.requestId } : {}), ...(details.code ? { code: details.code } : {}) };
}

/** The stored failure as the window shows it: its message worded now, in the app's language. */
function viewError(error: SubmissionRecord['error']): SubmissionView['error'] {
  if (error === null) return null;
  const { text, message, ...rest } = error;
  return { ...rest, message: wordStoredMessage(text, message) };
}

function view(record: SubmissionRecord, progress: { sent: number; total: number } | undefined): SubmissionView {
  return {
    id: record.id,
    state: record.state,
    createdAt: record.createdAt,
    scheduledAt: record.scheduledAt,
    recipients: record.recipients,
    subject: record.subject,
    fileCount: record.files.length,
    pages: record.pages,
    attempts: record.attempts,
    faxId: record.faxId,
    bytesSent: progress?.sent ?? 0,
    bytesTotal: progress?.total ?? 0,
    error: viewError(record.error),
    nextAttemptAt: record.nextAttemptAt,
    origin: record.origin,
    outcomeUnknown: record.outcomeUnknown,
  };
}

/** A FormFile that reads a sealed (encrypted) copy and decrypts it as it goes out. */
function sealedFormFile(filePath: string, index: number, file: SubmissionRecord['files'][number], key: Buffer): FormFile {
  return {
    name: 'files',
    // The user's own file name never leaves the machine: the service gets a neutral one.
    filename: `document-${index + 1}.${extensions[file.kind]}`,
    contentType: contentTypes[file.kind],
    size: file.size,
    async open() {
      const reader = await SealedReader.open(filePath, key);
      if (reader.plainSize !== file.size) {
        await reader.close();
        throw new Error('file changed during upload');
      }
      let index = 0;
      return {
        async next() {
          if (index >= reader.chunks) return Buffer.alloc(0);
          const chunk = await reader.chunk(index);
          index += 1;
          return chunk;
        },
        async finish() {
          await reader.close();
          if (index !== reader.chunks) throw new Error('file changed during upload');
        },
        close: () => reader.close().catch(() => undefined),
      };
    },
  };
}

export interface Outbox {
  list(): SubmissionView[];
  /** Reads the journal (before anything asks what the outbox holds: a spent draft is recognised by it). */
  load(): Promise<void>;
  start(): Promise<void>;
  /** Sends what is due, one submission at a time; joins the pass under way. */
  work(): Promise<void>;
  /** Journals a new submission (its own copies of the files, a fresh Idempotency-Key) and starts sending it. */
  submit(input: NewSubmission): Promise<SubmissionView>;
  retry(id: string): Promise<SubmissionView>;
  /**
   * Removes a submission that was not accepted. One that went out without a readable answer may already be on
   * its way, so that needs `confirmed` (the UI asks first); if it did arrive, sync shows it like any sent fax.
   */
  discard(id: string, options?: { confirmed?: boolean }): Promise<void>;
  /**
   * Stops a submission that is not on its way (held, not sent, scheduled) from ever going by itself, before its
   * fax is taken back into a draft to edit: it stays listed as "not sent" until it is discarded.
   */
  takeBack(id: string): Promise<SubmissionRecord>;
  /** Whether a submission was made from this draft (the draft is then spent and must not come back). */
  hasDraft(draftId: string): boolean;
  /** The submission behind a fax, while its files are still kept. */
  record(id: string): SubmissionRecord | null;
  /** The submission made for a hot-folder claim, if one was journaled. */
  byClaim(claimId: string): SubmissionRecord | null;
  filesOf(id: string): Promise<string[] | null>;
  stop(): Promise<void>;
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const now = deps.now ?? Date.now;
  const checkpoint: Checkpoint = deps.checkpoint ?? noCheckpoint;
  const log = deps.log.child('outbox');
  const records = new Map<string, SubmissionRecord>();
  const progress = new Map<string, { sent: number; total: number }>();
  const timer = createOneTimer(deps.timers ?? realTimers);
  let started = false;
  let unsubscribe: (() => void) | null = null;

  const list = (): SubmissionView[] =>
    [...records.values()]
      .filter((record) => record.state !== 'accepted' || now() - (record.acceptedAt ?? 0) < acceptedListedMs)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((record) => view(record, progress.get(record.id)));

  function announce(): void {
    deps.events.emit('outboxChanged', list());
  }

  async function save(record: SubmissionRecord): Promise<void> {
    await deps.journal.write(record);
    records.set(record.id, record);
  }

  function dueAt(record: SubmissionRecord): number | null {
    if (record.state === 'scheduled') return record.scheduledAt ?? now();
    if (record.state === 'pending') return now();
    if (record.state === 'waiting') return record.nextAttemptAt ?? now();
    return null;
  }

  function schedule(): void {
    timer.cancel();
    // Without a usable key nothing can go: the connection's next change (signed in again) starts the next pass.
    if (!started || !deps.connection.usable()) return;
    const times = [...records.values()].map(dueAt).filter((time): time is number => time !== null);
    if (times.length === 0) return;
    const delay = Math.max(0, Math.min(...times) - now());
    timer.after(delay, () => void outbox.work());
  }

  /** What the user reads when a send failed: the cover sheet named when it is what the service refused. */
  function describeFailure(error: unknown, record: SubmissionRecord): AppError {
    if (error instanceof FaxApiError) {
      const failure = error.failure;
      const mentionsCover = failure.kind === 'http' && /cover/i.test(`${failure.code ?? ''} ${failure.message ?? ''}`);
      if (record.coverId && failure.kind === 'http' && failure.status >= 400 && failure.status < 500 && (failure.status === 404 || mentionsCover)) {
        return new AppError(
          'invalid_input',
          msg('outbox.theFaxServiceDoes'),
          { status: failure.status, ...(failure.requestId ? { requestId: failure.requestId } : {}), ...(failure.code ? { code: failure.code } : {}) },
        );
      }
      if (classifyFailure(error, { write: true }) === 'unknown_outcome') {
        return new AppError(
          'server',
          msg('outbox.theFaxServiceS'),
          error.requestId ? { requestId: error.requestId } : {},
        );
      }
    }
    return appErrorOf(error) ?? new AppError('internal', msg('outbox.sendingFailedUnexpectedly'));
  }

  function failureState(error: unknown, record: SubmissionRecord): Partial<SubmissionRecord> {
    const appError = describeFailure(error, record);
    const stored = storedError(appError.kind, appError.text, appError.details);
    const retryDelay = (): number => retryDelaysMs[Math.min(record.attempts - 1, retryDelaysMs.length - 1)] ?? 300_000;
    if (error instanceof FaxApiError) {
      const verdict = classifyFailure(error, { write: true });
      if (verdict === 'unknown_outcome') return { state: 'waiting', nextAttemptAt: now() + retryDelay(), error: stored, holdReason: null, outcomeUnknown: true };
      if (verdict === 'offline' || verdict === 'retryable') {
        const budgetWait = error.status === 429 ? Math.max(0, (deps.connection.budget()?.snapshot().blockedUntil ?? 0) - now()) : 0;
        return { state: 'waiting', nextAttemptAt: now() + Math.max(budgetWait, retryDelay()), error: stored, holdReason: null };
      }
      if (error.status === 401) return { state: 'held', holdReason: 'key', nextAttemptAt: null, error: stored };
      if (error.status === 402) return { state: 'held', holdReason: 'quota', nextAttemptAt: null, error: stored };
      if (error.failure.kind === 'tls') return { state: 'held', holdReason: 'certificate', nextAttemptAt: null, error: stored };
      return { state: 'failed', nextAttemptAt: null, error: stored, holdReason: null };
    }
    if (isAppError(error) && (error.kind === 'not_connected' || error.kind === 'authentication')) {
      return { state: 'held', holdReason: error.kind === 'authentication' ? 'key' : 'connection', nextAttemptAt: null, error: stored };
    }
    if (isAppError(error) && error.kind === 'offline') return { state: 'waiting', nextAttemptAt: now() + 30_000, error: stored, holdReason: null };
    return { state: 'failed', nextAttemptAt: null, error: stored, holdReason: null };
  }

  /** Looks for a submission the service may have accepted under a key it no longer remembers. */
  async function reconcile(record: SubmissionRecord): Promise<SubmissionRecord> {
    const client = deps.connection.client();
    const from = (record.firstAttemptAt ?? record.createdAt) - 10 * 60_000;
    const to = (record.lastAttemptAt ?? now()) + 10 * 60_000;
    const wanted = [...record.recipients.map((recipient) => recipient.number)].sort().join(',');
    for (let offset = 0; offset < 1000; offset += 100) {
      const page = await client.listFaxes(
        { limit: 100, offset, direction: 'outbound', createdAfter: new Date(from).toISOString(), createdBefore: new Date(to).toISOString() },
        { priority: 'background' },
      );
      const match = page.items.find((fax) => {
        const numbers = fax.recipients.map((recipient) => recipient.to).sort().join(',');
        return numbers === wanted && (fax.pages === null || fax.pages === record.pages);
      });
      if (match) {
        log.info('outbox.reconciled_found', { submissionId: record.id, faxId: match.id });
        return { ...record, state: 'accepted', faxId: match.id, reference: match.reference, acceptedAt: now(), error: null, nextAttemptAt: null, outcomeUnknown: false };
      }
      if (!page.hasMore) break;
    }
    log.info('outbox.reconciled_absent', { submissionId: record.id });
    // Not on the service: the old key is forgotten there, so a new key makes the next attempt a fresh one.
    return { ...record, idempotencyKey: crypto.randomUUID(), keyGeneration: record.keyGeneration + 1, firstAttemptAt: null, state: 'pending', outcomeUnknown: false };
  }

  async function sendOne(initial: SubmissionRecord): Promise<void> {
    let record = initial;
    if (record.firstAttemptAt !== null && now() - record.firstAttemptAt >= reconcileAfterMs) {
      record = await reconcile(record);
      await save(record);
      checkpoint('outbox.reconciled');
      if (record.state === 'accepted') {
        afterAccepted(record);
        return;
      }
    }
    // Waiting for the rate limit is "waiting", not "uploading": the send starts when a request may go.
    const available = deps.connection.budget()?.availableAt('user');
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
    const files = record.files.map((file, index) => sealedFormFile(deps.journal.filePath(record.id, index), index, file, deps.fileKey));
    try {
      const client = deps.connection.client();
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
            deps.events.emit('uploadProgress', { submissionId: record.id, bytesSent: sent, bytesTotal: total });
            checkpoint('outbox.upload_progress');
          },
        },
      );
      checkpoint('outbox.reply_received');
      record = { ...record, state: 'accepted', faxId: result.faxId, reference: result.reference, acceptedAt: now(), error: null, holdReason: null, outcomeUnknown: false, acceptedRequestId: result.requestId };
      await save(record);
      checkpoint('outbox.accepted_journaled');
      log.info('outbox.accepted', { submissionId: record.id, faxId: result.faxId, replayed: result.replayed, attempts: record.attempts });
      afterAccepted(record);
    } catch (error) {
      record = { ...record, ...failureState(error, record) };
      await save(record);
      checkpoint('outbox.failure_journaled');
      if (record.holdReason === 'quota') deps.onQuotaRefused?.();
      log.warn('outbox.attempt_failed', { submissionId: record.id, state: record.state, kind: record.error?.kind, requestId: record.error?.requestId });
    } finally {
      progress.delete(record.id);
    }
  }

  function afterAccepted(record: SubmissionRecord): void {
    if (record.faxId === null) return;
    const recipients: RecipientView[] = record.recipients.map((recipient) => ({ to: recipient.number, name: recipient.name ?? null, status: 'queued', error: null, reason: null }));
    deps.cache.faxes.recordSent({ id: record.faxId, reference: record.reference, status: 'queued', pages: record.pages, recipients, subject: record.subject || null, submissionId: record.id, requestId: record.acceptedRequestId });
    if (record.replyWithinDays !== null) deps.cache.replies.expect(record.faxId, (record.acceptedAt ?? now()) + record.replyWithinDays * 86_400_000);
    deps.cache.audit.record('send', { faxId: record.faxId, submissionId: record.id });
    deps.events.emit('faxesChanged', { added: [record.faxId], updated: [], unreadInbound: deps.cache.faxes.unreadInbound() });
    deps.onAccepted?.();
  }

  async function workLoop(): Promise<void> {
    for (;;) {
      if (!deps.connection.usable()) break;
      const at = now();
      const next = [...records.values()]
        .filter((record) => {
          const due = dueAt(record);
          return due !== null && due <= at;
        })
        .sort((a, b) => a.createdAt - b.createdAt)[0];
      if (!next) break;
      await sendOne(next);
      announce();
    }
  }

  const passes = createSerialPass(workLoop, { onError: (error) => log.error('outbox.work_failed', { error }), afterEach: schedule });

  const outbox: Outbox = {
    list,

    /** Reads the journal (before anything asks what the outbox holds: a spent draft is recognised by it). */
    async load(): Promise<void> {
      for (const record of await deps.journal.readAll()) {
        // An attempt under way when the app stopped resumes with the same key; it may already have arrived.
        records.set(record.id, record.state === 'uploading' ? { ...record, state: 'pending', outcomeUnknown: true } : record);
      }
    },

    async start(): Promise<void> {
      // Accepted submissions keep their files a week (for "resend failed recipients"), then only the record.
      for (const record of records.values()) {
        if (record.state === 'accepted' && now() - (record.acceptedAt ?? 0) > acceptedFilesKeptMs) await deps.journal.removeFiles(record.id);
      }
      started = true;
      unsubscribe = deps.connection.onChange((state) => {
        if (state.status === 'connected') {
          // A new key releases what a rejected key held back.
          for (const record of records.values()) {
            if (record.state === 'held' && (record.holdReason === 'key' || record.holdReason === 'connection' || record.holdReason === 'certificate')) {
              records.set(record.id, { ...record, state: 'pending', holdReason: null });
            }
          }
        }
        if (deps.connection.usable()) void outbox.work();
      });
      announce();
      void outbox.work();
    },

    /** Sends what is due, one submission at a time; asked during a pass, looks once more after it. */
    work: () => passes.run(),

    async submit(input: NewSubmission): Promise<SubmissionView> {
      // A draft is sent once: asking again (a double click, a lost reply) gets the submission it already made.
      const spent = input.draftId ? [...records.values()].find((record) => record.draftId === input.draftId) : undefined;
      if (spent) return view(spent, progress.get(spent.id));
      const claimed = input.claimId ? outbox.byClaim(input.claimId) : null;
      if (claimed) return view(claimed, progress.get(claimed.id));
      const recipients = checkRecipients(input.recipients);
      const coverId = input.coverId?.trim() ?? '';
      checkFileCount(input.fileIds.length, coverId || null);
      const staged = await Promise.all(input.fileIds.map((id) => deps.staging.get(id)));
      const pages = staged.reduce((sum, file) => sum + file.pages, 0) + (coverId ? 1 : 0);
      const at = now();
      const scheduledAt = input.scheduledAt && input.scheduledAt > at ? input.scheduledAt : null;
      const record: SubmissionRecord = {
        version: 1,
        id: crypto.randomUUID(),
        idempotencyKey: crypto.randomUUID(),
        keyGeneration: 0,
        createdAt: at,
        scheduledAt,
        origin: input.origin ?? 'compose',
        relatedFaxId: input.relatedFaxId ?? null,
        recipients,
        subject: input.subject?.trim() ?? '',
        notes: input.notes?.trim() ?? '',
        coverId,
        files: staged.map((file) => ({ name: file.name, kind: file.kind, size: file.size, pages: file.pages })),
        pages,
        state: scheduledAt ? 'scheduled' : 'pending',
        holdReason: null,
        attempts: 0,
        firstAttemptAt: null,
        lastAttemptAt: null,
        nextAttemptAt: null,
        faxId: null,
        reference: null,
        acceptedAt: null,
        error: null,
        draftId: input.draftId ?? null,
        outcomeUnknown: false,
        acceptedRequestId: null,
        replyWithinDays: input.replyWithinDays ?? null,
        claimId: input.claimId ?? null,
      };
      // The submission's own copies first; the record last: a crash in between leaves no submission, and the
      // draft's staged files are untouched.
      await fsp.mkdir(deps.journal.folder(record.id), { recursive: true, mode: 0o700 });
      try {
        for (const [index, file] of staged.entries()) await deps.staging.copySealed(file.id, deps.journal.filePath(record.id, index));
      } catch (error) {
        await deps.journal.remove(record.id);
        throw error;
      }
      checkpoint('outbox.files_copied');
      await save(record);
      checkpoint('outbox.submission_journaled');
      if (!input.keepStaged) await deps.staging.release(input.fileIds);
      log.info('outbox.submitted', { submissionId: record.id, recipients: recipients.length, files: staged.length, scheduled: scheduledAt !== null });
      announce();
      void outbox.work();
      return view(record, undefined);
    },

    async retry(id: string): Promise<SubmissionView> {
      const record = records.get(id);
      if (!record) throw new AppError('not_found', msg('outbox.thisItemIsNo'));
      if (record.state === 'accepted') throw new AppError('invalid_input', msg('outbox.thisFaxWasAlready'));
      if (record.state === 'uploading') return view(record, progress.get(id));
      const next: SubmissionRecord = { ...record, state: 'pending', holdReason: null, nextAttemptAt: null, scheduledAt: record.state === 'scheduled' ? null : record.scheduledAt };
      await save(next);
      announce();
      void outbox.work();
      return view(next, undefined);
    },

    /**
     * Removes a submission that was not accepted. One that went out without a readable answer may already be on
     * its way, so that needs `confirmed` (the UI asks first); if it did arrive, sync shows it like any sent fax.
     */
    async discard(id: string, options: { confirmed?: boolean } = {}): Promise<void> {
      const record = records.get(id);
      if (!record) return;
      if (record.state === 'uploading') throw new AppError('invalid_input', msg('outbox.thisFaxIsBeing'));
      if (record.state === 'accepted') throw new AppError('invalid_input', msg('outbox.thisFaxWasAlready2'));
      if (record.outcomeUnknown && options.confirmed !== true) {
        throw new AppError('conflict', msg('outbox.thisFaxMayAlready'), {
          code: 'outcome_unknown',
        });
      }
      await deps.journal.remove(id);
      records.delete(id);
      deps.cache.audit.record('delete', { submissionId: id });
      announce();
    },

    async takeBack(id: string): Promise<SubmissionRecord> {
      const record = records.get(id);
      if (!record) throw new AppError('not_found', msg('outbox.thisItemIsNo'));
      if (record.outcomeUnknown) throw new AppError('conflict', msg('outbox.thisFaxMayAlready'), { code: 'outcome_unknown' });
      if (record.state !== 'held' && record.state !== 'failed' && record.state !== 'scheduled') throw new AppError('invalid_input', msg('outbox.onlyHeldCanBeEdited'));
      const next: SubmissionRecord = { ...record, state: 'failed', holdReason: null, nextAttemptAt: null, error: storedError('taken_back', msg('outbox.takenBackToEdit')) };
      await save(next);
      announce();
      return next;
    },

    /** Whether a submission was made from this draft (the draft is then spent and must not come back). */
    hasDraft(draftId: string): boolean {
      return [...records.values()].some((record) => record.draftId === draftId);
    },

    /** The submission behind a fax, while its files are still kept. */
    record(id: string): SubmissionRecord | null {
      return records.get(id) ?? null;
    },

    byClaim(claimId: string): SubmissionRecord | null {
      return [...records.values()].find((record) => record.claimId === claimId) ?? null;
    },

    async filesOf(id: string): Promise<string[] | null> {
      const record = records.get(id);
      if (!record) return null;
      const paths = record.files.map((_file, index) => deps.journal.filePath(id, index));
      for (const file of paths) if (!(await fsp.stat(file).then(() => true, () => false))) return null;
      return paths;
    },

    async stop(): Promise<void> {
      started = false;
      unsubscribe?.();
      timer.cancel();
      await passes.idle();
    },
  };
  return outbox;
}

