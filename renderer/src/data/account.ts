/** The account's plan and usage, kept by main (cached for offline use) and refreshed on request. */
import type { AccountView } from '../../../preload/models';
import { faxApi, type IpcError } from './ipc';
import { createStore } from './store';

export const accountStore = createStore<AccountView | null>(null);

export async function loadAccount(): Promise<void> {
  const result = await faxApi().getAccount();
  if (result.ok) accountStore.set(result.value);
}

/** Asks the Fax Service for the account now; the cached one stays if that fails. */
export async function refreshAccount(): Promise<IpcError | null> {
  const result = await faxApi().getAccount({ refresh: true });
  if (!result.ok) return result.error;
  if (result.value) accountStore.set(result.value);
  return null;
}

/** Pages left this cycle, when both numbers are known. */
export function pagesRemaining(account: AccountView | null): number | null {
  if (!account || account.pageLimit === null || account.pagesUsed === null) return null;
  return account.pageLimit - account.pagesUsed;
}
