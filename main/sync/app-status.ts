/**
 * The status bar's and banners' one source of truth: what the app is doing with the Fax Service, from the
 * connection's state and the sync engine's. "Up to date" only after a pass that succeeded; the rate limit, replies
 * that cannot be read and being offline say since when and when the next try is; a routine pass does not make
 * an up-to-date app look busy. Announced as `statusChanged` whenever it changes.
 */
import type { AppStatus, ConnectionState, SyncState } from '../../preload/models';
import type { EventBus } from '../runtime/event-bus';
import { say } from '../i18n/main-locale';
import { msg } from '../../preload/i18n/translator';

export interface AppStatusService {
  current(): AppStatus;
}

export function statusOf(connection: ConnectionState | null, sync: SyncState, previous: AppStatus, offlineSince: number | null): AppStatus {
  if (connection === null) return { kind: 'starting' };
  switch (connection.status) {
    case 'signed_out':
      return { kind: 'signed_out' };
    case 'connecting':
      return { kind: 'connecting' };
    case 'key_rejected':
      return { kind: 'key_rejected' };
    case 'offline':
      return { kind: 'offline', since: offlineSince ?? Date.now(), retryAt: connection.retryAt, lastSuccessAt: sync.lastSuccessAt };
    case 'connected':
      break;
  }
  const lastSuccessAt = sync.lastSuccessAt;
  switch (sync.phase) {
    case 'idle':
      return lastSuccessAt === null ? { kind: 'syncing', lastSuccessAt } : { kind: 'up_to_date', lastSuccessAt };
    case 'syncing':
      // A routine pass does not make an up-to-date app look busy; after trouble, it is "syncing" until it succeeds.
      return previous.kind === 'up_to_date' ? previous : { kind: 'syncing', lastSuccessAt };
    case 'rate_limited':
      return { kind: 'rate_limited', retryAt: sync.nextRunAt ?? Date.now(), byService: sync.waitingFor === 'service', lastSuccessAt };
    case 'offline':
      return { kind: 'offline', since: sync.since ?? Date.now(), retryAt: sync.nextRunAt, lastSuccessAt };
    case 'unreadable':
      return { kind: 'unreadable', since: sync.since ?? Date.now(), retryAt: sync.nextRunAt, requestId: sync.requestId ?? null, lastSuccessAt };
    case 'error':
      return { kind: 'error', message: sync.message ?? say(msg('syncEngine.failed')), retryAt: sync.nextRunAt, requestId: sync.requestId ?? null, lastSuccessAt };
    case 'stopped':
      return { kind: 'connecting' };
  }
}

export function createAppStatus(deps: { events: EventBus; connection: () => ConnectionState; sync: () => SyncState | null; now?: () => number }): AppStatusService {
  const now = deps.now ?? Date.now;
  let status: AppStatus = { kind: 'starting' };
  let offlineSince: number | null = null;
  const idle: SyncState = { phase: 'stopped', lastSuccessAt: null, nextRunAt: null, message: null };
  const update = () => {
    const connection = deps.connection();
    if (connection.status === 'offline') offlineSince ??= now();
    else offlineSince = null;
    const next = statusOf(connection, deps.sync() ?? idle, status, offlineSince);
    if (JSON.stringify(next) === JSON.stringify(status)) return;
    status = next;
    deps.events.emit('statusChanged', status);
  };
  deps.events.subscribe((name) => {
    // settingsChanged: a message in the status bar follows the language (core sets main's language first).
    if (name === 'connectionChanged' || name === 'syncStateChanged' || name === 'settingsChanged') update();
  });
  return {
    current: () => {
      update();
      return status;
    },
  };
}
