/** Contacts, numbers, account and webhooks over IPC. */
import type { Handlers } from './dispatcher';
import type { HandlerContext } from './services';

type DirectoryHandlers = Pick<Handlers, 'listContacts' | 'listNumbers' | 'getAccount' | 'listWebhooks' | 'createWebhook' | 'deleteWebhook'>;

export function directoryHandlers(context: HandlerContext): DirectoryHandlers {
  const directory = async () => (await context.services()).directory;
  return {
    listContacts: async (query) => (await directory()).contacts(query),
    listNumbers: async () => (await directory()).numbers(),
    getAccount: async (request) => (await directory()).account(request?.refresh === true),
    listWebhooks: async () => (await directory()).webhooks(),
    createWebhook: async (input) => {
      context.policies.require('webhooksAdmin');
      return (await directory()).createWebhook(input);
    },
    deleteWebhook: async ({ id }) => {
      context.policies.require('webhooksAdmin');
      return (await directory()).deleteWebhook(id);
    },
  };
}
