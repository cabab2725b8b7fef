/**
 * This desk's one connection to the office hub. Everything the desk asks the hub (its triage actions, reads, the
 * change log, leases) runs on it, one piece of work at a time, and it listens on it for other desks' changes — so a
 * desk holds one connection, not a pool and a listener (a hundred desks then fit a default PostgreSQL server).
 *
 * - **Listening**: the connection is kept. A dropped one is made again with growing waits (at once when work is
 *   asked for), and a quiet one is checked every `heartbeatMs`: a network cut or a laptop waking from sleep leaves
 *   a connection that answers nothing, and it is only found out by asking.
 * - **Visiting**: when the hub has no room to spare (hub-room.ts), the desk connects only for the work asked of it
 *   and disconnects after `lingerMs` of quiet; its change feed visits once a second. Now and then a visit looks
 *   whether there is room again.
 *
 * Reachability is told as it changes: a connection made says the hub answers; a connection that cannot be made, or
 * that drops, says it does not (with the reason: unreachable, refused, full).
 */
import type pg from 'pg';
import type { AppError } from '../errors';
import { createOneTimer } from '../runtime/one-timer';
import { waitAfterFailures, type RetrySchedule } from '../runtime/retry-schedule';
import { realTimers, type Timers } from '../runtime/timers';
import { hubClientConfig, type HubAddress, type HubCredentials } from './hub-address';
import { hubError } from './hub-errors';
import { mayKeepConnection, mayStartKeeping, readRoom, shouldGiveUpConnection } from './hub-room';
import { createHubClient, isServerError } from './hub-client';

/** The channel every change on the hub is told on ("<change id>:<fax id>"). */
export const hubChannel = 'fax_hub';

/**
 * Waits between tries to make a dropped listening connection again: short, so a hub back from a restart, a network
 * back from a cut or a laptop awake again is found within seconds (work asked for meanwhile tries at once anyway).
 */
export const reconnectWaits: RetrySchedule = [1_000, 2_000, 5_000, 10_000, 15_000];
/** Visits in a row that find the server full before the desk says so (a single one is other desks' passing visits). */
export const fullVisitsBeforeSaid = 3;

export type LinkMode = 'listening' | 'visiting';

export interface HubLinkOptions {
  address: HubAddress;
  credentials: HubCredentials;
  /** A desk's link listens for changes and keeps its connection while there is room; a one-off session does not. */
  listen: boolean;
  /** A notification heard, and the server process that sent it (anyone connected may send one). */
  onNotification?: (payload: string, senderPid: number) => void;
  /** Whether the hub answers, told as it changes; a failure says why it does not. */
  onReachable?: (reachable: boolean, failure: AppError | null) => void;
  /** Listening began (again): what changed while nobody listened is in no notification. */
  onListening?: () => void;
  onMode?: (mode: LinkMode) => void;
  timers?: Timers;
  /** A listening connection quiet this long is asked whether it still answers. */
  heartbeatMs?: number;
  /** How long a question that should be instant may take before the connection counts as dead. */
  heartbeatTimeoutMs?: number;
  /** A visiting connection is closed after this long without work. */
  lingerMs?: number;
  reconnectWaits?: RetrySchedule;
  /** How long any question may take before the connection counts as dead (15 s unless a test says otherwise). */
  queryTimeoutMs?: number;
  /** A number in 0–1 (tests give their own). */
  random?: () => number;
}

export interface HubLink {
  /** Connects in the background (listening links) and keeps trying; after `suspend`, starts again. */
  start(): void;
  /** Closes the connection and stops trying (a desk the hub refused); `start` resumes. */
  suspend(): Promise<void>;
  /** Runs `work` on this desk's connection, after the work asked before it; opens the connection when needed. */
  use<T>(work: (client: pg.ClientBase) => Promise<T>): Promise<T>;
  /** Looks whether there is room to keep a connection again, or to keep it no longer (a visit does it now and then). */
  checkRoom(): Promise<void>;
  readonly mode: LinkMode;
  readonly reachable: boolean;
  /**
   * How long a question that should be instant (the change log, a heartbeat) may take: a silent connection (a
   * pulled cable, a laptop asleep) answers nothing, and only a question that times out finds that out.
   */
  readonly quickTimeoutMs: number;
  /** Connections this link opened so far (the bench counts them). */
  readonly opened: number;
  stop(): Promise<void>;
}

/** A failure of the connection itself (not a refusal of one statement): the connection is given up. */
function breaksConnection(error: unknown): boolean {
  return !isServerError(error) || /^(08|57)/.test(error.code ?? '');
}

