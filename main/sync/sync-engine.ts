/**
 * Keeps the cache in step with the Fax Service: passes on a cadence that follows what the user is doing (see
 * poll-cadence.ts), right away when the connection comes up, and on request. Every change is announced as an
 * event (new inbound fax, status changes, usage, sync state), and the state says honestly what it is waiting
 * for: "up to date" only after a pass succeeded; the rate limit, unreadable replies or being offline otherwise.
 * Passes never overlap.
 */
import type { ConnectionState, FaxReceivedNotice, SyncState } from '../../preload/models';
import type { FaxId } from '../../preload/fax-id';
import { FaxApiError } from '../api/api-error';
import { classifyFailure } from '../api/failure-class';
import type { ConnectionService } from '../connection/connection-service';
import { isAppError } from '../errors';
import { say } from '../i18n/main-locale';
import { msg, type Message } from '../../preload/i18n/translator';
import type { Logger } from '../log/logger';
import type { EventBus } from '../runtime/event-bus';
import { createDisposables } from '../runtime/disposables';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';
import type { Cache } from '../store/cache/cache';
import type { SettingsStore } from '../store/settings-store';
import { syncDirectory } from './directory-sync';
import { syncFaxes } from './fax-sync';
import { nextPassDelay, shareWait, inUseDelayMs } from './poll-cadence';
import type { Presence } from './presence';

/** The engine's state with its message by id: worded when read, in the language of that moment. */
type EngineState = Omit<SyncState, 'message'> & { message: Message | null };

function worded(state: EngineState): SyncState {
  return { ...state, message: state.message ? say(state.message) : null };
}

export interface SyncDeps {
  cache: Cache;
  connection: ConnectionService;
  events: EventBus;
  settings: SettingsStore;
  log: Logger;
  presence: Presence;
  now?: () => number;
  timers?: Timers;
}

export interface SyncEngine {
  state(): SyncState;
  start(): void;
  /** Runs a pass now (or joins the one under way). */
  runOnce(): Promise<void>;
  /** A fax was just sent: follow it closely from now on. */
  expedite(): void;
  /** After a change of the poll interval. */
  reschedule(): void;
  /** Requests made by sync passes so far (benchmarks). */
  requests(): number;
  stop(): Promise<void>;
}

const maxBackoffMs = 5 * 60_000;
/** Faxes still in flight after this long are left to the slower passes. */
const inFlightFor = 24 * 3600_000;
/** A pass that has to wait less than this for the budget just waits inside it. */
const budgetSlackMs = 250;

