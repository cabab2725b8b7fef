/** Compose and outbox over IPC: staging files, the draft, sending, and the outbox's actions. */
import type { Handlers } from './dispatcher';
import type { HandlerContext } from './services';

type ComposeHandlers = Pick<
  Handlers,
  'stageFiles' | 'readStagedFile' | 'releaseStagedFiles' | 'getDraft' | 'saveDraft' | 'listDraftsAside' | 'setDraftAside' | 'resumeDraft' | 'discardDraft' | 'editSubmission' | 'checkRecipients' | 'contactNames' | 'preflightPages' | 'preflightPageImage' | 'removeBlankPages' | 'sendFax' | 'listOutbox' | 'retrySubmission' | 'discardSubmission' | 'resendFailed' | 'forwardFax'
>;

export function composeHandlers(context: HandlerContext): ComposeHandlers {
  const services = context.services;
  return {
    stageFiles: async ({ paths }) => (await services()).staging.stage(paths),
    readStagedFile: async ({ id }) => new Uint8Array(await (await services()).staging.read(id)),
    releaseStagedFiles: async ({ ids }) => {
      await (await services()).staging.release(ids);
      return null;
    },
    getDraft: async () => (await services()).drafts.get(),
    saveDraft: async (draft) => {
      await (await services()).drafts.save(draft);
      return null;
    },
    listDraftsAside: async () => (await services()).drafts.listAside(),
    setDraftAside: async () => {
      await (await services()).drafts.setAside();
      return null;
    },
    resumeDraft: async ({ id }) => (await services()).drafts.resume(id),
    discardDraft: async ({ id }) => {
      await (await services()).drafts.discard(id);
      return null;
    },
    editSubmission: async ({ id }) => (await services()).compose.editSubmission(id),
    preflightPages: async ({ id, from, count }) => (await services()).preflight.pages(id, from, count),
    preflightPageImage: async ({ id, page }) => (await services()).preflight.pageImage(id, page),
    removeBlankPages: async ({ id, pages }) => (await services()).preflight.removeBlankPages(id, pages),
    checkRecipients: async ({ recipients }) => (await services()).guard.check(recipients),
    contactNames: async ({ numbers }) => (await services()).guard.contactNames(numbers),
    sendFax: async (request) => (await services()).compose.send(request),
    listOutbox: async () => (await services()).outbox.list(),
    retrySubmission: async ({ id }) => (await services()).outbox.retry(id),
    discardSubmission: async ({ id, confirmed }) => {
      await (await services()).outbox.discard(id, confirmed === undefined ? {} : { confirmed });
      return null;
    },
    resendFailed: async ({ faxId }) => (await services()).compose.resendFailed(faxId),
    forwardFax: async (request) => (await services()).compose.forward(request),
  };
}
