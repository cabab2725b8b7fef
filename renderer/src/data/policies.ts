/**
 * The organization's policies as the window needs them: which settings are set by the organization, and what is
 * turned off on this computer (the buttons for it are disabled with the reason). Main refuses these anyway; the
 * window only does not offer them.
 */
import type { PolicyView } from '../../../preload/policy';
import { faxApi } from './ipc';
import { createStore } from './store';

export const noPolicies: PolicyView = { locked: [], chartLocked: [], autoLockMaxMinutes: null, pinRequired: false, webhooksAdmin: true, csvExport: true, savePdf: true, ruleFolderRoots: null };

export const policiesStore = createStore<PolicyView>(noPolicies);

export async function loadPolicies(): Promise<void> {
  const result = await faxApi().getPolicies();
  if (result.ok) policiesStore.set(result.value);
}

export function startPolicies(): void {
  faxApi().on('policiesChanged', (view) => policiesStore.set(view));
  void loadPolicies();
}