export function createSyncEngine(deps: SyncDeps): SyncEngine {
  const now = deps.now ?? Date.now;
  const log = deps.log.child('sync');
  let state: EngineState = { phase: 'stopped', lastSuccessAt: null, nextRunAt: null, message: null };
  const timer = createOneTimer(deps.timers ?? realTimers);
  let running: Promise<void> | null = null;
  let failures = 0;
  let started = false;
  let requestsMade = 0;
  const requestTimes: number[] = [];
  let lastChangeAt = 0;
  const listening = createDisposables();

  function setState(next: EngineState): void {
    state = next;
    deps.events.emit('syncStateChanged', worded(next));
  }

  function schedule(delayMs: number): void {
    timer.after(delayMs, () => void engine.runOnce());
    state = { ...state, nextRunAt: now() + delayMs };
  }

  function intervalMs(): number {
    return deps.settings.get().pollIntervalSeconds * 1000;
  }

  function limitPerMinute(): number {
    return deps.connection.budget()?.snapshot().limit ?? 120;
  }

  /** The next pass: as the cadence asks, but never past sync's share of the budget. */
  function nextDelay(): number {
    const at = now();
    const inFlight = deps.cache.faxes.pending(at - inFlightFor).length > 0;
    const cadence = nextPassDelay({ now: at, intervalMs: intervalMs(), inUse: deps.presence.inUse(), inFlight, lastChangeAt });
    return Math.max(cadence, shareWait(requestTimes, at, limitPerMinute()));
  }

  function noteRequests(count: number): void {
    const at = now();
    requestsMade += count;
    for (let index = 0; index < count; index += 1) requestTimes.push(at);
    while (requestTimes.length > 0 && (requestTimes[0] ?? 0) <= at - 60_000) requestTimes.shift();
  }

  function notices(addedInbound: readonly FaxId[]): FaxReceivedNotice[] {
    const { showDetails } = deps.settings.get().notifications;
    return addedInbound.map((faxId) => {
      const detail = deps.cache.faxes.detail(faxId);
      return { faxId, from: showDetails ? (detail?.counterpart ?? null) : null, pages: detail?.pages ?? null };
    });
  }

  /** Says the pass waits for the rate limit (and schedules it) instead of looking busy inside the budget. */
  function waitForBudget(): boolean {
    const available = deps.connection.budget()?.availableAt('background');
    const wait = Math.max(available ? available.at - now() : 0, shareWait(requestTimes, now(), limitPerMinute()));
    if (wait <= budgetSlackMs) return false;
    const retryAt = now() + wait;
    schedule(wait);
    setState({ phase: 'rate_limited', lastSuccessAt: state.lastSuccessAt, nextRunAt: retryAt, message: null, waitingFor: available && available.at - now() >= wait && available.byService ? 'service' : 'budget' });
    return true;
  }

  async function pass(): Promise<void> {
    if (!deps.connection.usable()) {
      setState({ phase: 'stopped', lastSuccessAt: state.lastSuccessAt, nextRunAt: null, message: msg('syncEngine.notConnected') });
      return;
    }
    if (waitForBudget()) return;
    const trouble = state.phase === 'offline' || state.phase === 'unreadable' ? (state.since ?? null) : null;
    setState({ ...state, phase: 'syncing', message: null });
    let requests = 0;
    try {
      const client = deps.connection.client();
      const changes = await syncFaxes(client, deps.cache, now, { firstSyncUnreadMs: deps.settings.get().firstSyncUnreadHours * 3600_000 });
      requests += changes.requests;
      const connectionState = deps.connection.state();
      const capabilities = connectionState.status === 'connected' || connectionState.status === 'offline' ? connectionState.capabilities : null;
      const directory = await syncDirectory(client, deps.cache, capabilities, { faxesChanged: changes.added.length + changes.updated.length > 0, now: now() });
      requests += directory.requests;
      noteRequests(requests);
      failures = 0;
      if (changes.added.length > 0 || changes.updated.length > 0) {
        lastChangeAt = now();
        deps.events.emit('faxesChanged', { added: changes.added, updated: changes.updated, unreadInbound: deps.cache.faxes.unreadInbound() });
      }
      if (!changes.firstSync) for (const notice of notices(changes.addedInbound)) deps.events.emit('faxReceived', notice);
      if (directory.account) deps.events.emit('accountChanged', directory.account);
      log.debug('sync.pass', { added: changes.added.length, updated: changes.updated.length, requests, firstSync: changes.firstSync });
      schedule(nextDelay());
      setState({ phase: 'idle', lastSuccessAt: now(), nextRunAt: state.nextRunAt, message: null });
    } catch (error) {
      noteRequests(Math.max(1, requests));
      failures += 1;
      const backoff = Math.min(maxBackoffMs, intervalMs() * 2 ** Math.min(failures, 6));
      const requestId = error instanceof FaxApiError && error.requestId ? { requestId: error.requestId } : {};
      if (error instanceof FaxApiError && error.status === 401) {
        setState({ phase: 'stopped', lastSuccessAt: state.lastSuccessAt, nextRunAt: null, message: msg('syncEngine.keyRefused') });
        return;
      }
      if (error instanceof FaxApiError && error.status === 429) {
        const retryAt = Math.max(now() + 1000, deps.connection.budget()?.snapshot().blockedUntil ?? now() + backoff);
        schedule(retryAt - now());
        setState({ phase: 'rate_limited', lastSuccessAt: state.lastSuccessAt, nextRunAt: retryAt, message: null, waitingFor: 'service', ...requestId });
        return;
      }
      const verdict = classifyFailure(error);
      const unreadable = error instanceof FaxApiError && error.failure.kind === 'malformed';
      schedule(backoff);
      log.warn('sync.failed', { failure: error instanceof FaxApiError ? error.failure.kind : 'other', status: error instanceof FaxApiError ? error.status : null, failures });
      setState({
        phase: verdict === 'offline' ? 'offline' : unreadable ? 'unreadable' : 'error',
        lastSuccessAt: state.lastSuccessAt,
        nextRunAt: now() + backoff,
        message: verdict === 'offline' ? msg('syncEngine.offline') : isAppError(error) ? error.text : msg('syncEngine.failed'),
        since: trouble ?? now(),
        ...requestId,
      });
    }
  }

  function onConnection(connection: ConnectionState): void {
    if (connection.status === 'connected') void engine.runOnce();
    else if (connection.status === 'signed_out' || connection.status === 'key_rejected') {
      timer.cancel();
      setState({ phase: 'stopped', lastSuccessAt: state.lastSuccessAt, nextRunAt: null, message: null });
    }
  }

  /** Someone started looking at the app: the next pass comes within seconds, not at the background interval. */
  function onPresence(): void {
    if (!deps.presence.inUse() || !timer.waiting || state.phase !== 'idle') return;
    const remaining = (state.nextRunAt ?? now()) - now();
    if (remaining > inUseDelayMs) schedule(Math.max(shareWait(requestTimes, now(), limitPerMinute()), 500));
  }

  const engine: SyncEngine = {
    state: (): SyncState => worded(state),

    start(): void {
      if (started) return;
      started = true;
      listening.add(deps.connection.onChange(onConnection));
      listening.add(deps.presence.onChange(onPresence));
      // Any reply from the service ends "offline" at once: look again now rather than at the next backoff.
      listening.add(
        deps.connection.onReachable(() => {
          if (state.phase === 'offline') void engine.runOnce();
        }),
      );
      if (deps.connection.usable()) void engine.runOnce();
    },

    runOnce(): Promise<void> {
      running ??= pass().finally(() => {
        running = null;
      });
      return running;
    },

    expedite(): void {
      lastChangeAt = now();
      if (!started || running || (timer.waiting && (state.nextRunAt ?? 0) - now() <= 1500)) return;
      schedule(Math.max(1500, shareWait(requestTimes, now(), limitPerMinute())));
    },

    reschedule(): void {
      if (timer.waiting && state.phase === 'idle') schedule(nextDelay());
    },

    requests: (): number => requestsMade,

    async stop(): Promise<void> {
      started = false;
      listening.dispose();
      timer.cancel();
      await running;
    },
  };
  return engine;
}
