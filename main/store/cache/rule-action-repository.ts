/**
 * The journal of the inbound rules, in the encrypted cache: one row per received fax and rule. A row is written
 * before anything is done, names its target (the file's path, the printer) before the action starts, and is done
 * only after it finished — so each action runs once per fax and rule, and a restart finishes what was started.
 */
import type { RuleActionKind, RuleActionView } from '../../../preload/automation';
import type { Message } from '../../../preload/i18n/translator';
import { readStoredMessage, storeMessage } from '../stored-message';
import type { CacheDb } from './cache-database';
import type { FaxId } from '../../../preload/fax-id';

export type RuleActionState = 'pending' | 'done' | 'skipped';

export interface RuleActionRow {
  faxId: FaxId;
  ruleId: string;
  action: RuleActionKind;
  state: RuleActionState;
  target: string | null;
  attempts: number;
  /** Why the last try failed, or why the action was skipped. */
  lastError: Message | null;
  nextTryMs: number;
  doneMs: number | null;
  /** Tries that started and never reached an outcome (the app stopped during them). */
  unfinishedTries: number;
}

export interface RuleActionRepository {
  /** Received faxes since `sinceMs` that this rule has not looked at yet, oldest first. */
  unseenFor(ruleId: string, sinceMs: number, limit: number): Array<{ faxId: FaxId; from: string | null }>;
  /** Journals what the rule will do (or that it skips the fax); a row already there is kept as it is. */
  journal(rows: ReadonlyArray<{ faxId: FaxId; ruleId: string; action: RuleActionKind; state: 'pending' | 'skipped' }>, atMs: number): void;
  /** Pending actions whose next try is due, in the order they were journaled. */
  due(atMs: number, limit: number): RuleActionRow[];
  /** When the next pending action is due (null: none is pending). */
  nextDue(): number | null;
  /** Names the file or printer before the action starts. */
  reserve(faxId: FaxId, ruleId: string, target: string): void;
  /** Whether a pending action has named this file. */
  isReserved(target: string): boolean;
  /** Counts a try as started before it does anything (done and failed count it as finished). */
  tryStarted(faxId: FaxId, ruleId: string): void;
  done(faxId: FaxId, ruleId: string, target: string, atMs: number): void;
  /** Journals a failed try and when to try again; the target is given up (the next try names one again). */
  failed(faxId: FaxId, ruleId: string, problem: Message, nextTryMs: number): void;
  skip(faxId: FaxId, ruleId: string, problem: Message): void;
  /** A skipped action is pending again, due now (what it was skipped for has changed: a person gave the kind). */
  reopen(faxId: FaxId, ruleId: string): void;
  /** Pending actions whose last try failed: how many, the latest reason, the next try. */
  /** Actions whose last try failed, leaving out those only waiting (`waiting`: the reasons that say so). */
  failing(waiting?: ReadonlySet<string>): { count: number; problem: Message | null; nextTryMs: number | null };
  /** Every pending action is due now (the user asked to try again, or changed the rules). */
  retryNow(faxId?: FaxId): void;
  forFax(faxId: FaxId): RuleActionRow[];
}

interface Row {
  fax_id: FaxId;
  rule_id: string;
  action: RuleActionKind;
  state: RuleActionState;
  target: string | null;
  attempts: number;
  last_error: string | null;
  next_try_ms: number;
  done_ms: number | null;
  unfinished_tries: number;
}

const toRow = (row: Row): RuleActionRow => ({
  faxId: row.fax_id,
  ruleId: row.rule_id,
  action: row.action,
  state: row.state,
  target: row.target,
  attempts: row.attempts,
  lastError: row.last_error === null ? null : readStoredMessage(row.last_error),
  nextTryMs: row.next_try_ms,
  doneMs: row.done_ms,
  unfinishedTries: row.unfinished_tries,
});

