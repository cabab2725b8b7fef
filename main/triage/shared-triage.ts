/**
 * The office's shared triage as this desk sees it: what the hub says about each received fax (claim, assignee,
 * handled, notes, labels; who sent a fax and the reply links) kept current by the live feed, with this desk's actions not yet on the hub shown on top.
 *
 * An action is journaled first (triage-journal.ts), then sent with its id; the hub applies an id once, so a desk
 * that was offline, killed or restarted sends what is left and nothing twice. A claim sent after the hub came back
 * may have lost meanwhile: the desk is told who claimed it and when ("Tom claimed it at 10:02 while you were
 * offline"). The actions run one at a time on the job runner, oldest first; an unreachable hub puts them off with
 * growing waits, and the hub coming back (the live feed says so) sends them at once.
 */
import crypto from 'node:crypto';
import type { Logger } from '../log/logger';
import type { AppError } from '../errors';
import { hubError } from '../hub/hub-errors';
import type { ClaimResult, FaxTriage, HubSession } from '../hub/hub-session';
import { noCheckpoint, type Checkpoint } from '../runtime/checkpoint';
import { createJobRunner } from '../runtime/job-runner';
import { waitAfterFailures, type RetrySchedule } from '../runtime/retry-schedule';
import type { Timers } from '../runtime/timers';
import type { SealedJournal } from '../store/sealed-journal';
import type { NewTriageAction, TriageAction } from './triage-journal';

/** Waits between tries while the hub cannot be reached (the live feed's "back" sends at once anyway). */
export const hubRetries: RetrySchedule = [2_000, 5_000, 15_000, 30_000, 60_000];

export type HubState = 'connecting' | 'connected' | 'offline' | 'refused';

export interface TriageStatus {
  state: HubState;
  /** Actions journaled on this desk, not yet on the hub. */
  pending: number;
  /** Why the hub refused this desk (removed from the office, password changed), when it did. */
  refusal: AppError | null;
}

export interface LostClaim {
  faxId: string;
  by: string;
  since: number;
}

/** A fax's shared triage as shown on this desk: the hub's, with this desk's pending actions applied on top. */
export interface TriageView extends FaxTriage {
  /** This desk's actions on it that the hub does not have yet. */
  pending: number;
}

export interface SharedTriageDeps {
  journal: SealedJournal<TriageAction>;
  /** Opens a session with the hub (rejects with the hub's error when it cannot). */
  connect: () => Promise<HubSession>;
  /** This person's sign-in name on the hub. */
  login: string;
  onChanged: (faxIds: string[]) => void;
  onStatus: (status: TriageStatus) => void;
  onLostClaim: (lost: LostClaim) => void;
  log: Logger;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
}

