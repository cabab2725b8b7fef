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

export function deleteWebhook(id: string): Promise<IpcResult<null>> {
  return faxApi().deleteWebhook({ id });
}
