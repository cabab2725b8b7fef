/**
 * The office's shared triage as this desk sees it: what the hub says about each fax (claim, assignee, handled,
 * notes, labels; who sent a fax and the reply links), kept current from the change feed, with this desk's actions
 * not yet on the hub shown on top (triage-view.ts).
 *
 * - An action is journaled, shown, then sent in order (triage-sender.ts); the person waits for the hub's answer a
 *   moment at most — a claim answered later that lost is told by name ("Maria Lopez claimed FX-69 while you were
 *   offline").
 * - Reads are coalesced: faxes said to have changed while a read is under way are read together after it. A burst
 *   of up to `readBurst` reads goes at once (an office's claims seconds apart are read as they come); beyond it,
 *   one read every `newsGapMs` while reads keep finding changes (a busy office), and one every `readGapMs` once a
 *   read found nothing new — any member can send notifications, and a flood of them (forged, or about nothing)
 *   costs a desk one read a second, not one each.
 * - A change is told to the window only when what this desk shows of a fax changed: reading a fax again, an
 *   audit entry or a notification about nothing new tells nothing. (An open fax that reloaded on every change,
 *   and recorded a view on every reload, once wrote "viewed" in a loop; no event without a change cuts such loops.)
 * - The hub refusing this desk is told apart: removed from the office, or its password no longer right. Either
 *   stops sending; what waits is kept.
 */
import crypto from 'node:crypto';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { hubError } from '../hub/hub-errors';
import type { ClaimResult, FaxTriage, HubSession } from '../hub/hub-session';
import { createOneTimer } from '../runtime/one-timer';
import { createSerialPass } from '../runtime/serial-pass';
import { realTimers } from '../runtime/timers';
import { queueOrder, type TriageAction } from './triage-journal';
import { createTriageSender } from './triage-sender';
import { triageView, type TakenAction, type TriageView } from './triage-view';

export type { TriageView } from './triage-view';
export type { QueueHold } from './triage-sender';

import type { HubState, SharedTriage, SharedTriageDeps, TriageStatus } from './shared-triage-port';

export type { HubState, LostClaim, SharedTriage, SharedTriageDeps, TriageStatus } from './shared-triage-port';

/** How many faxes one read asks for by id; more changed at once are read whole. */
const idsPerRead = 500;
/** Reads that may go one right after another before they are spaced. */
const readBurst = 5;
/** The spacing of reads while they keep finding changes. */
const newsReadGapMs = 200;

/** A refusal that means this person may no longer sign in, or no longer holds the office's privileges. */
const removalCodes = new Set(['hub_sign_in_refused', 'hub_not_allowed']);

