/** Contacts, numbers, account and webhooks over IPC: from the service when reachable, from the cache otherwise. */
import { FaxApiError, toAppError } from '../api/api-error';
import { AppError } from '../errors';
import type { Handlers } from './dispatcher';
import type { HandlerContext } from './services';

type DirectoryHandlers = Pick<Handlers, 'listContacts' | 'listNumbers' | 'getAccount' | 'listWebhooks' | 'createWebhook' | 'deleteWebhook'>;

function rethrow(error: unknown): never {
  throw error instanceof FaxApiError ? toAppError(error) : error;
}

function unreachable(error: unknown): boolean {
  return error instanceof FaxApiError && (error.failure.kind === 'network' || error.failure.kind === 'timeout');
}

export function directoryHandlers(context: HandlerContext): DirectoryHandlers {
  return {
    async listContacts(query) {
      const { cache } = await context.services();
      if (context.connection.usable()) {
        try {
          const page = await context.connection.client().listContacts({ limit: query.limit, offset: query.offset, ...(query.q ? { q: query.q } : {}) });
          if (!query.q) cache.directory.saveContacts(page.items, { replaceAll: query.offset === 0 && !page.hasMore, firstPosition: query.offset });
          return { items: page.items, total: page.total ?? query.offset + page.items.length + (page.hasMore ? 1 : 0), offset: query.offset, hasMore: page.hasMore, fromCache: false };
        } catch (error) {
          if (!unreachable(error)) rethrow(error);
        }
      }
      return cache.directory.contacts(query);
    },

    async listNumbers() {
      const { cache } = await context.services();
      if (context.connection.usable()) {
        try {
          const page = await context.connection.client().listNumbers();
          cache.directory.saveNumbers(page.items);
          return { items: page.items, fromCache: false };
        } catch (error) {
          if (!unreachable(error)) rethrow(error);
        }
      }
      return { items: cache.directory.numbers(), fromCache: true };
    },

    async getAccount(request) {
      const { cache } = await context.services();
      if (request?.refresh && context.connection.usable()) {
        try {
          const { account } = await context.connection.client().getAccount();
          cache.directory.saveAccount(account);
          context.events.emit('accountChanged', account);
          return account;
        } catch (error) {
          if (!unreachable(error)) rethrow(error);
        }
      }
      return cache.directory.account();
    },

    async listWebhooks() {
      try {
        return (await context.connection.client().listWebhooks()).items;
      } catch (error) {
        return rethrow(error);
      }
    },

    async createWebhook(input) {
      let url: URL | null = null;
      try {
        url = new URL(input.url);
      } catch {
        url = null;
      }
      if (url?.protocol !== 'https:') throw new AppError('invalid_input', 'A webhook address must start with https:// — notifications may carry health information, and plain http is refused.');
      try {
        return await context.connection.client().createWebhook(input);
      } catch (error) {
        return rethrow(error);
      }
    },

    async deleteWebhook({ id }) {
      try {
        await context.connection.client().deleteWebhook(id);
        (await context.services()).cache.audit.record('delete');
        return null;
      } catch (error) {
        return rethrow(error);
      }
    },
  };
}
