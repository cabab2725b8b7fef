/** What the status bar and banners show: main decides it (AppStatus); the renderer only puts it in words. */
import type { AppStatus } from '../../../preload/models';
import { clockTime } from '../format';
import { faxApi } from './ipc';
import { createStore } from './store';
import { t } from '../i18n';

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
      return { text: t('status.starting'), tone: 'idle' };
    case 'signed_out':
      return { text: t('about.notConnected'), tone: 'idle' };
    case 'connecting':
      return { text: t('status.connecting'), tone: 'idle' };
    case 'key_rejected':
      return { text: t('status.apiKeyRefused'), tone: 'bad' };
    case 'syncing':
      return { text: t('status.syncing'), tone: 'idle' };
    case 'up_to_date':
      return { text: t('status.upToDateSynced', { clockTime: clockTime(status.lastSuccessAt) }), tone: 'ok' };
    case 'rate_limited':
      return {
        text: t(status.byService ? 'status.waitingForTheFax' : 'status.waitingForOurShare', { at: clockTime(status.retryAt, true) }),
        tone: 'warn',
      };
    case 'offline':
      return { text: status.retryAt ? t('status.offlineSinceRetrying', { since: clockTime(status.since), at: clockTime(status.retryAt, true) }) : t('status.offlineSince', { since: clockTime(status.since) }), tone: 'warn' };
    case 'unreadable':
      return { text: status.retryAt ? t('status.unreadableRetrying', { since: clockTime(status.since), at: clockTime(status.retryAt) }) : t('status.canTReadThe', { since: clockTime(status.since) }), tone: 'bad' };
    case 'error':
      return { text: status.retryAt ? t('status.messageNextTry', { message: status.message, at: clockTime(status.retryAt) }) : status.message, tone: 'bad' };
  }
}
