/** Handled marks and notes on received faxes, and how many are not handled (the status bar shows it). */
import { applyFaxesChanged, unreadStore } from './faxes';
import { faxApi, type IpcError } from './ipc';
import { createStore } from './store';
import type { FaxId } from '../../../preload/fax-id';

export const notHandledStore = createStore<number>(0);

export async function loadNotHandledCount(): Promise<void> {
  const result = await faxApi().getNotHandledCount();
  if (result.ok) notHandledStore.set(result.value.notHandled);
}

export async function markHandled(ids: FaxId[], handled: boolean): Promise<IpcError | null> {
  const result = await faxApi().markHandled({ ids, handled });
  return result.ok ? null : result.error;
}

export async function saveNote(id: FaxId, note: string): Promise<IpcError | null> {
  const result = await faxApi().setFaxNote({ id, note });
  return result.ok ? null : result.error;
}

export function startHandling(): void {
  faxApi().on('handlingChanged', ({ notHandled, faxIds }) => {
    notHandledStore.set(notHandled);
    // Lists and an open detail show the new marks (the "Not handled" filter drops a fax just handled).
    if (faxIds.length > 0) applyFaxesChanged({ added: [], updated: faxIds, unreadInbound: unreadStore.get() });
  });
}