export function createHubLink(options: HubLinkOptions): HubLink {
  const timers = options.timers ?? realTimers;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 5_000;
  const lingerMs = options.lingerMs ?? 20;
  const waits = options.reconnectWaits ?? reconnectWaits;
  const random = options.random ?? Math.random;
  const reconnect = createOneTimer(timers);
  const linger = createOneTimer(timers);
  const heartbeat = createOneTimer(timers);
  let client: pg.Client | null = null;
  let listening = false;
  let mode: LinkMode = 'listening';
  let reachable = false;
  let failures = 0;
  let fullVisits = 0;
  let stopped = true;
  let ended = false;
  let opened = 0;
  let runs = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const closing = new WeakSet<pg.Client>();

  const setReachable = (value: boolean, failure: AppError | null): void => {
    if (value === reachable && (value || failure === null)) return;
    reachable = value;
    options.onReachable?.(value, failure);
  };

  const setMode = (next: LinkMode): void => {
    if (next === mode) return;
    mode = next;
    options.onMode?.(next);
  };

  const keeps = (): boolean => options.listen && mode === 'listening';

  function close(current: pg.Client): void {
    closing.add(current);
    if (client === current) {
      client = null;
      listening = false;
    }
    heartbeat.cancel();
    current.end().catch(() => undefined);
  }

  /**
   * Sets the next try to listen again, unless one is set: work that fails to connect meanwhile does not put it off.
   * `failures` counts the tries that failed in a row (a drop counts as one).
   */
  function scheduleReconnect(): void {
    if (stopped || !keeps() || client !== null || reconnect.waiting) return;
    reconnect.after(waitAfterFailures(waits, failures), () => {
      void use(() => Promise.resolve()).catch(() => {
        failures += 1;
        scheduleReconnect();
      });
    });
  }

  function dropped(from: pg.Client, failure: AppError): void {
    if (closing.has(from)) return;
    closing.add(from);
    if (client === from) {
      client = null;
      listening = false;
    }
    heartbeat.cancel();
    from.end().catch(() => undefined);
    failures = Math.max(failures, 1);
    setReachable(false, failure);
    scheduleReconnect();
  }

  function scheduleHeartbeat(): void {
    if (!keeps() || client === null || stopped) return;
    heartbeat.after(heartbeatMs, () => {
      void use((current) => current.query({ text: 'SELECT 1', query_timeout: heartbeatTimeoutMs } as pg.QueryConfig)).catch(() => undefined);
    });
  }

  async function startListening(current: pg.ClientBase): Promise<void> {
    await current.query(`LISTEN ${hubChannel}`);
    listening = true;
    setMode('listening');
    options.onListening?.();
  }

  async function open(): Promise<pg.Client> {
    const next = await createHubClient({ ...hubClientConfig(options.address, options.credentials), application_name: 'Fax Desktop', ...(options.queryTimeoutMs !== undefined ? { query_timeout: options.queryTimeoutMs } : {}) });
    next.on('error', (error) => dropped(next, hubError(error)));
    next.on('end', () => dropped(next, hubError(new Error('Connection terminated unexpectedly'))));
    next.on('notification', (message) => {
      if (message.channel === hubChannel && client === next && listening) options.onNotification?.(message.payload ?? '', message.processId);
    });
    try {
      await next.connect();
    } catch (error) {
      closing.add(next);
      next.end().catch(() => undefined);
      failures = Math.max(failures, 1);
      const failure = hubError(error);
      // A visit that finds the server full for a moment is tried again at the next visit; the desk says the hub
      // is full only when visits keep finding it so (other desks' visits come and go within milliseconds).
      fullVisits = !keeps() && failure.details.code === 'hub_full' ? fullVisits + 1 : 0;
      if (fullVisits === 0 || fullVisits >= fullVisitsBeforeSaid) setReachable(false, failure);
      scheduleReconnect();
      throw failure;
    }
    opened += 1;
    client = next;
    failures = 0;
    fullVisits = 0;
    reconnect.cancel();
    if (keeps()) {
      try {
        const room = await readRoom(next);
        if (mayKeepConnection(room)) await startListening(next);
        else setMode('visiting');
      } catch (error) {
        const failure = hubError(error);
        dropped(next, failure);
        throw failure;
      }
    }
    setReachable(true, null);
    return next;
  }

  /** Closes a visiting connection once no work came for a while (work queued meanwhile keeps it). */
  function scheduleLinger(current: pg.Client): void {
    const runsThen = runs;
    linger.after(lingerMs, () => {
      queue = queue.then(() => {
        if (client === current && runs === runsThen && options.listen && !keeps()) close(current);
      });
    });
  }

  async function run<T>(work: (client: pg.ClientBase) => Promise<T>): Promise<T> {
    linger.cancel();
    heartbeat.cancel();
    runs += 1;
    const current = client ?? (await open());
    try {
      return await work(current);
    } catch (error) {
      const failure = hubError(error);
      if (breaksConnection(error)) dropped(current, failure);
      throw failure;
    } finally {
      if (client === current) {
        if (keeps() && listening) scheduleHeartbeat();
        else if (options.listen) scheduleLinger(current);
      }
    }
  }

  function use<T>(work: (client: pg.ClientBase) => Promise<T>): Promise<T> {
    const result = queue.then(() => {
      if (ended) throw hubError(new Error('Connection terminated'));
      return run(work);
    });
    queue = result.catch(() => undefined);
    return result;
  }

  async function checkRoom(): Promise<void> {
    if (!options.listen || stopped) return;
    await use(async (current) => {
      const room = await readRoom(current);
      if (mode === 'visiting' && mayStartKeeping(room) && client === current) {
        setMode('listening');
        await startListening(current);
      } else if (mode === 'listening' && shouldGiveUpConnection(room, random())) {
        setMode('visiting');
        listening = false;
        await current.query(`UNLISTEN ${hubChannel}`);
      }
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      if (options.listen) void use(() => Promise.resolve()).catch(() => undefined);
    },
    async suspend() {
      stopped = true;
      reconnect.cancel();
      linger.cancel();
      heartbeat.cancel();
      await queue;
      const current = client;
      if (current) close(current);
      reachable = false;
    },
    use,
    checkRoom,
    get mode() {
      return mode;
    },
    get reachable() {
      return reachable;
    },
    get opened() {
      return opened;
    },
    quickTimeoutMs: heartbeatTimeoutMs,
    async stop() {
      stopped = true;
      ended = true;
      reconnect.cancel();
      linger.cancel();
      heartbeat.cancel();
      await queue;
      const current = client;
      client = null;
      listening = false;
      if (current) {
        closing.add(current);
        await current.end().catch(() => undefined);
      }
      reachable = false;
    },
  };
}
