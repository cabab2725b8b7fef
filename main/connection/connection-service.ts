/**
 * The connection to the Fax Service: the key is pasted once, tried against the service, and stored in the OS
 * keychain only once it works. What the key may do is probed and reported. A 401 at any moment marks the key as
 * rejected (drafts and the outbox are untouched) until a new key is entered; sign-out removes the key. Offline,
 * the last known capabilities stay available and the app keeps retrying.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ConnectionState } from '../../preload/models';
import { appErrorOf, FaxApiError } from '../api/api-error';
import type { FaxClient } from '../api/fax-client';
import type { RateBudget } from '../api/rate-budget';
import { AppError, isAppError } from '../errors';
import type { EventBus } from '../runtime/event-bus';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers } from '../runtime/timers';
import type { Logger } from '../log/logger';
import { baseUrlProblem, normaliseBaseUrl } from '../../preload/settings';
import type { SecretStore } from '../store/secret-store';
import { accountViewSchema, keyCapabilitiesSchema } from '../store/snapshots';
import type { SettingsStore } from '../store/settings-store';
import { openApiSession, type ApiSession, type SessionOptions } from './api-session';
import { probeCapabilities } from './capabilities';
import { msg, verbatim } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';

export interface ConnectionDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  events: EventBus;
  log: Logger;
  dataDir: string;
  userAgent: string;
  now?: () => number;
  /** Builds API sessions (tests inject clocks and sleeps). */
  openSession?: (options: SessionOptions) => ApiSession;
}

/** What was learned about the key when last online (connection.json), so offline the app knows what it may do. */
const cachedConnectionSchema = z.object({ baseUrl: z.string(), capabilities: keyCapabilitiesSchema, account: accountViewSchema.nullable() });
type CachedConnection = z.infer<typeof cachedConnectionSchema>;

const offlineRetryMs = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

function looksLikeKey(value: string): boolean {
  return value.length >= 8 && value.length <= 512 && /^[\x21-\x7e]+$/.test(value);
}

export interface ConnectionService {
  state(): ConnectionState;
  /** Subscribes to state changes inside main (the sync engine and outbox react to them). */
  onChange(listener: (state: ConnectionState) => void): () => void;
  /** At app start: use the stored key, if any. */
  start(): Promise<ConnectionState>;
  /** Tries a pasted key; stores it in the keychain only if the Fax Service accepts it. */
  connect(input: { apiKey: string; baseUrl?: string | undefined; extraCaPath?: string | null | undefined }): Promise<ConnectionState>;
  /** Probes again with the stored key (after being offline, or on request). */
  reconnect(): Promise<ConnectionState>;
  signOut(): Promise<ConnectionState>;
  /** The client, when the key is usable (connected, or offline with a stored key). */
  client(): FaxClient;
  budget(): RateBudget | null;
  /** True when requests may be attempted (a stored, not rejected key). */
  usable(): boolean;
  /** A call succeeded while the state said offline: offline ends now. */
  noteReachable(): void;
  /** Runs `listener` whenever a reply comes back from the Fax Service (any reply: it can be reached). */
  onReachable(listener: () => void): () => void;
  dispose(): void;
}

