/**
 * Room on the hub for one more lasting connection. A PostgreSQL server takes a fixed number of connections
 * (max_connections, 100 by default, three of them kept for its superuser). A desk listens on a connection it keeps,
 * which is what makes another desk's claim show within milliseconds — but a hundred desks keeping one each would
 * fill a default server and lock the rest out. So a desk keeps its connection only while the hub has room to
 * spare, and otherwise visits: connects, reads what changed, and disconnects, once a second. The spare room is
 * what visits, the administrator's work and a desk just starting use.
 */
import type { ClientBase } from 'pg';

export interface HubRoom {
  /** Connections a signed-in person may hold in all (the server's limit less its reserved ones). */
  usable: number;
  /** Connections open now, on every database of the server (this one included). */
  used: number;
}

/** Connections kept free for visits, starting desks and the administrator: a tenth of the usable ones, at least 3. */
export function spareRoom(usable: number): number {
  return Math.max(3, Math.ceil(usable / 10));
}

/** Whether a desk that just connected may keep its connection (its own is counted in `used`). */
export function mayKeepConnection(room: HubRoom): boolean {
  return room.usable - room.used >= spareRoom(room.usable);
}

/**
 * Whether a visiting desk may start keeping its connection: twice the spare room is free, so desks do not flap
 * between keeping and visiting as others come and go.
 */
export function mayStartKeeping(room: HubRoom): boolean {
  return room.usable - room.used >= 2 * spareRoom(room.usable);
}

/**
 * Whether a desk keeping its connection should give it up: the hub is so full that desks visiting or starting
 * cannot get in. Not every desk gives up at once (`chance`, 0–1): a third of them each time it is looked at.
 */
export function shouldGiveUpConnection(room: HubRoom, chance: number): boolean {
  return room.usable - room.used < Math.ceil(spareRoom(room.usable) / 2) && chance < 1 / 3;
}

/** Reads the hub's room: any signed-in role may read these settings and the count of connections per database. */
export async function readRoom(client: ClientBase): Promise<HubRoom> {
  const row = await client.query<{ usable: number; used: number }>(
    `SELECT current_setting('max_connections')::int
              - current_setting('superuser_reserved_connections')::int
              - coalesce(nullif(current_setting('reserved_connections', true), '')::int, 0) AS usable,
            (SELECT coalesce(sum(numbackends), 0) FROM pg_stat_database)::int AS used`,
  );
  const found = row.rows[0];
  return { usable: found?.usable ?? 0, used: found?.used ?? 0 };
}
