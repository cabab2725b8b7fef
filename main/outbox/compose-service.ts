/**
 * What the user sends: the compose draft, a resend to the recipients that failed, a forward of a fax's document.
 *
 * Sending the draft journals the submission with the draft's id (which spends the draft at once), then removes
 * the draft file. A kill between the two leaves a journaled submission and a draft file that is never shown
 * again — never a draft that comes back after its fax was accepted.
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import type { Draft, DraftRecipient, StagedFile, SubmissionView } from '../../preload/models';
import type { ConnectionService } from '../connection/connection-service';
import { AppError } from '../errors';
import type { PdfStore } from '../pdf/pdf-store';
import type { Cache } from '../store/cache/cache';
import { plainSizeOf } from '../store/crypto/sealed-file';
import type { Drafts } from '../compose/drafts';
import type { Outbox } from './outbox';
import { noCheckpoint, type Checkpoint } from '../runtime/checkpoint';
import type { Staging } from '../compose/staging';
import { msg } from '../../preload/i18n/translator';
import type { FaxId } from '../../preload/fax-id';

export interface SendDraftRequest {
  draftId?: string | undefined;
  recipients: DraftRecipient[];
  subject?: string | undefined;
  notes?: string | undefined;
  coverId?: string | undefined;
  fileIds: string[];
  scheduledAt?: number | null | undefined;
  replyWithinDays?: number | null | undefined;
}

export interface ForwardRequest {
  faxId: FaxId;
  recipients: DraftRecipient[];
  subject?: string | undefined;
  notes?: string | undefined;
  coverId?: string | undefined;
  /** A document made of the fax's pages (page tools, fill & sign), sent instead of the fax's own. */
  fileId?: string | undefined;
  /** It answers the fax (a signed copy faxed back): the two are linked once the service accepts it. */
  answer?: boolean | undefined;
}

export interface ComposeService {
  send(request: SendDraftRequest): Promise<SubmissionView>;
  /** A new submission to only the recipients of a sent fax that failed, with the same files. */
  resendFailed(faxId: FaxId): Promise<SubmissionView>;
  /** A fax's document (a received one, typically) to other numbers. */
  forward(request: ForwardRequest): Promise<SubmissionView>;
  /**
   * Takes a fax that is on hold, not sent or scheduled back into the compose draft to change it (the draft in
   * progress, if any, is set aside), then removes it from the outbox.
   */
  editSubmission(submissionId: string): Promise<Draft>;
}

export interface ComposeDeps {
  outbox: Outbox;
  drafts: Drafts;
  staging: Staging;
  pdfs: PdfStore;
  cache: Cache;
  connection: ConnectionService;
  checkpoint?: Checkpoint | undefined;
  now?: () => number;
}