export interface SharedTriage {
  start(): Promise<void>;
  /** Journals an action and sends it; resolves with the claim's outcome when the hub answered, or `queued`. */
  act(action: NewTriageAction): Promise<{ queued: true } | { queued: false; claim?: ClaimResult }>;
  /** Reads these faxes' triage from the hub again (the live feed calls it). */
  refresh(faxIds: readonly string[]): Promise<void>;
  /** Reads the whole triage from the hub again (after the live feed listens again): every fax that changed is told. */
  reload(): Promise<void>;
  view(faxId: string): TriageView | null;
  views(): Map<string, TriageView>;
  /** The live feed's word on the hub: back (send what waits now) or gone. */
  reachable(reachable: boolean): void;
  status(): TriageStatus;
  /** Runs `work` with the session to the hub (reading notes, people, the audit trail). */
  withSession<T>(work: (session: HubSession) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

export function createSharedTriage(deps: SharedTriageDeps): SharedTriage {
  const now = deps.now ?? Date.now;
  const checkpoint = deps.checkpoint ?? noCheckpoint;
  const log = deps.log.child('triage');
  const pending = new Map<string, TriageAction>();
  const known = new Map<string, FaxTriage>();
  const answers = new Map<string, ClaimResult | undefined>();
  /** Actions whose act() call is waiting for the hub's answer (a lost claim is answered there, not told). */
  const awaiting = new Set<string>();
  let session: HubSession | null = null;
  let opening: Promise<HubSession> | null = null;
  let state: HubState = 'connecting';
  let refusal: AppError | null = null;

  const status = (): TriageStatus => ({ state, pending: pending.size, refusal });
  const setState = (next: HubState, reason: AppError | null = null): void => {
    if (next === state && reason === refusal) return;
    state = next;
    refusal = reason;
    deps.onStatus(status());
  };

  async function hub(): Promise<HubSession> {
    if (session) return session;
    opening ??= deps.connect().finally(() => (opening = null));
    session = await opening;
    return session;
  }

  async function apply(current: HubSession, action: TriageAction): Promise<ClaimResult | undefined> {
    const id = { actionId: action.id };
    switch (action.kind) {
      case 'claim':
        return current.claim(action.faxId, id);
      case 'release':
        return current.release(action.faxId, id).then(() => undefined);
      case 'takeOver':
        return current.takeOver(action.faxId, id).then(() => undefined);
      case 'assign':
        return current.assign(action.faxId, action.assignee, id).then(() => undefined);
      case 'handled':
        return current.setHandled(action.faxId, action.handled, id).then(() => undefined);
      case 'note':
        return current.addNote(action.faxId, action.text, id).then(() => undefined);
      case 'labels':
        return current.setLabels(action.faxId, action.labelIds, id).then(() => undefined);
      case 'sent':
        return current.recordSent(action.faxId, action.replyDue, id).then(() => undefined);
      case 'replyLink':
        return current.linkReply(action.faxId, action.answers, id).then(() => undefined);
      case 'audit':
        return current.record(action.audit ?? 'viewed', action.faxId, id).then(() => undefined);
    }
  }

  async function settle(action: TriageAction): Promise<void> {
    await deps.journal.remove(action.id);
    pending.delete(action.id);
    checkpoint('triage.removed');
  }

  async function perform(action: TriageAction): Promise<boolean> {
    let answer: ClaimResult | undefined;
    try {
      answer = await apply(await hub(), action);
    } catch (error) {
      const failure = hubError(error);
      if (failure.kind === 'offline') {
        const attempts = action.attempts + 1;
        const later = { ...action, attempts, nextTryAt: now() + waitAfterFailures(hubRetries, attempts) };
        await deps.journal.write(later);
        pending.set(action.id, later);
        setState('offline');
        return false;
      }
      // The hub refused this desk (removed, signed out): the actions wait, nothing is dropped.
      if (failure.kind === 'authentication' || failure.kind === 'permission') {
        session = null;
        setState('refused', failure);
        const later = { ...action, nextTryAt: Number.MAX_SAFE_INTEGER };
        pending.set(action.id, later);
        return false;
      }
      // The hub cannot do this one (and never will): it is dropped with its reason in the log, not retried forever.
      log.warn('triage.refused', { kind: action.kind, failure: failure.kind, code: failure.details.code });
      await settle(action);
      answers.set(action.id, undefined);
      return true;
    }
    checkpoint('triage.applied');
    await settle(action);
    answers.set(action.id, answer);
    setState('connected');
    // A claim answered to no one waiting (sent after the hub came back, or after a restart) that lost is told.
    if (action.kind === 'claim' && answer?.won === false && !awaiting.has(action.id) && answer.by !== '') deps.onLostClaim({ faxId: action.faxId, by: answer.by, since: answer.since });
    await refresh([action.faxId]).catch(() => undefined);
    return true;
  }

  const runner = createJobRunner<TriageAction>({
    name: 'triage',
    due: (at, limit) =>
      [...pending.values()]
        .filter((action) => action.nextTryAt <= at)
        .sort((a, b) => a.createdAt - b.createdAt)
        .slice(0, limit),
    nextDue: () => {
      const times = [...pending.values()].map((action) => action.nextTryAt).filter((time) => time < Number.MAX_SAFE_INTEGER);
      return times.length === 0 ? null : Math.min(...times);
    },
    key: (action) => action.id,
    attempts: (action) => action.attempts,
    perform,
    failed: (action, error) => log.error('triage.action_failed', { kind: action.kind, error }),
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.timers ? { timers: deps.timers } : {}),
  });

  async function refresh(faxIds: readonly string[]): Promise<void> {
    if (faxIds.length === 0) return;
    const current = await hub();
    const read = await current.triage(faxIds);
    for (const faxId of faxIds) {
      const found = read.get(faxId);
      if (found) known.set(faxId, found);
      else known.delete(faxId);
    }
    deps.onChanged([...faxIds]);
  }

  function viewOf(faxId: string): TriageView | null {
    const base = known.get(faxId);
    // What the person did with the fax (viewed, printed) is the audit trail's, not the fax's triage.
    const mine = [...pending.values()].filter((action) => action.faxId === faxId && action.kind !== 'audit').sort((a, b) => a.createdAt - b.createdAt);
    if (!base && mine.length === 0) return null;
    const view: TriageView = { ...(base ?? { faxId, claim: null, assignee: null, handled: null, labelIds: [], notes: 0, sent: null, replyLink: null }), pending: mine.length };
    for (const action of mine) {
      if (action.kind === 'claim' && view.claim === null) view.claim = { by: deps.login, since: action.createdAt };
      if (action.kind === 'takeOver') view.claim = { by: deps.login, since: action.createdAt };
      if (action.kind === 'release' && view.claim?.by === deps.login) view.claim = null;
      if (action.kind === 'assign') view.assignee = action.assignee;
      if (action.kind === 'handled') view.handled = action.handled ? { by: deps.login, at: action.createdAt } : null;
      if (action.kind === 'note') view.notes += 1;
      if (action.kind === 'labels') view.labelIds = [...action.labelIds];
      if (action.kind === 'sent' && view.sent === null) view.sent = { by: deps.login, at: action.createdAt, replyDue: action.replyDue };
      if (action.kind === 'replyLink') view.replyLink = { answers: action.answers };
    }
    return view;
  }

  return {
    async start() {
      for (const action of await deps.journal.readAll()) pending.set(action.id, { ...action, nextTryAt: 0 });
      try {
        const current = await hub();
        const all = await current.triage();
        known.clear();
        for (const [faxId, triage] of all) known.set(faxId, triage);
        setState('connected');
      } catch (error) {
        const failure = hubError(error);
        setState(failure.kind === 'offline' ? 'offline' : 'refused', failure.kind === 'offline' ? null : failure);
      }
      deps.onStatus(status());
      await runner.start();
    },

    async act(input) {
      const action: TriageAction = {
        version: 1,
        id: input.id ?? crypto.randomUUID(),
        createdAt: now(),
        faxId: input.faxId,
        kind: input.kind,
        assignee: input.assignee ?? null,
        handled: input.handled ?? false,
        text: input.text ?? '',
        labelIds: input.labelIds ?? [],
        audit: input.audit ?? null,
        replyDue: input.replyDue ?? null,
        answers: input.answers ?? null,
        attempts: 0,
        nextTryAt: 0,
      };
      await deps.journal.write(action);
      pending.set(action.id, action);
      checkpoint('triage.journaled');
      deps.onChanged([action.faxId]);
      awaiting.add(action.id);
      try {
        await runner.run();
      } finally {
        awaiting.delete(action.id);
      }
      if (pending.has(action.id)) return { queued: true };
      const answer = answers.get(action.id);
      answers.delete(action.id);
      return answer === undefined ? { queued: false } : { queued: false, claim: answer };
    },

    refresh,

    async reload() {
      const all = await (await hub()).triage();
      const changed = [...known.keys()].filter((faxId) => !all.has(faxId));
      for (const [faxId, triage] of all) {
        if (JSON.stringify(known.get(faxId)) !== JSON.stringify(triage)) changed.push(faxId);
        known.set(faxId, triage);
      }
      for (const faxId of changed) if (!all.has(faxId)) known.delete(faxId);
      if (changed.length > 0) deps.onChanged(changed);
    },

    view: viewOf,
    views() {
      const faxIds = new Set([...known.keys(), ...[...pending.values()].map((action) => action.faxId)]);
      const all = new Map<string, TriageView>();
      for (const faxId of faxIds) {
        const view = viewOf(faxId);
        if (view) all.set(faxId, view);
      }
      return all;
    },

    reachable(isReachable) {
      if (!isReachable) {
        if (state === 'connected') setState('offline');
        return;
      }
      if (state === 'refused') return;
      for (const [id, action] of pending) pending.set(id, { ...action, nextTryAt: 0 });
      setState('connected');
      void runner.run();
    },

    status,

    async withSession(work) {
      try {
        return await work(await hub());
      } catch (error) {
        throw hubError(error);
      }
    },

    async stop() {
      await runner.stop();
      const current = session;
      session = null;
      await current?.close().catch(() => undefined);
    },
  };
}
