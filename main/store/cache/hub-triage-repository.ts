/**
 * The office hub's triage of received faxes as this desk last saw it, mirrored into the encrypted cache: the
 * lists show it and filter by it ("Mine", "Unclaimed") in one query with the faxes, and it stays shown while the
 * hub cannot be reached. Only logins, label ids and counts: notes and label names stay on the hub (sealed) and in memory.
 */
import type { CacheDb } from './cache-database';

export interface MirroredTriage {
  faxId: string;
  claim: { by: string; since: number } | null;
  assignee: string | null;
  handled: { by: string; at: number } | null;
  labelIds: string[];
  notes: number;
  pending: number;
  /** A sent fax: the person who sent it. */
  sentBy: string | null;
}

export interface HubTriageRepository {
  /** Writes these faxes' triage (null: the hub knows nothing of it any more). */
  put(entries: ReadonlyArray<{ faxId: string; triage: MirroredTriage | null }>): void;
  /** Replaces the whole mirror (a fresh read of the hub). */
  replaceAll(entries: readonly MirroredTriage[]): void;
  among(faxIds: readonly string[]): Map<string, MirroredTriage>;
  clear(): void;
}

interface Row {
  fax_id: string;
  claimed_by: string | null;
  claimed_ms: number | null;
  assignee: string | null;
  handled_by: string | null;
  handled_ms: number | null;
  labels: string;
  notes: number;
  pending: number;
  sent_by: string | null;
}

/** Received faxes someone claimed or was given (the "Mine" filter, for this login). */
export const mineClause = 'id IN (SELECT fax_id FROM hub_triage WHERE claimed_by = ? OR assignee = ?)';
/** Faxes carrying an office label (its id as the argument). */
export const labelClause = 'id IN (SELECT fax_id FROM hub_triage, json_each(hub_triage.labels) WHERE json_each.value = ?)';
/**
 * Received faxes nobody has claimed. The claimed ids come from their own index (as "Not handled" reads its marks):
 * left to itself the planner takes the index by person and looks each id up in the table, twice as slow.
 */
export const unclaimedClause = "direction = 'inbound' AND id NOT IN (SELECT fax_id FROM hub_triage INDEXED BY hub_triage_claimed_ids WHERE claimed_by IS NOT NULL)";

function toTriage(row: Row): MirroredTriage {
  const labels: unknown = JSON.parse(row.labels);
  return {
    faxId: row.fax_id,
    claim: row.claimed_by !== null ? { by: row.claimed_by, since: row.claimed_ms ?? 0 } : null,
    assignee: row.assignee,
    handled: row.handled_by !== null ? { by: row.handled_by, at: row.handled_ms ?? 0 } : null,
    labelIds: Array.isArray(labels) ? labels.filter((item): item is string => typeof item === 'string') : [],
    notes: row.notes,
    pending: row.pending,
    sentBy: row.sent_by,
  };
}

export function createHubTriageRepository(db: CacheDb): HubTriageRepository {
  const upsert = db.prepare(`
    INSERT INTO hub_triage (fax_id, claimed_by, claimed_ms, assignee, handled_by, handled_ms, labels, notes, pending, sent_by)
    VALUES (@fax_id, @claimed_by, @claimed_ms, @assignee, @handled_by, @handled_ms, @labels, @notes, @pending, @sent_by)
    ON CONFLICT(fax_id) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_ms = excluded.claimed_ms, assignee = excluded.assignee,
      handled_by = excluded.handled_by, handled_ms = excluded.handled_ms, labels = excluded.labels, notes = excluded.notes, pending = excluded.pending,
      sent_by = excluded.sent_by`);
  const remove = db.prepare('DELETE FROM hub_triage WHERE fax_id = ?');
  const write = (triage: MirroredTriage): void => {
    upsert.run({
      fax_id: triage.faxId,
      claimed_by: triage.claim?.by ?? null,
      claimed_ms: triage.claim?.since ?? null,
      assignee: triage.assignee,
      handled_by: triage.handled?.by ?? null,
      handled_ms: triage.handled?.at ?? null,
      labels: JSON.stringify(triage.labelIds),
      notes: triage.notes,
      pending: triage.pending,
      sent_by: triage.sentBy,
    });
  };
  return {
    put: db.transaction((entries: ReadonlyArray<{ faxId: string; triage: MirroredTriage | null }>) => {
      for (const entry of entries) {
        if (entry.triage === null) remove.run(entry.faxId);
        else write(entry.triage);
      }
    }),
    replaceAll: db.transaction((entries: readonly MirroredTriage[]) => {
      db.exec('DELETE FROM hub_triage');
      for (const entry of entries) write(entry);
    }),
    among(faxIds) {
      const found = new Map<string, MirroredTriage>();
      for (let start = 0; start < faxIds.length; start += 500) {
        const chunk = faxIds.slice(start, start + 500);
        const rows = db.prepare(`SELECT * FROM hub_triage WHERE fax_id IN (${chunk.map(() => '?').join(', ')})`).all(...chunk) as Row[];
        for (const row of rows) found.set(row.fax_id, toTriage(row));
      }
      return found;
    },
    clear() {
      db.exec('DELETE FROM hub_triage');
    },
  };
}
