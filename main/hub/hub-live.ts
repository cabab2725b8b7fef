/**
 * Another desk's claim, note or handled mark, live: a connection of its own LISTENs on the hub's channel (each
 * change notifies "<change id>:<fax id>" as it commits; no fax id: the office's labels or people changed), and a catch-up query every half minute reads the change
 * log for anything a dropped connection missed — changes commit out of id order, so it looks back a little
 * further than the last id it saw and skips the ones it heard. A dropped connection is made again with growing
 * waits; whether the hub is reachable is told as it changes.
 */
import pg from 'pg';
import { createOneTimer } from '../runtime/one-timer';
import { waitAfterFailures, type RetrySchedule } from '../runtime/retry-schedule';
import { realTimers, type Timers } from '../runtime/timers';
import { hubClientConfig, type HubAddress, type HubCredentials } from './hub-address';

/** Waits between tries to reach the hub again. */
export const reconnectWaits: RetrySchedule = [1_000, 2_000, 5_000, 10_000, 30_000];
/** How far back a catch-up looks past the last change id heard (transactions commit out of id order). */
const lookBack = 500;
const heardKept = 5_000;

export interface HubLiveOptions {
  address: HubAddress;
  credentials: HubCredentials;
  /** Faxes whose shared triage changed (on any desk, this one included). */
  onChanged: (faxIds: string[]) => void;
  /** The office's lists (labels, people) changed: a change with no fax id. */
  onOfficeChanged?: () => void;
  onReachable: (reachable: boolean) => void;
  /**
   * Listening (again) after each connection is made: what changed while this desk was not listening is not in
   * the change log it starts from, so a desk reads its state after this.
   */
  onListening?: () => void;
  /** The first attempt to connect ended (listening, or not reachable). */
  onFirstAttempt?: () => void;
  catchUpMs?: number;
  timers?: Timers;
}

export interface HubLive {
  start(): void;
  /** Reads the change log now (also done on every reconnect and every `catchUpMs`). */
  catchUp(): Promise<void>;
  stop(): Promise<void>;
  readonly reachable: boolean;
}

export function createHubLive(options: HubLiveOptions): HubLive {
  const timers = options.timers ?? realTimers;
  const catchUpMs = options.catchUpMs ?? 30_000;
  const reconnect = createOneTimer(timers);
  const periodic = createOneTimer(timers);
  const heard = new Set<number>();
  let cursor: number | null = null;
  let client: pg.Client | null = null;
  let reachable = false;
  let failures = 0;
  let stopped = true;
  let firstAttempt = true;
  const firstAttemptEnded = (): void => {
    if (!firstAttempt) return;
    firstAttempt = false;
    options.onFirstAttempt?.();
  };

  const setReachable = (value: boolean): void => {
    if (value === reachable) return;
    reachable = value;
    options.onReachable(value);
  };

  const remember = (id: number): void => {
    heard.add(id);
    if (heard.size > heardKept) {
      const oldest = heard.values().next().value;
      if (oldest !== undefined) heard.delete(oldest);
    }
  };

  function dropped(from: pg.Client): void {
    if (client !== from) return;
    client = null;
    from.end().catch(() => undefined);
    setReachable(false);
    if (stopped) return;
    failures += 1;
    reconnect.after(waitAfterFailures(reconnectWaits, failures), () => void connect());
  }

  async function readChanges(from: pg.Client): Promise<void> {
    if (cursor === null) {
      const latest = await from.query<{ id: string | null }>('SELECT max(id) AS id FROM fax_hub.changes');
      cursor = Number(latest.rows[0]?.id ?? 0);
      // The changes already there when this desk first listens are the state it read, not news; one committed
      // later under an older id (out of order) is not among them, so the catch-up still finds it.
      const present = await from.query<{ id: string }>('SELECT id FROM fax_hub.changes WHERE id > $1', [Math.max(0, cursor - lookBack)]);
      for (const row of present.rows) remember(Number(row.id));
      return;
    }
    const rows = await from.query<{ id: string; fax_id: string }>('SELECT id, fax_id FROM fax_hub.changes WHERE id > $1 ORDER BY id', [Math.max(0, cursor - lookBack)]);
    const changed = new Set<string>();
    let office = false;
    for (const row of rows.rows) {
      const id = Number(row.id);
      cursor = Math.max(cursor, id);
      if (heard.has(id)) continue;
      remember(id);
      if (row.fax_id === '') office = true;
      else changed.add(row.fax_id);
    }
    if (changed.size > 0) options.onChanged([...changed]);
    if (office) options.onOfficeChanged?.();
  }

  async function catchUp(): Promise<void> {
    const current = client;
    if (current === null) return;
    try {
      await readChanges(current);
    } catch {
      dropped(current);
    }
  }

  function schedulePeriodic(): void {
    periodic.after(catchUpMs, () => {
      void catchUp().finally(() => {
        if (!stopped) schedulePeriodic();
      });
    });
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ ...hubClientConfig(options.address, options.credentials), application_name: 'Fax Desktop (live)' });
    client = next;
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    next.on('notification', (message) => {
      const [id = '', ...rest] = (message.payload ?? '').split(':');
      const faxId = rest.join(':');
      const changeId = Number(id);
      if (id === '' || !Number.isSafeInteger(changeId)) return;
      remember(changeId);
      if (cursor !== null && changeId > cursor) cursor = changeId;
      if (faxId === '') options.onOfficeChanged?.();
      else options.onChanged([faxId]);
    });
    try {
      await next.connect();
      await next.query('LISTEN fax_hub');
      // What changed while this desk was not listening.
      await readChanges(next);
      failures = 0;
      setReachable(true);
      options.onListening?.();
    } catch {
      dropped(next);
    }
    firstAttemptEnded();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void connect();
      schedulePeriodic();
    },
    catchUp,
    async stop() {
      stopped = true;
      firstAttemptEnded();
      reconnect.cancel();
      periodic.cancel();
      const current = client;
      client = null;
      setReachable(false);
      await current?.end().catch(() => undefined);
    },
    get reachable() {
      return reachable;
    },
  };
}
