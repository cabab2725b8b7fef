/** What a new submission is asked with, and the journal record it starts as (a fresh Idempotency-Key, no attempt yet). */
import crypto from 'node:crypto';
import type { DraftRecipient, StagedFile } from '../../preload/models';
import type { FaxId } from '../../preload/fax-id';
import type { SubmissionRecord } from './submission-journal';

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

export interface CheckedSubmission {
  recipients: SubmissionRecord['recipients'];
  coverId: string;
  staged: StagedFile[];
  at: number;
  scheduledAt: number | null;
}

export function newSubmissionRecord(input: NewSubmission, checked: CheckedSubmission): SubmissionRecord {
  const { recipients, coverId, staged, at, scheduledAt } = checked;
  return {
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
    pages: staged.reduce((sum, file) => sum + file.pages, 0) + (coverId ? 1 : 0),
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
}