export function createRuleActionRepository(db: CacheDb): RuleActionRepository {
  const unseen = db.prepare(
    "SELECT id, from_number, counterpart FROM faxes WHERE direction = 'inbound' AND created_ms >= ? AND NOT EXISTS (SELECT 1 FROM rule_actions WHERE rule_id = ? AND fax_id = faxes.id) ORDER BY created_ms, length(id), id LIMIT ?",
  );
  const insert = db.prepare('INSERT OR IGNORE INTO rule_actions (fax_id, rule_id, action, state, created_ms) VALUES (?, ?, ?, ?, ?)');
  const due = db.prepare("SELECT * FROM rule_actions WHERE state = 'pending' AND next_try_ms <= ? ORDER BY rowid LIMIT ?");
  const nextDue = db.prepare("SELECT MIN(next_try_ms) AS at FROM rule_actions WHERE state = 'pending'");
  const reserve = db.prepare("UPDATE rule_actions SET target = ? WHERE fax_id = ? AND rule_id = ? AND state = 'pending'");
  const reserved = db.prepare("SELECT 1 FROM rule_actions WHERE state = 'pending' AND target = ? LIMIT 1");
  const tryStarted = db.prepare('UPDATE rule_actions SET unfinished_tries = unfinished_tries + 1 WHERE fax_id = ? AND rule_id = ?');
  const done = db.prepare("UPDATE rule_actions SET state = 'done', target = ?, done_ms = ?, last_error = NULL, unfinished_tries = 0 WHERE fax_id = ? AND rule_id = ?");
  const failed = db.prepare('UPDATE rule_actions SET attempts = attempts + 1, last_error = ?, next_try_ms = ?, target = NULL, unfinished_tries = 0 WHERE fax_id = ? AND rule_id = ?');
  const failing = db.prepare<[], { last_error: string; next_try_ms: number }>("SELECT last_error, next_try_ms FROM rule_actions WHERE state = 'pending' AND last_error IS NOT NULL ORDER BY rowid DESC");
  const skip = db.prepare("UPDATE rule_actions SET state = 'skipped', last_error = ? WHERE fax_id = ? AND rule_id = ? AND state = 'pending'");
  const forFax = db.prepare('SELECT * FROM rule_actions WHERE fax_id = ? ORDER BY rowid');
  const reopen = db.prepare("UPDATE rule_actions SET state = 'pending', last_error = NULL, next_try_ms = 0, attempts = 0, target = NULL, unfinished_tries = 0 WHERE fax_id = ? AND rule_id = ? AND state = 'skipped'");
  return {
    unseenFor(ruleId, sinceMs, limit) {
      const rows = unseen.all(sinceMs, ruleId, limit) as Array<{ id: FaxId; from_number: string | null; counterpart: string | null }>;
      return rows.map((row) => ({ faxId: row.id, from: row.from_number ?? row.counterpart }));
    },
    journal: db.transaction((rows: ReadonlyArray<{ faxId: FaxId; ruleId: string; action: RuleActionKind; state: 'pending' | 'skipped' }>, atMs: number) => {
      for (const row of rows) insert.run(row.faxId, row.ruleId, row.action, row.state, atMs);
    }),
    due: (atMs, limit) => (due.all(atMs, limit) as Row[]).map(toRow),
    nextDue: () => (nextDue.get() as { at: number | null }).at,
    reserve(faxId, ruleId, target) {
      reserve.run(target, faxId, ruleId);
    },
    isReserved: (target) => reserved.get(target) !== undefined,
    tryStarted(faxId, ruleId) {
      tryStarted.run(faxId, ruleId);
    },
    done(faxId, ruleId, target, atMs) {
      done.run(target, atMs, faxId, ruleId);
    },
    failed(faxId, ruleId, problem, nextTryMs) {
      failed.run(storeMessage(problem), nextTryMs, faxId, ruleId);
    },
    reopen(faxId, ruleId) {
      reopen.run(faxId, ruleId);
    },
    skip(faxId, ruleId, problem) {
      skip.run(storeMessage(problem), faxId, ruleId);
    },
    failing(waiting) {
      const failed = failing
        .all()
        .map((row) => ({ problem: readStoredMessage(row.last_error), nextTryMs: row.next_try_ms }))
        .filter((row) => !waiting?.has(row.problem.id));
      const next = failed.length === 0 ? null : Math.min(...failed.map((row) => row.nextTryMs));
      return { count: failed.length, problem: failed[0]?.problem ?? null, nextTryMs: next };
    },
    retryNow(faxId) {
      if (faxId === undefined) db.prepare("UPDATE rule_actions SET next_try_ms = 0 WHERE state = 'pending'").run();
      else db.prepare("UPDATE rule_actions SET next_try_ms = 0 WHERE state = 'pending' AND fax_id = ?").run(faxId);
    },
    forFax: (faxId) => (forFax.all(faxId) as Row[]).map(toRow),
  };
}

/** What the fax detail shows: every action but the faxes a rule passed over because of its senders; reasons worded by `word`. */
export function ruleActionViews(rows: readonly RuleActionRow[], word: (message: Message) => string): RuleActionView[] {
  return rows
    .filter((row) => row.state !== 'skipped' || row.lastError !== null)
    .map((row) => ({
      ruleId: row.ruleId,
      action: row.action,
      state: row.state === 'pending' && row.lastError !== null ? 'failed' : row.state,
      target: row.target,
      doneAt: row.doneMs,
      attempts: row.attempts,
      problem: row.lastError === null ? null : word(row.lastError),
    }));
}
