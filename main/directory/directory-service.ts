/**
 * Contacts, numbers, the account and webhook endpoints: from the Fax Service when it can be reached (kept in the
 * cache for offline use), from the cache when it cannot. Webhooks are never cached: they are managed live.
 */
import type { AccountView, ContactPage, CreatedWebhook, NumberView, WebhookView } from '../../preload/models';
import { isOffline } from '../api/failure-class';
import type { ConnectionService } from '../connection/connection-service';
import { AppError } from '../errors';
import type { EventBus } from '../runtime/event-bus';
import type { Cache } from '../store/cache/cache';
import { msg } from '../../preload/i18n/translator';

export interface DirectoryService {
  contacts(query: { q?: string | undefined; offset: number; limit: number }): Promise<ContactPage>;
  numbers(): Promise<{ items: NumberView[]; fromCache: boolean }>;
  account(refresh: boolean): Promise<AccountView | null>;
  webhooks(): Promise<WebhookView[]>;
  createWebhook(input: { url: string; events?: string[] | undefined; description?: string | undefined }): Promise<CreatedWebhook>;
  /** `pending`: the service is still deleting it (202): it may be listed a little longer. */
  deleteWebhook(id: string): Promise<{ pending: boolean }>;
}

export function createDirectoryService(deps: { cache: Cache; connection: ConnectionService; events: EventBus }): DirectoryService {
  const { cache, connection } = deps;

  /** The service's answer, or null when it cannot be reached (then the cache answers); other failures throw. */
  async function live<T>(call: () => Promise<T>): Promise<T | null> {
    if (!connection.usable()) return null;
    try {
      return await call();
    } catch (error) {
      if (isOffline(error)) return null;
      throw error;
    }
  }

  return {
    async contacts(query) {
      const page = await live(() => connection.client().listContacts({ limit: query.limit, offset: query.offset, ...(query.q ? { q: query.q } : {}) }));
      if (!page) return cache.directory.contacts(query);
      if (!query.q) cache.directory.saveContacts(page.items, { replaceAll: query.offset === 0 && !page.hasMore, firstPosition: query.offset });
      return { items: page.items, total: page.total ?? query.offset + page.items.length + (page.hasMore ? 1 : 0), offset: query.offset, hasMore: page.hasMore, fromCache: false };
    },

    async numbers() {
      const page = await live(() => connection.client().listNumbers());
      if (!page) return { items: cache.directory.numbers(), fromCache: true };
      cache.directory.saveNumbers(page.items);
      return { items: page.items, fromCache: false };
    },

    async account(refresh) {
      const fetched = refresh ? await live(() => connection.client().getAccount()) : null;
      if (fetched) {
        cache.directory.saveAccount(fetched.account);
        deps.events.emit('accountChanged', fetched.account);
        return fetched.account;
      }
      return cache.directory.account();
    },

    async webhooks() {
      return (await connection.client().listWebhooks()).items;
    },

    async createWebhook(input) {
      let url: URL | null = null;
      try {
        url = new URL(input.url);
      } catch {
        url = null;
      }
      if (url?.protocol !== 'https:') throw new AppError('invalid_input', msg('directoryService.aWebhookAddressMust'));
      return connection.client().createWebhook(input);
    },

    async deleteWebhook(id) {
      const { accepted } = await connection.client().deleteWebhook(id);
      cache.audit.record('delete');
      return { pending: accepted };
    },
  };
}
