/** Contacts, the account's fax numbers and webhook endpoints: read from main (the service, or the cache offline). */
import type { ContactPage, CreatedWebhook, NumberView, WebhookView } from '../../../preload/models';
import { faxApi, type IpcResult } from './ipc';

export function searchContacts(query: { q: string; offset: number; limit: number }): Promise<IpcResult<ContactPage>> {
  const q = query.q.trim();
  return faxApi().listContacts({ ...(q ? { q } : {}), offset: query.offset, limit: query.limit });
}

export function loadNumbers(): Promise<IpcResult<{ items: NumberView[]; fromCache: boolean }>> {
  return faxApi().listNumbers();
}

export function loadWebhooks(): Promise<IpcResult<WebhookView[]>> {
  return faxApi().listWebhooks();
}

export function createWebhook(input: { url: string; events: string[]; description?: string }): Promise<IpcResult<CreatedWebhook>> {
  return faxApi().createWebhook(input);
}

export function deleteWebhook(id: string): Promise<IpcResult<{ pending: boolean }>> {
  return faxApi().deleteWebhook({ id });
}

/** When to look again for an endpoint the service is still deleting (a 202): it goes from the list when it is gone. */
export const deletionChecksMs = [1_000, 3_000, 10_000, 30_000] as const;
