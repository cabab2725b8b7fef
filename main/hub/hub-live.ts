/**
 * Another desk's claim, note or handled mark, live. The hub tells each change on its channel as it commits
 * ("<change id>:<fax id>"; no fax id: the office's labels or people changed) to the desks listening on their link
 * (hub-link.ts), and logs it in its change table. The change table is read:
 * - when the link listens (again): from there on notifications bring the news, and what came before is read;
 * - every `catchUpMs` while listening, for a notification a dropped connection missed — changes commit out of id
 *   order, so it looks back a little further than the last id it saw and skips the ones it heard;
 * - every `visitMs` while the link visits (the hub has no room for its connection): the only way news comes then.
 * A notification says no more than "look again" (anyone connected may send one, and its words are not read): it
 * brings a read of the change log, which only the hub writes, at most once every `readGapMs` however many come.
 */
import { coalesced } from '../runtime/coalesced';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';
import type { HubLink } from './hub-link';
import type { ClientBase, QueryConfig, QueryResult, QueryResultRow } from 'pg';

/** How far back a catch-up looks past the last change id heard (transactions commit out of id order). */
const lookBack = 500;
const heardKept = 5_000;
/** A visit now and then also looks whether the hub has room for this desk's connection again (or no longer). */
const visitsPerRoomCheck = 30;

export interface HubLiveOptions {
  link: HubLink;
  /** Faxes whose shared triage changed (on any desk, this one included). */
  onChanged: (faxIds: string[]) => void;
  /** The office's lists (labels, people) changed: a change with no fax id. */
  onOfficeChanged?: () => void;
  catchUpMs?: number;
  visitMs?: number;
  /** Least time between two reads brought by notifications (the first after a quiet spell is at once). */
  readGapMs?: number;
  timers?: Timers;
  now?: () => number;
}

export interface HubLive {
  start(): void;
  /** The link listens (again): reads what changed since this desk last looked. */
  listening(): Promise<void>;
  /** A notification heard on the link: the change log is read (soon, once for a burst). */
  heard(): void;
  /** The link began or stopped visiting: the feed reads on the new beat. */
  modeChanged(): void;
  /** Reads the change log now (also done on every (re)connection and every `catchUpMs`, or `visitMs` visiting). */
  catchUp(): Promise<void>;
  stop(): void;
}

export function createHubLive(options: HubLiveOptions): HubLive {
  const timers = options.timers ?? realTimers;
  const catchUpMs = options.catchUpMs ?? 30_000;
  const visitMs = options.visitMs ?? 1_000;
  const periodic = createOneTimer(timers);
  const heardIds = new Set<number>();
  let cursor: number | null = null;
  let stopped = true;
  let visits = 0;

  const remember = (id: number): void => {
    heardIds.add(id);
    if (heardIds.size > heardKept) {
      const oldest = heardIds.values().next().value;
      if (oldest !== undefined) heardIds.delete(oldest);
    }
  };

  /** A read of the change log is small: one that takes longer than a heartbeat's answer is on a dead connection. */
  const quick = <Row extends QueryResultRow>(client: ClientBase, text: string, values: unknown[] = []): Promise<QueryResult<Row>> =>
    client.query<Row>({ text, values, query_timeout: options.link.quickTimeoutMs } as QueryConfig);

  async function readChanges(client: ClientBase): Promise<void> {
    if (cursor === null) {
      const latest = await quick<{ id: string | null }>(client, 'SELECT max(id) AS id FROM fax_hub.changes');
      cursor = Number(latest.rows[0]?.id ?? 0);
      // The changes already there when this desk first looks are the state it reads, not news; one committed
      // later under an older id (out of order) is not among them, so the catch-up still finds it.
      const present = await quick<{ id: string }>(client, 'SELECT id FROM fax_hub.changes WHERE id > $1', [Math.max(0, cursor - lookBack)]);
      for (const row of present.rows) remember(Number(row.id));
      return;
    }
    const rows = await quick<{ id: string; fax_id: string }>(client, 'SELECT id, fax_id FROM fax_hub.changes WHERE id > $1 ORDER BY id', [Math.max(0, cursor - lookBack)]);
    const changed = new Set<string>();
    let office = false;
    for (const row of rows.rows) {
      const id = Number(row.id);
      cursor = Math.max(cursor, id);
      if (heardIds.has(id)) continue;
      remember(id);
      if (row.fax_id === '') office = true;
      else changed.add(row.fax_id);
    }
    if (changed.size > 0) options.onChanged([...changed]);
    if (office) options.onOfficeChanged?.();
  }

  const catchUp = (): Promise<void> => options.link.use(readChanges).catch(() => undefined);
  // Four reads at once (claims seconds apart are each read as they come), then one a gap: a flood of notifications,
  // forged or real, costs a desk four reads a second at most.
  const readSoon = coalesced(catchUp, options.readGapMs ?? 250, timers, options.now, 4);

  function schedule(): void {
    if (stopped) return;
    const visiting = options.link.mode === 'visiting';
    // Visits are spread (±25 %), so desks started together do not all visit at the same moment.
    periodic.after(visiting ? Math.round(visitMs * (0.75 + Math.random() * 0.5)) : catchUpMs, () => {
      visits += 1;
      const checkRoom = visits % visitsPerRoomCheck === 0;
      void catchUp()
        .then(() => (checkRoom ? options.link.checkRoom().catch(() => undefined) : undefined))
        .finally(schedule);
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    listening: () => catchUp().finally(schedule),
    heard: () => {
      if (!stopped) readSoon();
    },
    catchUp,
    modeChanged: schedule,
    stop() {
      stopped = true;
      periodic.cancel();
      readSoon.cancel();
    },
  };
}
