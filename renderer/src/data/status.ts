/** What the status bar and banners show: main decides it (AppStatus); the renderer only puts it in words. */
import type { AppStatus } from '../../../preload/models';
import { clockTime } from '../format';
import { faxApi } from './ipc';
import { createStore } from './store';

export const statusStore = createStore<AppStatus>({ kind: 'starting' });

export async function loadStatus(): Promise<void> {
  const result = await faxApi().getStatus();
  if (result.ok) statusStore.set(result.value);
}

export type StatusTone = 'ok' | 'idle' | 'warn' | 'bad';

export interface StatusWords {
  text: string;
  tone: StatusTone;
}

/** The status bar's line for a status. */
export function statusWords(status: AppStatus): StatusWords {
  switch (status.kind) {
    case 'starting':
      return { text: 'Starting…', tone: 'idle' };
    case 'signed_out':
      return { text: 'Not connected', tone: 'idle' };
    case 'connecting':
      return { text: 'Connecting…', tone: 'idle' };
    case 'key_rejected':
      return { text: 'API key refused', tone: 'bad' };
    case 'syncing':
      return { text: 'Syncing…', tone: 'idle' };
    case 'up_to_date':
      return { text: `Up to date · synced ${clockTime(status.lastSuccessAt)}`, tone: 'ok' };
    case 'rate_limited':
      return {
        text: `Waiting for the Fax Service’s rate limit — next try at ${clockTime(status.retryAt, true)}${status.byService ? '' : ' (keeping within the app’s share)'}`,
        tone: 'warn',
      };
    case 'offline':
      return { text: `Offline since ${clockTime(status.since)}${status.retryAt ? ` — retrying at ${clockTime(status.retryAt, true)}` : ''}`, tone: 'warn' };
    case 'unreadable':
      return { text: `Can’t read the Fax Service’s replies since ${clockTime(status.since)}${status.retryAt ? ` — retrying at ${clockTime(status.retryAt)}` : ''}`, tone: 'bad' };
    case 'error':
      return { text: `${status.message}${status.retryAt ? ` Next try at ${clockTime(status.retryAt)}.` : ''}`, tone: 'bad' };
  }
}
