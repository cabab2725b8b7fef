/** The connection to the Fax Service as main reports it, onboarding, and the key actions (connect, test, sign out). */
import type { ConnectionState } from '../../../preload/models';
import { faxApi, type IpcResult } from './ipc';
import { createStore } from './store';
import { toast } from './toasts';
import { t } from '../i18n';

export const connectionStore = createStore<ConnectionState | null>(null);
/** True from the moment the app is signed out until the user leaves the onboarding screen. */
export const onboardingStore = createStore<boolean>(false);

export function applyConnection(state: ConnectionState): void {
  if (state.status === 'signed_out') onboardingStore.set(true);
  connectionStore.set(state);
}

export async function loadConnection(): Promise<void> {
  const result = await faxApi().getConnection();
  if (result.ok) applyConnection(result.value);
}

export function connect(request: { apiKey: string; baseUrl: string; extraCaPath: string | null }): Promise<IpcResult<ConnectionState>> {
  return faxApi().connect(request);
}

export async function testConnection(): Promise<void> {
  const result = await faxApi().reconnect();
  if (!result.ok) toast('error', result.error.message, result.error.requestId);
}

export async function signOut(): Promise<void> {
  const result = await faxApi().signOut();
  if (result.ok) toast('info', t('connection.signedOutTheKey'));
  else toast('error', result.error.message);
}

export function finishOnboarding(): void {
  onboardingStore.set(false);
}
