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
import fsp from 'node:fs/promises';
import type { SubmissionView } from '../../preload/models';
import type { ConnectionService } from '../connection/connection-service';
import { AppError } from '../errors';
import { checkFileCount, checkRecipients } from '../files/submission-rules';
import type { EventBus } from '../runtime/event-bus';
import type { Logger } from '../log/logger';
import type { Cache } from '../store/cache/cache';
import { noCheckpoint, type Checkpoint } from '../runtime/checkpoint';
import { createOneTimer } from '../runtime/one-timer';
import { createSerialPass } from '../runtime/serial-pass';
import { realTimers, type Timers } from '../runtime/timers';
import { storedError } from './failure-policy';
import { createSendAttempt } from './send-attempt';
import { newSubmissionRecord, type NewSubmission } from './new-submission';
import type { SendOutcomes } from './send-outcomes';
import type { Staging } from '../compose/staging';
import { view } from './submission-view';
import type { SubmissionJournal, SubmissionRecord } from './submission-journal';
import { msg } from '../../preload/i18n/translator';


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
  /** What follows an accepted submission or a refusal for the allowance (wired in core). */
  outcomes: SendOutcomes;
}


const acceptedFilesKeptMs = 7 * 24 * 3600 * 1000;
const acceptedListedMs = 24 * 3600 * 1000;

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

  const sendOne = createSendAttempt({
    connection: deps.connection,
    journal: deps.journal,
    events: deps.events,
    outcomes: deps.outcomes,
    fileKey: deps.fileKey,
    log,
    now,
    checkpoint,
    progress,
    save,
    announce,
  });

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
      const at = now();
      const scheduledAt = input.scheduledAt && input.scheduledAt > at ? input.scheduledAt : null;
      const record = newSubmissionRecord(input, { recipients, coverId, staged, at, scheduledAt });
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

