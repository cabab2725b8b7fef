/**
 * Keeps the cache in step with the Fax Service: a pass every poll interval (30 s by default), right away when
 * the connection comes up, and on request. Offline or rate-limited it backs off; every change is announced as an
 * event (new inbound fax, status changes, usage, sync state). Passes never overlap.
 */
import type { ConnectionState, FaxReceivedNotice, SyncState } from '../../preload/models';
import { FaxApiError } from '../api/api-error';
import { isOffline } from '../api/failure-class';
import type { ConnectionService } from '../connection/connection-service';
import { isAppError } from '../errors';
import type { EventBus } from '../runtime/event-bus';
import type { Logger } from '../log/logger';
import type { Cache } from '../store/cache/cache';
import type { SettingsStore } from '../store/settings-store';
import { syncDirectory } from './directory-sync';
import { syncFaxes } from './fax-sync';
import { realTimers, type Timers } from '../runtime/timers';

export interface SyncDeps {
  cache: Cache;
  connection: ConnectionService;
  events: EventBus;
  settings: SettingsStore;
  log: Logger;
  now?: () => number;
  timers?: Timers;
}

const maxBackoffMs = 5 * 60_000;

export interface SyncEngine {
  state(): SyncState;
  start(): void;
  /** Runs a pass now (or joins the one under way). */
  runOnce(): Promise<void>;
  /** After a change of the poll interval. */
  reschedule(): void;
  /** Requests made by sync passes so far (benchmarks). */
  requests(): number;
  stop(): Promise<void>;
}

export function createSyncEngine(deps: SyncDeps): SyncEngine {
  const now = deps.now ?? Date.now;
  const timers = deps.timers ?? realTimers;
  const log = deps.log.child('sync');
  let state: SyncState = { phase: 'stopped', lastSuccessAt: null, nextRunAt: null, message: null };
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let failures = 0;
  let started = false;
  let requestsMade = 0;
  let unsubscribe: (() => void) | null = null;

  function setState(next: SyncState): void {
    state = next;
    deps.events.emit('syncStateChanged', next);
  }

  function schedule(delayMs: number): void {
    if (timer !== null) timers.clear(timer);
    timer = timers.set(() => {
      timer = null;
      void engine.runOnce();
    }, delayMs);
    state = { ...state, nextRunAt: now() + delayMs };
  }

  function intervalMs(): number {
    return deps.settings.get().pollIntervalSeconds * 1000;
  }

  function notices(addedInbound: readonly number[]): FaxReceivedNotice[] {
    const { showDetails } = deps.settings.get().notifications;
    return addedInbound.map((faxId) => {
      const detail = deps.cache.faxes.detail(faxId);
      return { faxId, from: showDetails ? (detail?.counterpart ?? null) : null, pages: detail?.pages ?? null };
    });
  }

  async function pass(): Promise<void> {
    if (!deps.connection.usable()) {
      setState({ phase: 'stopped', lastSuccessAt: state.lastSuccessAt, nextRunAt: null, message: 'Not connected.' });
      return;
    }
    setState({ ...state, phase: 'syncing', message: null });
    try {
      const client = deps.connection.client();
      const changes = await syncFaxes(client, deps.cache, now);
      const connectionState = deps.connection.state();
      const capabilities = connectionState.status === 'connected' || connectionState.status === 'offline' ? connectionState.capabilities : null;
      const directory = await syncDirectory(client, deps.cache, capabilities, { faxesChanged: changes.added.length + changes.updated.length > 0, now: now() });
      requestsMade += changes.requests + directory.requests;
      failures = 0;
      deps.connection.noteReachable();
      if (changes.added.length > 0 || changes.updated.length > 0) {
        deps.events.emit('faxesChanged', { added: changes.added, updated: changes.updated, unreadInbound: deps.cache.faxes.unreadInbound() });
      }
      if (!changes.firstSync) for (const notice of notices(changes.addedInbound)) deps.events.emit('faxReceived', notice);
      if (directory.account) deps.events.emit('accountChanged', directory.account);
      log.debug('sync.pass', { added: changes.added.length, updated: changes.updated.length, requests: changes.requests + directory.requests, firstSync: changes.firstSync });
      schedule(intervalMs());
      setState({ phase: 'idle', lastSuccessAt: now(), nextRunAt: state.nextRunAt, message: null });
    } catch (error) {
      failures += 1;
      const backoff = Math.min(maxBackoffMs, intervalMs() * 2 ** Math.min(failures, 6));
      if (error instanceof FaxApiError && error.status === 401) {
        setState({ phase: 'stopped', lastSuccessAt: state.lastSuccessAt, nextRunAt: null, message: 'The API key was refused.' });
        return;
      }
      if (error instanceof FaxApiError && error.status === 429) {
        const retryAt = deps.connection.budget()?.snapshot().blockedUntil ?? now() + backoff;
        schedule(Math.max(1000, retryAt - now()));
        setState({ phase: 'rate_limited', lastSuccessAt: state.lastSuccessAt, nextRunAt: retryAt, message: 'Syncing paused: the request budget is spent.', ...(error.requestId ? { requestId: error.requestId } : {}) });
        return;
      }
      const offline = isOffline(error);
      schedule(backoff);
      const message = offline
        ? 'Offline: showing saved faxes. The app retries by itself.'
        : isAppError(error)
          ? error.message
          : 'Syncing failed; the app retries by itself.';
      log.warn('sync.failed', { failure: error instanceof FaxApiError ? error.failure.kind : 'other', status: error instanceof FaxApiError ? error.status : null, failures });
      setState({
        phase: offline ? 'offline' : 'error',
        lastSuccessAt: state.lastSuccessAt,
        nextRunAt: now() + backoff,
        message,
        ...(error instanceof FaxApiError && error.requestId ? { requestId: error.requestId } : {}),
      });
    }
  }

  function onConnection(connection: ConnectionState): void {
    if (connection.status === 'connected') void engine.runOnce();
    else if (connection.status === 'signed_out' || connection.status === 'key_rejected') {
      if (timer !== null) timers.clear(timer);
      timer = null;
      setState({ phase: 'stopped', lastSuccessAt: state.lastSuccessAt, nextRunAt: null, message: null });
    }
  }

  const engine: SyncEngine = {
    state: (): SyncState => state,

    start(): void {
      if (started) return;
      started = true;
      unsubscribe = deps.connection.onChange(onConnection);
      if (deps.connection.usable()) void engine.runOnce();
    },

    /** Runs a pass now (or joins the one under way). */
    runOnce(): Promise<void> {
      running ??= pass().finally(() => {
        running = null;
      });
      return running;
    },

    /** After a change of the poll interval. */
    reschedule(): void {
      if (timer !== null && state.phase === 'idle') schedule(intervalMs());
    },

    /** Requests made by sync passes so far (benchmarks). */
    requests: (): number => requestsMade,

    async stop(): Promise<void> {
      started = false;
      unsubscribe?.();
      if (timer !== null) timers.clear(timer);
      timer = null;
      await running;
    },
  };
  return engine;
}

