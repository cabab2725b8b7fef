/** The sync state main reports (for the status bar and banners), and "sync now". */
import type { SyncState } from '../../../preload/models';
import { faxApi } from './ipc';
import { createStore } from './store';
import { toastError } from './toasts';

export const syncStore = createStore<SyncState | null>(null);

export async function loadSyncState(): Promise<void> {
  const result = await faxApi().getSyncState();
  if (result.ok) syncStore.set(result.value);
}

export async function syncNow(): Promise<void> {
  const result = await faxApi().syncNow();
  if (result.ok) syncStore.set(result.value);
  else toastError(result.error);
}
