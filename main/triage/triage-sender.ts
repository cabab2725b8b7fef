/**
 * Sends this desk's journaled triage actions to the hub in the order they were made, each once: the oldest goes
 * first, and the next only after the hub has it — an action that cannot reach the hub holds every later one, so a
 * claim made offline is never overtaken by a release made after it. The hub applies an action id once, so an
 * action sent again after a drop, a kill or a restart is harmless.
 *
 * What holds the queue is told (and logged) as it begins and ends: the hub cannot be reached, has no room, or
 * refused this desk. An unreachable hub is tried again when the link says it answers (and on a slow timer besides);
 * a hub that answers but failed one try is tried again soon, on growing waits. A refusal of this desk (removed,
 * password changed) stops sending: the actions are kept, not retried forever.
 */
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { hubError } from '../hub/hub-errors';
import type { ClaimResult, HubSession } from '../hub/hub-session';
import type { Logger } from '../log/logger';
import { noCheckpoint, type Checkpoint } from '../runtime/checkpoint';
import { createOneTimer } from '../runtime/one-timer';
import { waitAfterFailures, type RetrySchedule } from '../runtime/retry-schedule';
import { createSerialPass } from '../runtime/serial-pass';
import { realTimers, type Timers } from '../runtime/timers';
import type { SealedJournal } from '../store/sealed-journal';
import { queueOrder, type TriageAction } from './triage-journal';

/** Waits between tries of an action the hub did not take while it answers otherwise. */
export const hubRetries: RetrySchedule = [1_000, 2_000, 5_000, 10_000, 20_000];
/**
 * A hub with no connection free: other desks' visits free one within milliseconds, so the first tries come soon,
 * each put a random share later so desks that found it full together do not come back together.
 */
export const fullRetries: RetrySchedule = [250, 500, 1_000, 2_000, 5_000, 10_000, 20_000];
/** While the hub cannot be reached the link's word brings the queue back at once; this is a safety net. */
const unreachableRetryMs = 60_000;

export type HoldReason = 'unreachable' | 'full' | 'refused';

export interface QueueHold {
  reason: HoldReason;
  since: number;
  /** The next try, when one is set by time (null: when the hub answers again, or never for a refusal). */
  nextTryAt: number | null;
  failure: AppError;
}

export interface TriageSenderDeps {
  journal: SealedJournal<TriageAction>;
  session: () => Promise<HubSession>;
  /** Whether the link to the hub answers now (an unreachable hub is tried again when it does). */
  reachable: () => boolean;
  /** An action the hub has: its answer (a claim's outcome), after it left the journal. */
  applied: (action: TriageAction, answer: ClaimResult | undefined) => void;
  /** An action the hub cannot take and never will (a statement it refuses): dropped with its reason logged. */
  dropped: (action: TriageAction, failure: AppError) => void;
  /**
   * Whether a refusal is of this desk (removed, password changed) rather than of one action (a row the hub's
   * policies keep from this person): the first stops sending, the second drops the action.
   */
  refusesDesk: (failure: AppError) => Promise<boolean>;
  /** The hub refused this desk: nothing more is sent until `resume()`. */
  refused: (failure: AppError) => void;
  onHold: (hold: QueueHold | null) => void;
  /** In [0, 1): spreads retries after a full hub (tests pin it). */
  random?: () => number;
  log: Logger;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
}

export interface TriageSender {
  /** Actions read from the journal at start (sent from the oldest). */
  load(actions: readonly TriageAction[]): void;
  /** Journals an action and queues it after every action queued before it (sending is `drain`). */
  add(action: Omit<TriageAction, 'order'>): Promise<void>;
  pending(): TriageAction[];
  has(actionId: string): boolean;
  /** Sends what is due, oldest first; resolves when the pass that covers this call has ended. */
  drain(): Promise<void>;
  /** The hub answers again: what waits goes now. */
  retryNow(): Promise<void>;
  /** Sending again after a refusal (the person asks to try again). */
  resume(): Promise<void>;
  hold(): QueueHold | null;
  stop(): Promise<void>;
}

function reasonOf(failure: AppError): HoldReason {
  if (failure.kind === 'authentication' || failure.kind === 'permission') return 'refused';
  return failure.details.code === 'hub_full' ? 'full' : 'unreachable';
}

