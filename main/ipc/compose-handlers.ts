/** Compose and outbox over IPC: staging files, the draft, sending, and the outbox's actions. */
import fsp from 'node:fs/promises';
import type { StagedFile } from '../../preload/models';
import { AppError } from '../errors';
import { plainSizeOf } from '../store/crypto/sealed-file';
import type { Handlers } from './dispatcher';
import type { HandlerContext } from './services';

type ComposeHandlers = Pick<
  Handlers,
  'stageFiles' | 'readStagedFile' | 'releaseStagedFiles' | 'getDraft' | 'saveDraft' | 'sendFax' | 'listOutbox' | 'retrySubmission' | 'discardSubmission' | 'resendFailed' | 'forwardFax'
>;

export function composeHandlers(context: HandlerContext): ComposeHandlers {
  async function fileOfFax(faxId: number): Promise<{ staged: StagedFile[]; includesCover: boolean }> {
    const { pdfs, staging, cache } = await context.services();
    const sealed = await pdfs.ensure(faxId);
    const pages = cache.faxes.detail(faxId)?.pages ?? 1;
    const size = plainSizeOf((await fsp.stat(sealed)).size);
    const staged = await staging.stageSealedCopy(sealed, { name: `fax-${faxId}.pdf`, kind: 'pdf', size, pages, pagesEstimated: false });
    return { staged: [staged], includesCover: true };
  }

  return {
    async stageFiles({ paths }) {
      return (await context.services()).staging.stage(paths);
    },

    async readStagedFile({ id }) {
      return new Uint8Array(await (await context.services()).staging.read(id));
    },

    async releaseStagedFiles({ ids }) {
      await (await context.services()).staging.release(ids);
      return null;
    },

    async getDraft() {
      return (await context.services()).drafts.get();
    },

    async saveDraft(draft) {
      await (await context.services()).drafts.save(draft);
      return null;
    },

    async sendFax(request) {
      return (await context.services()).compose.send(request);
    },

    async listOutbox() {
      return (await context.services()).outbox.list();
    },

    async retrySubmission({ id }) {
      return (await context.services()).outbox.retry(id);
    },

    async discardSubmission({ id, confirmed }) {
      await (await context.services()).outbox.discard(id, confirmed === undefined ? {} : { confirmed });
      return null;
    },

    async resendFailed({ faxId }) {
      const { cache, outbox, staging } = await context.services();
      if (context.connection.usable()) {
        const { fax } = await context.connection.client().getFax(faxId).catch(() => ({ fax: null }));
        if (fax) cache.faxes.upsertMany([fax], { markNewInboundUnread: false });
      }
      const detail = cache.faxes.detail(faxId);
      if (!detail || detail.direction !== 'outbound') throw new AppError('not_found', 'Only a sent fax can be re-sent to its failed recipients.');
      const failed = detail.recipients.filter((recipient) => recipient.status === 'failed');
      if (failed.length === 0) throw new AppError('invalid_input', 'No recipient of this fax failed: there is nothing to re-send.');
      const original = detail.submissionId ? outbox.record(detail.submissionId) : null;
      const originalFiles = detail.submissionId ? await outbox.filesOf(detail.submissionId) : null;
      let fileIds: string[];
      let coverId: string | undefined;
      if (original && originalFiles) {
        // The very files that were sent, from the outbox's own copies.
        fileIds = [];
        for (const [index, filePath] of originalFiles.entries()) {
          const file = original.files[index];
          if (!file) continue;
          const staged = await staging.stageSealedCopy(filePath, { name: file.name, kind: file.kind, size: file.size, pages: file.pages, pagesEstimated: false });
          fileIds.push(staged.id);
        }
        coverId = original.coverId || undefined;
      } else {
        // Otherwise the document the service transmitted (its cover page included).
        fileIds = (await fileOfFax(faxId)).staged.map((file) => file.id);
      }
      cache.audit.record('resend', { faxId });
      return outbox.submit({
        recipients: failed.map((recipient) => ({ number: recipient.to, ...(recipient.name ? { name: recipient.name } : {}) })),
        ...(original ? { subject: original.subject, notes: original.notes } : detail.subject ? { subject: detail.subject } : {}),
        ...(coverId ? { coverId } : {}),
        fileIds,
        origin: 'resend',
        relatedFaxId: faxId,
      });
    },

    async forwardFax({ faxId, recipients, subject, notes, coverId }) {
      const { outbox, cache } = await context.services();
      const { staged } = await fileOfFax(faxId);
      cache.audit.record('forward', { faxId });
      return outbox.submit({
        recipients,
        ...(subject !== undefined ? { subject } : {}),
        ...(notes !== undefined ? { notes } : {}),
        ...(coverId !== undefined ? { coverId } : {}),
        fileIds: staged.map((file) => file.id),
        origin: 'forward',
        relatedFaxId: faxId,
      });
    },
  };
}