export function createSharedTriage(deps: SharedTriageDeps): SharedTriage {
  const now = deps.now ?? Date.now;
  const timers = deps.timers ?? realTimers;
  const readGapMs = deps.readGapMs ?? 1_000;
  const newsGapMs = Math.min(newsReadGapMs, readGapMs);
  /** Whether the last read found a change (news comes in runs: the next read is likely to find more). */
  let lastReadFoundNews = true;
  const answerWaitMs = deps.answerWaitMs ?? 3_000;
  const log = deps.log.child('triage');
  const known = new Map<string, FaxTriage>();
  /** What each fax looked like when it was last told to the window. */
  const told = new Map<string, string>();
  const answers = new Map<string, ClaimResult | undefined>();
  /** Actions whose act() call is waiting for the hub's answer (a lost claim is answered there, not told). */
  const awaiting = new Set<string>();
  const dirty = new Set<string>();
  /**
   * Actions the hub took since their fax was last read from it: shown as taken until that read, so the row and the
   * detail never fall back to what the hub said before the action while the read is on its way.
   */
  let takenUnread: Array<TakenAction & { seq: number }> = [];
  let takenSeq = 0;
  /**
   * After a read begun when `since` actions had been taken (of `faxIds`, or of every fax): forgets the taken actions
   * it brought back, and returns the faxes an action was taken on while it was on its way — that read may hold the
   * action or not (a note counted twice, or not at all), so what it says of them waits for the read the action asked
   * for.
   */
  const settleTaken = (since: number, faxIds: ReadonlySet<string> | null): Set<string> => {
    const meanwhile = takenUnread.filter((entry) => entry.seq > since);
    takenUnread = faxIds === null ? meanwhile : takenUnread.filter((entry) => entry.seq > since || !faxIds.has(entry.action.faxId));
    return new Set(meanwhile.map((entry) => entry.action.faxId));
  };
  const readTimer = createOneTimer(timers);
  let wakeReader: (() => void) | null = null;
  let urgent = false;
  let readsLeft = readBurst;
  let refilledAt = now();

  /** How long until a read may go (0: now): the burst refills one read a gap (shorter while reads find news). */
  function readWait(): number {
    const gap = lastReadFoundNews ? newsGapMs : readGapMs;
    const earned = Math.floor((now() - refilledAt) / gap);
    if (earned > 0) {
      readsLeft = Math.min(readBurst, readsLeft + earned);
      refilledAt = readsLeft === readBurst ? now() : refilledAt + earned * gap;
    }
    return readsLeft > 0 ? 0 : refilledAt + gap - now();
  }
  let session: HubSession | null = null;
  let opening: Promise<HubSession> | null = null;
  let state: HubState = 'connecting';
  let refusal: AppError | null = null;
  let stopped = false;

  async function hub(): Promise<HubSession> {
    if (session) return session;
    opening ??= deps.connect().finally(() => (opening = null));
    session = await opening;
    return session;
  }

  const sender = createTriageSender({
    journal: deps.journal,
    session: hub,
    reachable: deps.reachable,
    applied(action, answer) {
      answers.set(action.id, answer);
      if (action.kind !== 'audit') {
        takenSeq += 1;
        takenUnread.push({ action, answer, seq: takenSeq });
      }
      if (state !== 'removed' && state !== 'refused') setState('connected');
      // One action fewer waits: the count shown follows.
      announce();
      // A claim answered to no one waiting (sent after the hub came back, or after a restart) that lost is told.
      if (action.kind === 'claim' && answer?.won === false && answer.by !== '' && !awaiting.has(action.id)) deps.onLostClaim({ faxId: action.faxId, by: answer.by, since: answer.since });
      if (action.kind === 'audit') return;
      // The window shows it shared at once (no longer "not shared yet"), not only once the fax was read again.
      tell([action.faxId]);
      // The hub's word on the fax replaces what this desk showed of its action.
      void refresh([action.faxId], { own: true }).catch(() => tell([action.faxId]));
    },
    dropped(action) {
      answers.set(action.id, undefined);
      announce();
      void refresh([action.faxId], { own: true }).catch(() => tell([action.faxId]));
    },
    refusesDesk,
    refused: (failure) => refuse(failure),
    onHold: () => announce(),
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.timers ? { timers: deps.timers } : {}),
    ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
  });

  const status = (): TriageStatus => ({ state, pending: sender.pending().length, hold: sender.hold(), refusal });
  const announce = (): void => deps.onStatus(status());
  function setState(next: HubState, reason: AppError | null = null): void {
    if (next === state && reason === refusal) return;
    state = next;
    refusal = reason;
    announce();
  }

  /** Whether a refusal is of this desk: a sign-in refused, or no privileges on the office's tables any more. */
  async function refusesDesk(failure: AppError): Promise<boolean> {
    if (failure.details.code !== 'hub_not_allowed') return true;
    try {
      return !(await (await hub()).stillMember());
    } catch (error) {
      const checked = hubError(error);
      return checked.kind === 'permission' || checked.kind === 'authentication';
    }
  }

  function refuse(failure: AppError): void {
    const removed = removalCodes.has(failure.details.code ?? '');
    log.warn(removed ? 'triage.removed_from_office' : 'triage.desk_refused', { code: failure.details.code ?? failure.kind, waiting: sender.pending().length });
    setState(removed ? 'removed' : 'refused', failure);
  }

  const viewOf = (faxId: string): TriageView | null => triageView(faxId, known.get(faxId), sender.pending(), deps.login, takenUnread);

  /** Tells the window about the faxes among these whose view changed since it was last told. */
  function tell(faxIds: readonly string[]): void {
    const changed: string[] = [];
    for (const faxId of new Set(faxIds)) {
      const view = viewOf(faxId);
      const shown = view === null ? '' : JSON.stringify(view);
      if ((told.get(faxId) ?? '') === shown) continue;
      if (shown === '') told.delete(faxId);
      else told.set(faxId, shown);
      changed.push(faxId);
    }
    if (changed.length > 0) deps.onChanged(changed);
  }

  async function readDirty(): Promise<void> {
    if (dirty.size === 0) return;
    const wait = urgent ? 0 : readWait();
    if (wait > 0) {
      await new Promise<void>((resolve) => {
        wakeReader = resolve;
        readTimer.after(wait, resolve);
      });
      wakeReader = null;
      if (stopped) return;
    }
    // A read this desk's own action asked for is not news from the hub: it never waits for, nor spends, the budget.
    if (urgent) urgent = false;
    else {
      readWait();
      readsLeft -= 1;
    }
    const faxIds = [...dirty];
    dirty.clear();
    if (faxIds.length > idsPerRead) {
      await reload();
      return;
    }
    const takenBefore = takenSeq;
    const read = await (await hub()).triage(faxIds);
    const meanwhile = settleTaken(takenBefore, new Set(faxIds));
    let news = false;
    for (const faxId of faxIds) {
      if (meanwhile.has(faxId)) continue;
      const found = read.get(faxId);
      if (JSON.stringify(found ?? null) !== JSON.stringify(known.get(faxId) ?? null)) news = true;
      if (found) known.set(faxId, found);
      else known.delete(faxId);
    }
    lastReadFoundNews = news;
    tell(faxIds);
  }

  const reads = createSerialPass(readDirty, { onError: (error) => log.info('triage.read_failed', { error }) });

  /** `own`: read after this desk's own action reached the hub (the person waits to see its outcome). */
  function refresh(faxIds: readonly string[], options: { own?: boolean } = {}): Promise<void> {
    if (faxIds.length === 0) return Promise.resolve();
    for (const faxId of faxIds) dirty.add(faxId);
    if (options.own === true) {
      urgent = true;
      wakeReader?.();
    }
    return reads.run();
  }

  async function reload(): Promise<void> {
    const takenBefore = takenSeq;
    const all = await (await hub()).triage();
    const meanwhile = settleTaken(takenBefore, null);
    const faxIds = new Set([...known.keys(), ...all.keys()]);
    for (const faxId of faxIds) {
      if (meanwhile.has(faxId)) continue;
      const triage = all.get(faxId);
      if (triage) known.set(faxId, triage);
      else known.delete(faxId);
    }
    tell([...faxIds]);
  }

  function views(): Map<string, TriageView> {
    const faxIds = new Set([...known.keys(), ...sender.pending().map((action) => action.faxId), ...takenUnread.map((entry) => entry.action.faxId)]);
    const all = new Map<string, TriageView>();
    for (const faxId of faxIds) {
      const view = viewOf(faxId);
      if (view) all.set(faxId, view);
    }
    return all;
  }

  return {
    async start() {
      sender.load(await deps.journal.readAll());
      try {
        const current = await hub();
        const all = await current.triage();
        known.clear();
        for (const [faxId, triage] of all) known.set(faxId, triage);
        setState('connected');
      } catch (error) {
        const failure = hubError(error);
        if (failure.kind === 'offline') setState('offline');
        else refuse(failure);
      }
      for (const [faxId, view] of views()) told.set(faxId, JSON.stringify(view));
      announce();
      if (state !== 'removed' && state !== 'refused') void sender.drain();
    },

    async act(input) {
      if (state === 'removed') throw new AppError('permission', msg('office.youWereRemoved'), { code: 'office_removed' });
      const action: Omit<TriageAction, 'order'> = {
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
        filing: input.filing ?? null,
        attempts: 0,
        nextTryAt: 0,
      };
      // What a person did with a fax is recorded once however often it is asked for while it waits.
      if (action.kind === 'audit' && sender.pending().some((waiting) => waiting.kind === 'audit' && waiting.faxId === action.faxId && waiting.audit === action.audit)) return { queued: true };
      await sender.add(action);
      tell([action.faxId]);
      announce();
      if (state === 'refused') return { queued: true };
      awaiting.add(action.id);
      try {
        const waited = createOneTimer(timers);
        await Promise.race([sender.drain(), new Promise<void>((resolve) => waited.after(answerWaitMs, resolve))]);
        waited.cancel();
      } finally {
        awaiting.delete(action.id);
      }
      if (sender.has(action.id)) return { queued: true };
      const answer = answers.get(action.id);
      answers.delete(action.id);
      return answer === undefined ? { queued: false } : { queued: false, claim: answer };
    },

    refresh,
    reload,
    view: viewOf,
    views,

    reachable(isReachable, failure) {
      if (!isReachable) {
        if (failure && (failure.kind === 'authentication' || failure.kind === 'permission')) {
          void refusesDesk(failure).then((ofDesk) => ofDesk && refuse(failure));
          return;
        }
        if (state === 'connected' || state === 'connecting') setState('offline');
        return;
      }
      if (state === 'refused' || state === 'removed') return;
      setState('connected');
      void sender.retryNow();
    },

    async checkMembership() {
      const failure = new AppError('permission', msg('hub.notAllowed'), { code: 'hub_not_allowed' });
      if (await refusesDesk(failure)) refuse(failure);
    },

    async retry() {
      setState('connecting');
      try {
        const current = await hub();
        if (!(await current.stillMember())) throw new AppError('permission', msg('hub.notAllowed'), { code: 'hub_not_allowed' });
        setState('connected');
        await sender.resume();
        await reload();
      } catch (error) {
        const failure = hubError(error);
        if (failure.kind === 'offline') setState('offline');
        else refuse(failure);
      }
    },

    status,
    waiting: () => sender.pending().sort(queueOrder),

    async withSession(work) {
      try {
        return await work(await hub());
      } catch (error) {
        throw hubError(error);
      }
    },

    async stop() {
      stopped = true;
      readTimer.cancel();
      wakeReader?.();
      await sender.stop();
      await reads.idle().catch(() => undefined);
      const current = session;
      session = null;
      await current?.close().catch(() => undefined);
    },
  };
}