export function createConnectionService(deps: ConnectionDeps): ConnectionService {
  const log = deps.log.child('connection');
  const now = deps.now ?? Date.now;
  const openSession = deps.openSession ?? openApiSession;
  const cacheFile = path.join(deps.dataDir, 'connection.json');
  // Until start() has looked in the keychain, the app is "connecting", never wrongly "signed out".
  let state: ConnectionState = { status: 'connecting', baseUrl: deps.settings.get().baseUrl };
  let session: ApiSession | null = null;
  let key: string | null = null;
  const retryTimer = createOneTimer(realTimers);
  let offlineAttempts = 0;
  const listeners = new Set<(state: ConnectionState) => void>();

  function setState(next: ConnectionState): void {
    state = next;
    deps.events.emit('connectionChanged', next);
    for (const listener of listeners) listener(next);
  }

  function readCache(baseUrl: string): CachedConnection | null {
    try {
      const parsed = cachedConnectionSchema.safeParse(JSON.parse(fs.readFileSync(cacheFile, 'utf8')));
      return parsed.success && parsed.data.baseUrl === baseUrl ? parsed.data : null;
    } catch {
      return null;
    }
  }

  function writeCache(value: CachedConnection | null): void {
    if (value === null) fs.rmSync(cacheFile, { force: true });
    else fs.writeFileSync(cacheFile, JSON.stringify(value), { mode: 0o600 });
  }

  function onUnauthorized(requestId: string | null): void {
    if (state.status === 'key_rejected' || state.status === 'signed_out') return;
    log.warn('connection.key_rejected', { requestId });
    setState({
      status: 'key_rejected',
      baseUrl: state.baseUrl,
      message: say(msg('connectionService.theFaxServiceRefused2')),
      ...(requestId ? { requestId } : {}),
    });
  }

  /**
   * A reply came back while the state said offline: the service is reachable again, so "offline" ends at once
   * (with what the key could do when last seen), rather than after the next scheduled probe.
   */
  const reachableListeners = new Set<() => void>();

  function onReachable(): void {
    for (const listener of [...reachableListeners]) listener();
    if (state.status === 'offline') {
      const cached = readCache(state.baseUrl);
      clearRetry();
      offlineAttempts = 0;
      if (cached) setState({ status: 'connected', baseUrl: state.baseUrl, account: cached.account, capabilities: cached.capabilities, connectedAt: now() });
      else void service.reconnect().catch(() => undefined);
    }
  }

  function buildSession(baseUrl: string, extraCaPath: string | null, keyGetter: () => Promise<string>): ApiSession {
    return openSession({
      baseUrl,
      extraCaPath,
      apiKey: keyGetter,
      onUnauthorized: (requestId) => {
        if (session && keyGetter === currentKey) onUnauthorized(requestId);
      },
      onReachable: () => {
        if (session && keyGetter === currentKey) onReachable();
      },
      log: deps.log,
      userAgent: deps.userAgent,
      ...(deps.now ? { now: deps.now } : {}),
    });
  }

  const currentKey = (): Promise<string> => {
    if (key === null) return Promise.reject(new AppError('not_connected', msg('connectionService.connectToTheFax')));
    return Promise.resolve(key);
  };

  const clearRetry = (): void => retryTimer.cancel();

  function scheduleOfflineRetry(): number {
    clearRetry();
    const wait = offlineRetryMs[Math.min(offlineAttempts, offlineRetryMs.length - 1)] ?? 300_000;
    offlineAttempts += 1;
    retryTimer.after(wait, () => void service.reconnect().catch(() => undefined));
    return now() + wait;
  }

  async function probeWithStoredKey(): Promise<ConnectionState> {
    const { baseUrl } = deps.settings.get();
    if (!session || key === null) return state;
    setState({ status: 'connecting', baseUrl });
    try {
      const probe = await probeCapabilities(session.client);
      offlineAttempts = 0;
      clearRetry();
      writeCache({ baseUrl, capabilities: probe.capabilities, account: probe.account });
      setState({ status: 'connected', baseUrl, account: probe.account, capabilities: probe.capabilities, connectedAt: now() });
    } catch (error) {
      if (error instanceof FaxApiError && error.status === 401) {
        onUnauthorized(error.requestId);
      } else {
        const appError = appErrorOf(error) ?? new AppError('offline', msg('connectionService.theFaxServiceCannot'));
        const cached = readCache(baseUrl);
        setState({ status: 'offline', baseUrl, message: appError.toIpcError().message, capabilities: cached?.capabilities ?? null, account: cached?.account ?? null, retryAt: scheduleOfflineRetry() });
      }
    }
    return state;
  }

  const service: ConnectionService = {
    state: (): ConnectionState => state,

    /** Subscribes to state changes inside main (the sync engine and outbox react to them). */
    onChange(listener: (state: ConnectionState) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** At app start: use the stored key, if any. */
    async start(): Promise<ConnectionState> {
      const { baseUrl, extraCaPath } = deps.settings.get();
      let stored: string | null;
      try {
        stored = await deps.secrets.get('api-key');
      } catch (error) {
        setState({ status: 'signed_out', baseUrl, message: isAppError(error) ? error.toIpcError().message : say(msg('connectionService.theKeychainCouldNot')) });
        return state;
      }
      if (stored === null || baseUrl === '') {
        setState({ status: 'signed_out', baseUrl });
        return state;
      }
      key = stored;
      try {
        session = buildSession(baseUrl, extraCaPath, currentKey);
      } catch (error) {
        setState({ status: 'signed_out', baseUrl, message: isAppError(error) ? error.toIpcError().message : say(msg('connectionService.theConnectionSettingsAre')) });
        return state;
      }
      return probeWithStoredKey();
    },

    /** Tries a pasted key; stores it in the keychain only if the Fax Service accepts it. */
    async connect(input: { apiKey: string; baseUrl?: string | undefined; extraCaPath?: string | null | undefined }): Promise<ConnectionState> {
      const current = deps.settings.get();
      const baseUrl = normaliseBaseUrl(input.baseUrl ?? current.baseUrl);
      if (baseUrl === '') throw new AppError('invalid_input', msg('connectionService.enterTheFaxService'));
      const problem = baseUrlProblem(baseUrl);
      if (problem) throw new AppError('invalid_input', msg(problem));
      const extraCaPath = input.extraCaPath === undefined ? current.extraCaPath : input.extraCaPath;
      const candidate = input.apiKey.trim();
      if (!looksLikeKey(candidate)) throw new AppError('invalid_input', msg('connectionService.thatDoesNotLook'));

      const previous: ConnectionState = state.status === 'connecting' && session === null ? { status: 'signed_out', baseUrl: current.baseUrl } : state;
      const candidateGetter = () => Promise.resolve(candidate);
      const trial = buildSession(baseUrl, extraCaPath, candidateGetter);
      setState({ status: 'connecting', baseUrl });
      let probe;
      try {
        probe = await probeCapabilities(trial.client);
      } catch (error) {
        trial.close();
        setState(previous);
        if (error instanceof FaxApiError && error.status === 401) {
          throw new AppError('authentication', msg('connectionService.theFaxServiceRefused'), {
            status: 401,
            ...(error.requestId ? { requestId: error.requestId } : {}),
          });
        }
        throw error;
      }
      try {
        await deps.secrets.set('api-key', candidate);
      } catch (error) {
        trial.close();
        setState(previous);
        throw error;
      }
      deps.settings.update({ baseUrl, extraCaPath });
      trial.close();
      session?.close();
      key = candidate;
      session = buildSession(baseUrl, extraCaPath, currentKey);
      offlineAttempts = 0;
      clearRetry();
      writeCache({ baseUrl, capabilities: probe.capabilities, account: probe.account });
      log.info('connection.connected', { automationOnly: probe.capabilities.automationOnly });
      setState({ status: 'connected', baseUrl, account: probe.account, capabilities: probe.capabilities, connectedAt: now() });
      return state;
    },

    /** Probes again with the stored key (after being offline, or on request). */
    async reconnect(): Promise<ConnectionState> {
      if (session === null || key === null) return state;
      return probeWithStoredKey();
    },

    async signOut(): Promise<ConnectionState> {
      await deps.secrets.delete('api-key');
      clearRetry();
      session?.close();
      session = null;
      key = null;
      writeCache(null);
      log.info('connection.signed_out');
      setState({ status: 'signed_out', baseUrl: deps.settings.get().baseUrl });
      return state;
    },

    /** The client, when the key is usable (connected, or offline with a stored key). */
    client(): FaxClient {
      if (state.status === 'key_rejected') throw new AppError('authentication', verbatim(state.message), state.requestId ? { requestId: state.requestId } : {});
      if (session === null || key === null) throw new AppError('not_connected', msg('connectionService.connectToTheFax'));
      return session.client;
    },

    budget(): RateBudget | null {
      return session?.budget ?? null;
    },

    /** True when requests may be attempted (a stored, not rejected key). */
    usable(): boolean {
      return session !== null && key !== null && (state.status === 'connected' || state.status === 'offline' || state.status === 'connecting');
    },

    noteReachable(): void {
      onReachable();
    },

    onReachable(listener) {
      reachableListeners.add(listener);
      return () => reachableListeners.delete(listener);
    },

    dispose(): void {
      clearRetry();
      session?.close();
      session = null;
      key = null;
      listeners.clear();
    },
  };
  return service;
}

