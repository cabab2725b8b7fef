/** The app's self-update as the window shows it: a downloaded version waiting, and "Restart to update". */
import type { UpdateView } from '../../../preload/models';
import { faxApi } from './ipc';
import { createStore } from './store';
import { toastError } from './toasts';
import { t } from '../i18n';

export const updateStore = createStore<UpdateView>({ status: 'unavailable' });

export async function loadUpdateState(): Promise<void> {
  const result = await faxApi().getUpdateState();
  if (result.ok) updateStore.set(result.value);
}

export async function restartToUpdate(): Promise<void> {
  const result = await faxApi().runCommand({ command: 'restartToUpdate' });
  if (!result.ok) toastError(result.error);
}

/** After a renderer crash main reloads the window: say so once, and that nothing was lost. */
export async function announceRecovery(toast: (message: string) => void): Promise<void> {
  const result = await faxApi().takeRecoveryNotice();
  if (result.ok && result.value.recovered) toast(t('updates.theWindowStoppedUnexpectedly'));
}