export function createTriageSender(deps: TriageSenderDeps): TriageSender {
  const now = deps.now ?? Date.now;
  const checkpoint = deps.checkpoint ?? noCheckpoint;
  const log = deps.log.child('triage');
  const timer = createOneTimer(deps.timers ?? realTimers);
  const queue = new Map<string, TriageAction>();
  let held: QueueHold | null = null;
  let refusedDesk = false;
  let stopped = false;
  /** Counts the words to try everything now (the hub answers again, the person asks to try again). */
  let tryNowWords = 0;

  /** The place of the last action queued (`order`): a new one goes after it. */
  let lastOrder = 0;
  let loaded = false;

  const oldest = (): TriageAction | undefined => [...queue.values()].sort(queueOrder)[0];

  function setHold(next: QueueHold | null): void {
    if (next === null && held === null) return;
    if (next !== null && held !== null && next.reason === held.reason && next.nextTryAt === held.nextTryAt) return;
    if (next !== null && (held === null || held.reason !== next.reason)) log.warn('triage.queue_held', { reason: next.reason, waiting: queue.size, code: next.failure.details.code ?? next.failure.kind });
    if (next === null && held !== null) log.info('triage.queue_moving', { after: held.reason, heldMs: now() - held.since, waiting: queue.size });
    held = next;
    deps.onHold(held);
  }

  async function failedTry(action: TriageAction, failure: AppError): Promise<void> {
    const reason = reasonOf(failure);
    if (reason === 'refused') {
      refusedDesk = true;
      setHold({ reason, since: held?.since ?? now(), nextTryAt: null, failure });
      deps.refused(failure);
      return;
    }
    const attempts = action.attempts + 1;
    const wordsBefore = tryNowWords;
    const wait =
      reason === 'full'
        ? Math.round(waitAfterFailures(fullRetries, attempts) * (1 + (deps.random ?? Math.random)()))
        : deps.reachable()
          ? waitAfterFailures(hubRetries, attempts)
          : unreachableRetryMs;
    const later = { ...action, attempts, nextTryAt: now() + wait };
    await deps.journal.write(later);
    // The hub answered again while this try was written down (the link's reconnect runs right after the failed try
    // on the same connection queue): that word stands, and the action goes at once rather than in a minute.
    if (tryNowWords !== wordsBefore) {
      queue.set(action.id, { ...later, nextTryAt: 0 });
      return;
    }
    queue.set(action.id, later);
    setHold({ reason, since: held?.since ?? now(), nextTryAt: later.nextTryAt, failure });
    timer.after(wait, () => void passes.run());
  }

  async function pass(): Promise<void> {
    for (;;) {
      if (stopped || refusedDesk) return;
      const action = oldest();
      if (!action) {
        setHold(null);
        return;
      }
      if (action.nextTryAt > now()) {
        timer.after(action.nextTryAt - now(), () => void passes.run());
        return;
      }
      let answer: ClaimResult | undefined;
      try {
        answer = await apply(await deps.session(), action);
      } catch (error) {
        const failure = hubError(error);
        const ofDesk = failure.kind === 'offline' || failure.kind === 'rate_limited' || ((failure.kind === 'authentication' || failure.kind === 'permission') && (await deps.refusesDesk(failure)));
        if (ofDesk) {
          // The oldest action waits, and every later one with it: the order they were made in is kept.
          await failedTry(action, failure);
          return;
        }
        log.warn('triage.refused', { kind: action.kind, failure: failure.kind, code: failure.details.code });
        await settle(action);
        deps.dropped(action, failure);
        continue;
      }
      checkpoint('triage.applied');
      await settle(action);
      setHold(null);
      deps.applied(action, answer);
    }
  }

  async function settle(action: TriageAction): Promise<void> {
    await deps.journal.remove(action.id);
    queue.delete(action.id);
    checkpoint('triage.removed');
  }

  const passes = createSerialPass(pass, { onError: (error) => log.error('triage.pass_failed', { error }) });

  /** Every waiting action is due now (also one whose failed try is still being written down). */
  function tryEverythingNow(): Promise<void> {
    tryNowWords += 1;
    for (const [id, action] of queue) queue.set(id, { ...action, nextTryAt: 0 });
    return passes.run();
  }

  function load(actions: readonly TriageAction[]): void {
    loaded = true;
    for (const action of actions) {
      queue.set(action.id, { ...action, nextTryAt: 0 });
      lastOrder = Math.max(lastOrder, action.order);
    }
  }

  return {
    load,
    async add(action) {
      // Made before the journal was read (as the desk starts): what it holds still goes first.
      if (!loaded) load(await deps.journal.readAll());
      lastOrder += 1;
      const queued = { ...action, order: lastOrder };
      await deps.journal.write(queued);
      queue.set(queued.id, queued);
      checkpoint('triage.journaled');
    },
    pending: () => [...queue.values()],
    has: (actionId) => queue.has(actionId),
    drain: () => passes.run(),
    retryNow() {
      if (refusedDesk) return Promise.resolve();
      return tryEverythingNow();
    },
    resume() {
      refusedDesk = false;
      setHold(null);
      return tryEverythingNow();
    },
    hold: () => held,
    async stop() {
      stopped = true;
      timer.cancel();
      await passes.idle();
    },
  };
}

function apply(session: HubSession, action: TriageAction): Promise<ClaimResult | undefined> {
  const id = { actionId: action.id };
  switch (action.kind) {
    case 'claim':
      return session.claim(action.faxId, id);
    case 'release':
      return session.release(action.faxId, id).then(() => undefined);
    case 'takeOver':
      return session.takeOver(action.faxId, id).then(() => undefined);
    case 'assign':
      return session.assign(action.faxId, action.assignee, id).then(() => undefined);
    case 'handled':
      return session.setHandled(action.faxId, action.handled, id).then(() => undefined);
    case 'note':
      return session.addNote(action.faxId, action.text, id).then(() => undefined);
    case 'labels':
      return session.setLabels(action.faxId, action.labelIds, id).then(() => undefined);
    case 'sent':
      return session.recordSent(action.faxId, action.replyDue, id).then(() => undefined);
    case 'replyLink':
      return session.linkReply(action.faxId, action.answers, id).then(() => undefined);
    case 'audit':
      return session.record(action.audit ?? 'viewed', action.faxId, id).then(() => undefined);
    case 'filed':
      // A filing journaled without its place cannot be told; it is dropped with its reason (the journal's schema keeps it from happening).
      if (!action.filing) return Promise.reject(new AppError('invalid_input', msg('chart.nothingToFile')));
      return session.recordFiling(action.faxId, action.filing, id).then(() => undefined);
    case 'unfiled':
      return session.recordWithdrawal(action.faxId, id).then(() => undefined);
  }
}
