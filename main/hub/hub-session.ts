/**
 * One person's session with the office hub: the shared triage of received faxes (claim, release, take over,
 * assign, handled, notes, labels) and the audit trail. PostgreSQL is the referee: a claim is an insert that wins or
 * names who has it; every change is one transaction with its audit entry; an action made offline carries an id and
 * is applied at most once however often its desk sends it. Notes, labels and names are sealed with the office key
 * before they leave the desk.
 */
import crypto from 'node:crypto';
import type { ClientBase } from 'pg';
import type { AuditAction, AuditEntry } from './audit-chain';
import type { ChainHead } from './audit-anchors';
import { sealDetailForNextEntry, type SealedDetail } from './audit-append';
import { inTransaction } from './hub-transaction';
import type { AuditDetail } from './audit-detail';
import { finishLease, nameLease, renewLease, takeLease, type JobLease } from './office-leases';
import type { HubAddress, HubCredentials } from './hub-address';
import { createHubLink, type HubLink } from './hub-link';
import { asRing, openOrNull, seal, type KeyRing, type OfficeKeys } from './office-key';
import { catchUpKeys, type DeskKeys } from './office-keyring';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { checkOffice } from './office-setup';
import { changedMeanwhile } from './hub-errors';
import { openLabels, readTriage, sealedFilingPlace, sealedLabels, type ClaimResult, type ClaimState, type FaxTriage, type FilingPlace } from './hub-triage-read';

export type { ClaimResult, ClaimState, FaxTriage, FilingPlace } from './hub-triage-read';

export interface HubNote {
  id: string;
  faxId: string;
  author: string;
  at: number;
  /** Null: the note does not open with this desk's office key (altered on the hub, or sealed with another key). */
  text: string | null;
}

export interface TriageAction {
  /** Given by the desk when the action is journaled, so sending it again never applies it twice. */
  actionId?: string;
}

export interface HubSession {
  readonly login: string;
  readonly deskId: string;
  claim(faxId: string, action?: TriageAction): Promise<ClaimResult>;
  release(faxId: string, action?: TriageAction): Promise<void>;
  takeOver(faxId: string, action?: TriageAction): Promise<ClaimState>;
  assign(faxId: string, login: string | null, action?: TriageAction): Promise<void>;
  setHandled(faxId: string, handled: boolean, action?: TriageAction): Promise<void>;
  addNote(faxId: string, text: string, action?: TriageAction): Promise<HubNote>;
  /** Removes a note: its author may, and the office's administrator (anyone else is refused by the database). */
  removeNote(faxId: string, noteId: string): Promise<void>;
  setLabels(faxId: string, labelIds: string[], action?: TriageAction): Promise<void>;
  /** Records that this person sent a fax, and by when a reply is expected (null: none). */
  recordSent(faxId: string, replyDue: number | null, action?: TriageAction): Promise<void>;
  /** Links a received fax to the sent fax it answers by hand (null: unlinks it for good). */
  linkReply(inboundId: string, outboundId: string | null, action?: TriageAction): Promise<void>;
  /** Tells the office this desk filed the fax into the chart (by the rule or a person), with its audit entry. */
  recordFiling(faxId: string, filing: { how: 'rule' | 'person'; place: FilingPlace }, action?: TriageAction): Promise<void>;
  /** Tells the office a filing was taken back (entered in error). */
  recordWithdrawal(faxId: string, action?: TriageAction): Promise<void>;
  notes(faxId: string): Promise<HubNote[]>;
  /** The triage of these faxes (all the hub knows when no ids are given). */
  triage(faxIds?: readonly string[]): Promise<Map<string, FaxTriage>>;
  /** Records that this person viewed, printed, saved or forwarded a fax (once per action id, when given). */
  record(action: AuditAction, faxId: string, triageAction?: TriageAction): Promise<void>;
  /** A change to the office's own lists (its labels) with its audit entry, in one transaction. */
  /** A change to the office's lists by the administrator: `work` calls the hub's function with the entry's sealed detail. */
  changeOffice<T>(detail: AuditDetail, work: (client: ClientBase, entry: SealedDetail) => Promise<T>): Promise<T>;
  auditEntries(range: { from: number; to: number }): Promise<AuditEntry[]>;
  /** The newest entry of every desk chain, and the hub's entries at the numbers given (the heads a desk kept). */
  chainHeads(kept: readonly ChainHead[]): Promise<{ heads: ChainHead[]; seen: ChainHead[] }>;
  /**
   * Takes the office's lease on a job done once per office: 'mine' (this desk does it: a new lease, an expired
   * one, or this desk's own again), 'taken' (another desk holds it) or 'done' (another desk finished it). With
   * `notBefore` (when the job's fax arrived), a lease finished before then is void and taken again.
   */
  takeJob(job: string, leaseMs: number, notBefore?: number): Promise<JobLease>;
  /** Names what a job this desk holds makes (a copy's file name), for a desk that takes it over. */
  nameJob(job: string, target: string): Promise<void>;
  /** Renews a job's lease this desk holds; false when another desk took it. */
  renewJob(job: string, leaseMs: number): Promise<boolean>;
  /** Marks a job this desk holds done for the office. */
  finishJob(job: string): Promise<void>;
  /** Whether this person still holds the office's privileges (false once removed; a removed sign-in is refused). */
  stillMember(): Promise<boolean>;
  /** Runs `work` on the desk's connection to the hub (people, labels). */
  withClient<T>(work: (client: ClientBase) => Promise<T>): Promise<T>;
  /** The office's keys as this desk holds them now (the current one, and the history). */
  readonly officeKey: KeyRing;
  /** Takes a newer office key from the hub (after the administrator changed it), and the key history. */
  refreshKeys(): Promise<void>;
  close(): Promise<void>;
}

