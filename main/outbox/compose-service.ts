/**
 * Sending the compose draft: the submission is journaled with the draft's id (which spends the draft at once),
 * then the draft file is removed. A kill between the two leaves a journaled submission and a draft file that is
 * never shown again — never a draft that comes back after its fax was accepted.
 */
import type { DraftRecipient, SubmissionView } from '../../preload/models';
import type { Drafts } from './drafts';
import type { Checkpoint, Outbox } from './outbox';

export interface SendDraftRequest {
  draftId?: string | undefined;
  recipients: DraftRecipient[];
  subject?: string | undefined;
  notes?: string | undefined;
  coverId?: string | undefined;
  fileIds: string[];
  scheduledAt?: number | null | undefined;
}

export interface ComposeService {
  send(request: SendDraftRequest): Promise<SubmissionView>;
}

export function createComposeService(deps: { outbox: Outbox; drafts: Drafts; checkpoint?: Checkpoint }): ComposeService {
  const checkpoint: Checkpoint = deps.checkpoint ?? (() => undefined);
  return {
    async send(request) {
      const submission = await deps.outbox.submit({
        recipients: request.recipients,
        ...(request.subject !== undefined ? { subject: request.subject } : {}),
        ...(request.notes !== undefined ? { notes: request.notes } : {}),
        ...(request.coverId !== undefined ? { coverId: request.coverId } : {}),
        fileIds: request.fileIds,
        scheduledAt: request.scheduledAt ?? null,
        draftId: request.draftId ?? null,
      });
      checkpoint('compose.submission_journaled');
      await deps.drafts.clear(request.draftId);
      checkpoint('compose.draft_cleared');
      return submission;
    },
  };
}