export function createComposeService(deps: ComposeDeps): ComposeService {
  const checkpoint: Checkpoint = deps.checkpoint ?? noCheckpoint;
  const { outbox, staging, cache } = deps;

  /** The document the service transmitted for a fax (its cover page included), staged for sending again. */
  async function stageFaxDocument(faxId: FaxId): Promise<StagedFile> {
    const sealed = await deps.pdfs.ensure(faxId);
    const pages = cache.faxes.detail(faxId)?.pages ?? 1;
    const size = plainSizeOf((await fsp.stat(sealed)).size);
    return staging.stageSealedCopy(sealed, { name: `fax-${faxId}.pdf`, kind: 'pdf', size, pages, pagesEstimated: false });
  }

  /** The very files a submission sent (the outbox keeps them a week), staged again; null when they are gone. */
  async function stageSubmissionFiles(submissionId: string): Promise<StagedFile[] | null> {
    const original = outbox.record(submissionId);
    const paths = await outbox.filesOf(submissionId);
    if (!original || !paths) return null;
    const staged: StagedFile[] = [];
    for (const [index, filePath] of paths.entries()) {
      const file = original.files[index];
      if (!file) continue;
      staged.push(await staging.stageSealedCopy(filePath, { name: file.name, kind: file.kind, size: file.size, pages: file.pages, pagesEstimated: false }));
    }
    return staged;
  }

  return {
    async send(request) {
      const submission = await outbox.submit({
        recipients: request.recipients,
        ...(request.subject !== undefined ? { subject: request.subject } : {}),
        ...(request.notes !== undefined ? { notes: request.notes } : {}),
        ...(request.coverId !== undefined ? { coverId: request.coverId } : {}),
        fileIds: request.fileIds,
        scheduledAt: request.scheduledAt ?? null,
        draftId: request.draftId ?? null,
        replyWithinDays: request.replyWithinDays ?? null,
      });
      checkpoint('compose.submission_journaled');
      await deps.drafts.clear(request.draftId);
      checkpoint('compose.draft_cleared');
      return submission;
    },

    async resendFailed(faxId) {
      // The current per-recipient results first (a cached copy may be behind); offline, the cache decides.
      if (deps.connection.usable()) {
        const fetched = await deps.connection
          .client()
          .getFax(faxId)
          .catch(() => null);
        if (fetched) cache.faxes.upsertMany([fetched.fax], { markNewInboundUnread: false });
      }
      const detail = cache.faxes.detail(faxId);
      if (!detail || detail.direction !== 'outbound') throw new AppError('not_found', msg('composeService.onlyASentFax'));
      const failed = detail.recipients.filter((recipient) => recipient.status === 'failed');
      if (failed.length === 0) throw new AppError('invalid_input', msg('composeService.noRecipientOfThis'));
      const original = detail.submissionId ? outbox.record(detail.submissionId) : null;
      const ownFiles = detail.submissionId ? await stageSubmissionFiles(detail.submissionId) : null;
      const fileIds = (ownFiles ?? [await stageFaxDocument(faxId)]).map((file) => file.id);
      cache.audit.record('resend', { faxId });
      return outbox.submit({
        recipients: failed.map((recipient) => ({ number: recipient.to, ...(recipient.name ? { name: recipient.name } : {}) })),
        ...(original ? { subject: original.subject, notes: original.notes } : detail.subject ? { subject: detail.subject } : {}),
        // The service's document already carries the cover page; the submission's own files do not.
        ...(ownFiles && original?.coverId ? { coverId: original.coverId } : {}),
        fileIds,
        origin: 'resend',
        relatedFaxId: faxId,
      });
    },

    async editSubmission(submissionId) {
      const record = outbox.record(submissionId);
      if (!record) throw new AppError('not_found', msg('outbox.thisItemIsNo'));
      if (!(await outbox.filesOf(submissionId))) throw new AppError('file', msg('composeService.filesGoneForEdit'));
      // First it can no longer go by itself (a kill after this leaves it "not sent", never sent twice) …
      const taken = await outbox.takeBack(submissionId);
      checkpoint('compose.edit_taken_back');
      const files = await stageSubmissionFiles(submissionId);
      if (!files || files.length !== taken.files.length) throw new AppError('file', msg('composeService.filesGoneForEdit'));
      const draft: Draft = {
        id: crypto.randomUUID(),
        recipients: taken.recipients,
        subject: taken.subject,
        notes: taken.notes,
        coverId: taken.coverId,
        files,
        scheduledAt: null,
        replyWithinDays: taken.replyWithinDays,
        updatedAt: (deps.now ?? Date.now)(),
      };
      // … then the draft holds it (the one in progress set aside) …
      await deps.drafts.replace(draft);
      checkpoint('compose.edit_draft_written');
      // … and only then does it leave the outbox.
      await outbox.discard(submissionId);
      checkpoint('compose.edit_submission_removed');
      return draft;
    },

    async forward(request) {
      const staged = request.fileId ? await staging.get(request.fileId) : await stageFaxDocument(request.faxId);
      cache.audit.record('forward', { faxId: request.faxId });
      return outbox.submit({
        recipients: request.recipients,
        ...(request.subject !== undefined ? { subject: request.subject } : {}),
        ...(request.notes !== undefined ? { notes: request.notes } : {}),
        ...(request.coverId !== undefined ? { coverId: request.coverId } : {}),
        fileIds: [staged.id],
        origin: request.answer ? 'fax_back' : 'forward',
        relatedFaxId: request.faxId,
      });
    },
  };
}