export interface HubSessionOptions {
  address: HubAddress;
  credentials: HubCredentials;
  officeKey: OfficeKeys;
  /** This desk's own key pair: left on the hub so that a new office key can reach it (none: it gets none). */
  deskKeys?: DeskKeys | null;
  /** The desk's office keys changed (a new key taken from the hub): the desk keeps the new current one. */
  onKeys?: (ring: KeyRing) => void;
  /** This desk's id (one audit chain per desk). */
  deskId: string;
  /** The desk's link to the hub (its one connection); without one the session opens a link of its own. */
  link?: HubLink;
}

export async function openHubSession(options: HubSessionOptions): Promise<HubSession> {
  const ownLink = options.link === undefined;
  const link = options.link ?? createHubLink({ address: options.address, credentials: options.credentials, listen: false });
  // The office's keys: the current one seals, older ones still open; a newer key taken from the hub replaces it.
  let key: KeyRing = asRing(options.officeKey);
  const takeKeys = async (client: ClientBase): Promise<void> => {
    const ring = await catchUpKeys(client, key, options.deskKeys ?? null, login);
    const changed = !ring.current.equals(key.current) || ring.older.length !== key.older.length;
    key = ring;
    if (changed) options.onKeys?.(ring);
  };
  const login = options.address.user;
  const withClient = <T>(work: (client: ClientBase) => Promise<T>): Promise<T> => link.use(work);

  const deskId = options.deskId;
  const sealDetail = (client: ClientBase, says: AuditDetail | undefined) => sealDetailForNextEntry(client, deskId, key, says);

  /**
   * One triage change in one transaction. `work` calls the hub's function for it, which writes the audit entry
   * itself. With an action id, an action already applied is not applied again (`work` does not run; `already` says
   * what to answer instead).
   */
  async function change<T>(action: TriageAction | undefined, work: (client: ClientBase) => Promise<T>, already: (client: ClientBase) => Promise<T>): Promise<T> {
    return withClient(async (client) => {
      await client.query('BEGIN');
      try {
        if (action?.actionId !== undefined) {
          const fresh = await client.query('INSERT INTO fax_hub.applied_actions (action_id) VALUES ($1) ON CONFLICT (action_id) DO NOTHING', [action.actionId]);
          if (fresh.rowCount === 0) {
            await client.query('ROLLBACK');
            return await already(client);
          }
        }
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /** Calls one of the hub's functions that returns a single value. */
  async function call<T>(client: ClientBase, sql: string, values: unknown[]): Promise<T | undefined> {
    const row = await client.query<{ result: T }>(sql, values);
    return row.rows[0]?.result;
  }

  async function claimOf(client: ClientBase, faxId: string): Promise<ClaimState | null> {
    const row = await client.query<{ claimed_by: string; claimed_at: Date }>('SELECT claimed_by, claimed_at FROM fax_hub.claims WHERE fax_id = $1', [faxId]);
    const found = row.rows[0];
    return found ? { by: found.claimed_by, since: found.claimed_at.getTime() } : null;
  }

  const asResult = (state: ClaimState | null): ClaimResult => (state === null ? { won: false, by: '', since: 0 } : state.by === login ? { won: true, since: state.since } : { won: false, by: state.by, since: state.since });

  const noteOf = (row: { id: string; fax_id: string; author: string; created_at: Date; body_sealed: Buffer }): HubNote => ({
    id: row.id,
    faxId: row.fax_id,
    author: row.author,
    at: row.created_at.getTime(),
    // One note that does not open is shown as such: it never takes the rest of the fax's thread with it.
    text: openOrNull(key, 'note', `${row.fax_id}/${row.id}`, row.body_sealed),
  });

  try {
    await withClient(async (client) => {
      await checkOffice(client, () => key, () => takeKeys(client));
    });
  } catch (error) {
    if (ownLink) await link.stop();
    throw error;
  }

  const session: HubSession = {
    login,
    deskId: options.deskId,
    get officeKey() {
      return key;
    },
    refreshKeys: () => withClient(takeKeys),
    withClient,

    async claim(faxId, action) {
      for (let tries = 0; tries < 5; tries++) {
        const attempt = await change(
          action,
          async (client): Promise<{ outcome: ClaimResult | null }> => {
            // A lost claim (or one already held) writes nothing, and the hub writes no entry for it.
            await call<boolean>(client, 'SELECT fax_hub.claim($1, $2) AS result', [faxId, deskId]);
            const holder = await claimOf(client, faxId);
            return { outcome: holder === null ? null : asResult(holder) };
          },
          async (client) => ({ outcome: asResult(await claimOf(client, faxId)) }),
        );
        // null: the claim that beat this one was released in between; try again.
        if (attempt.outcome !== null) return attempt.outcome;
      }
      return asResult(await withClient((client) => claimOf(client, faxId)));
    },

    async release(faxId, action) {
      // Releasing someone else's claim (or none) changes nothing and is not recorded.
      await change(action, (client) => call<boolean>(client, 'SELECT fax_hub.release($1, $2) AS result', [faxId, deskId]), () => Promise.resolve(false));
    },

    async takeOver(faxId, action) {
      for (let tries = 0; ; tries++) {
        try {
          return await change<ClaimState>(
            action,
            async (client) => {
              const before = await claimOf(client, faxId);
              const sealed = await sealDetail(client, before && before.by !== login ? { from: before.by } : undefined);
              const since = await call<Date>(client, 'SELECT fax_hub.take_over($1, $2, $3, $4, $5) AS result', [faxId, deskId, before?.by ?? null, sealed.seq, sealed.detail]);
              return { by: login, since: since?.getTime() ?? Date.now() };
            },
            async (client) => (await claimOf(client, faxId)) ?? { by: login, since: Date.now() },
          );
        } catch (error) {
          // The claim changed hands between reading it and taking it over: the entry would name the wrong person.
          if (tries >= 4 || !changedMeanwhile(error)) throw error;
        }
      }
    },

    async assign(faxId, person, action) {
      await change(
        action,
        async (client) => {
          const sealed = await sealDetail(client, { assignee: person });
          await client.query('SELECT fax_hub.assign($1, $2, $3, $4, $5)', [faxId, person, deskId, sealed.seq, sealed.detail]);
        },
        () => Promise.resolve(),
      );
    },

    async setHandled(faxId, handled, action) {
      await change(action, (client) => client.query('SELECT fax_hub.set_handled($1, $2, $3)', [faxId, handled, deskId]).then(() => undefined), () => Promise.resolve());
    },

    async addNote(faxId, text, action) {
      const id = action?.actionId ?? crypto.randomUUID();
      const stored = async (client: ClientBase): Promise<HubNote> => {
        const row = await client.query<{ id: string; fax_id: string; author: string; created_at: Date; body_sealed: Buffer }>('SELECT id, fax_id, author, created_at, body_sealed FROM fax_hub.notes WHERE id = $1', [id]);
        const found = row.rows[0];
        if (!found) throw new Error('the note was not stored');
        return noteOf(found);
      };
      return change(
        action,
        async (client) => {
          await client.query('SELECT fax_hub.add_note($1, $2, $3, $4)', [id, faxId, seal(key, 'note', `${faxId}/${id}`, text), deskId]);
          return stored(client);
        },
        stored,
      );
    },

    async removeNote(faxId, noteId) {
      await change(
        undefined,
        async (client) => {
          const removed = await call<boolean>(client, 'SELECT fax_hub.remove_note($1, $2, $3) AS result', [noteId, faxId, deskId]);
          if (removed !== true) throw new AppError('permission', msg('office.noteNotRemovable'), { code: 'office_note_not_removable' });
        },
        () => Promise.resolve(),
      );
    },

    async setLabels(faxId, labelIds, action) {
      await change(
        action,
        async (client) => {
          const before = await client.query<{ labels_sealed: Buffer | null }>('SELECT labels_sealed FROM fax_hub.triage WHERE fax_id = $1', [faxId]);
          const had = new Set(openLabels(key, faxId, before.rows[0]?.labels_sealed ?? null));
          const has = new Set(labelIds);
          const sealed = await sealDetail(client, { labelsAdded: [...has].filter((id) => !had.has(id)), labelsRemoved: [...had].filter((id) => !has.has(id)) });
          await client.query('SELECT fax_hub.set_labels($1, $2, $3, $4, $5)', [faxId, sealedLabels(key, faxId, labelIds), deskId, sealed.seq, sealed.detail]);
        },
        () => Promise.resolve(),
      );
    },

    async recordSent(faxId, replyDue, action) {
      await change(action, (client) => client.query('SELECT fax_hub.record_sent($1, $2, $3)', [faxId, replyDue === null ? null : new Date(replyDue), deskId]).then(() => undefined), () => Promise.resolve());
    },

    async linkReply(inboundId, outboundId, action) {
      await change(action, (client) => client.query('SELECT fax_hub.link_reply($1, $2, $3)', [inboundId, outboundId, deskId]).then(() => undefined), () => Promise.resolve());
    },

    async recordFiling(faxId, filing, action) {
      await change(
        action,
        async (client) => {
          const sealed = await sealDetail(client, { filedTo: filing.place.target });
          await client.query('SELECT fax_hub.record_filing($1, $2, $3, $4, $5, $6)', [faxId, filing.how, sealedFilingPlace(key, faxId, filing.place), deskId, sealed.seq, sealed.detail]);
        },
        () => Promise.resolve(),
      );
    },

    async recordWithdrawal(faxId, action) {
      await change(action, (client) => client.query('SELECT fax_hub.record_withdrawal($1, $2)', [faxId, deskId]).then(() => undefined), () => Promise.resolve());
    },

    notes: (faxId) =>
      withClient(async (client) => {
        const rows = await client.query<{ id: string; fax_id: string; author: string; created_at: Date; body_sealed: Buffer }>('SELECT id, fax_id, author, created_at, body_sealed FROM fax_hub.notes WHERE fax_id = $1 ORDER BY created_at, id', [faxId]);
        return rows.rows.map(noteOf);
      }),

    triage: (faxIds) => withClient((client) => readTriage(client, key, faxIds)),

    changeOffice: (detail, work) => withClient((client) => inTransaction(client, async () => work(client, await sealDetail(client, detail)))),

    async record(action, faxId, triageAction) {
      await change(triageAction, (client) => client.query('SELECT fax_hub.record($1, $2, $3)', [action, faxId, deskId]).then(() => undefined), () => Promise.resolve());
    },

    auditEntries: ({ from, to }) =>
      withClient(async (client) => {
        const rows = await client.query<{ desk_id: string; seq: string; actor: string; action: string; fax_id: string | null; at: Date; detail_sealed: string | null; prev_hash: string; hash: string }>(
          'SELECT desk_id, seq, actor, action, fax_id, at, detail_sealed, prev_hash, hash FROM fax_hub.audit WHERE at >= $1 AND at < $2 ORDER BY at, desk_id, seq',
          [new Date(from), new Date(to)],
        );
        return rows.rows.map((row) => ({ deskId: row.desk_id, seq: Number(row.seq), actor: row.actor, action: row.action, faxId: row.fax_id, at: row.at.toISOString(), detail: row.detail_sealed, prevHash: row.prev_hash, hash: row.hash }));
      }),

    chainHeads: (kept) =>
      withClient(async (client) => {
        // One index probe per chain (a loose index scan), however long the trail.
        const heads = await client.query<{ desk_id: string; seq: string; hash: string }>(
          `WITH RECURSIVE desks AS (
             (SELECT desk_id FROM fax_hub.audit ORDER BY desk_id LIMIT 1)
             UNION ALL
             SELECT (SELECT a.desk_id FROM fax_hub.audit a WHERE a.desk_id > d.desk_id ORDER BY a.desk_id LIMIT 1) FROM desks d WHERE d.desk_id IS NOT NULL
           )
           SELECT h.desk_id, h.seq, h.hash FROM desks d
             CROSS JOIN LATERAL (SELECT a.desk_id, a.seq, a.hash FROM fax_hub.audit a WHERE a.desk_id = d.desk_id ORDER BY a.seq DESC LIMIT 1) h`,
        );
        const seen = await client.query<{ desk_id: string; seq: string; hash: string }>(
          'SELECT a.desk_id, a.seq, a.hash FROM fax_hub.audit a JOIN unnest($1::text[], $2::bigint[]) AS k(desk_id, seq) ON a.desk_id = k.desk_id AND a.seq = k.seq',
          [kept.map((head) => head.deskId), kept.map((head) => head.seq)],
        );
        const asHead = (row: { desk_id: string; seq: string; hash: string }): ChainHead => ({ deskId: row.desk_id, seq: Number(row.seq), hash: row.hash });
        return { heads: heads.rows.map(asHead), seen: seen.rows.map(asHead) };
      }),

    stillMember: () => withClient(async (client) => (await client.query<{ member: boolean }>("SELECT has_schema_privilege('fax_hub', 'USAGE') AS member")).rows[0]?.member === true),

    takeJob: (job, leaseMs, notBefore) => withClient((client) => takeLease(client, key, { job, deskId, leaseMs, notBefore })),
    nameJob: (job, target) => withClient((client) => nameLease(client, key, job, deskId, target)),
    renewJob: (job, leaseMs) => withClient((client) => renewLease(client, job, deskId, leaseMs)),
    finishJob: (job) => withClient((client) => finishLease(client, job, deskId)),

    close: () => (ownLink ? link.stop() : Promise.resolve()),
  };
  return session;
}
