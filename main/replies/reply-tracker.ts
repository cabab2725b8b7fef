/**
 * Replies tracked: received faxes are linked to the sent fax they answer as they arrive (by the sender's number),
 * a sent fax whose reply is overdue is announced once (a notification, on the desk that sent it), and links can be
 * set or removed by hand when the sender's number is missing or wrong.
 */
import type { FaxesChanged } from '../../preload/models';
import { AppError } from '../errors';
import type { Logger } from '../log/logger';
import type { EventBus } from '../runtime/event-bus';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';
import type { Cache } from '../store/cache/cache';
import { msg } from '../../preload/i18n/translator';
import type { FaxId } from '../../preload/fax-id';

export interface ReplyTracker {
  /** Links arriving faxes and watches for overdue replies until stopped. */
  start(): void;
  stop(): void;
  /** Links a received fax to a sent one by hand, or removes its link (null). */
  linkByHand(inboundId: FaxId, outboundId: FaxId | null): void;
  awaiting(limit: number): Array<{ id: FaxId; reference: string; createdAt: string; counterpart: string | null }>;
  /** Announces replies that have just become overdue (also run by the timer). */
  checkOverdue(): void;
}

/** Overdue replies are looked for at least this often (a due time far away is checked again by then). */
const checkEveryMs = 60 * 60 * 1000;

export interface ReplyTrackerDeps {
  cache: Cache;
  events: EventBus;
  log: Logger;
  /** A link set or removed by hand (shared with the office, when there is one). */
  onLinkedByHand?: (inboundId: FaxId, outboundId: FaxId | null) => void;
  now?: () => number;
  timers?: Timers;
}

export function createReplyTracker(deps: ReplyTrackerDeps): ReplyTracker {
  const { cache, events } = deps;
  const now = deps.now ?? Date.now;
  const timer = createOneTimer(deps.timers ?? realTimers);
  const log = deps.log.child('replies');
  let unsubscribe: (() => void) | null = null;

  function changed(ids: FaxId[]): void {
    events.emit('faxesChanged', { added: [], updated: ids, unreadInbound: cache.faxes.unreadInbound() });
  }

  function schedule(): void {
    const next = cache.replies.nextDueMs();
    const wait = next === null ? checkEveryMs : Math.min(checkEveryMs, Math.max(1000, next - now() + 1000));
    timer.after(wait, () => {
      tracker.checkOverdue();
      schedule();
    });
  }

  function onFaxesChanged(change: FaxesChanged): void {
    // Received faxes are linked as they arrive (by index, no fax read); a new expectation may make an earlier due time.
    const links = change.added.length > 0 ? cache.replies.linkNewReplies(change.added) : [];
    if (links.length > 0) {
      log.info('replies.linked', { count: links.length });
      changed(links.flatMap((link) => [link.inboundId, link.outboundId]));
    }
    if (change.added.length > 0 && unsubscribe !== null) schedule();
  }

  const tracker: ReplyTracker = {
    start() {
      if (unsubscribe) return;
      unsubscribe = events.on('faxesChanged', onFaxesChanged);
      tracker.checkOverdue();
      schedule();
    },

    stop() {
      unsubscribe?.();
      unsubscribe = null;
      timer.cancel();
    },

    linkByHand(inboundId, outboundId) {
      const inbound = cache.faxes.detail(inboundId);
      if (!inbound || inbound.direction !== 'inbound') throw new AppError('not_found', msg('replyTracker.onlyAReceivedFax'));
      if (outboundId !== null && cache.faxes.detail(outboundId)?.direction !== 'outbound') throw new AppError('not_found', msg('replyTracker.aReplyCanBe'));
      const before = cache.replies.linkByHand(inboundId, outboundId);
      deps.onLinkedByHand?.(inboundId, outboundId);
      changed([inboundId, ...(before === null ? [] : [before]), ...(outboundId === null ? [] : [outboundId])]);
      schedule();
    },

    awaiting: (limit) => cache.replies.awaiting(limit),

    checkOverdue() {
      const overdue = cache.replies.takeNewlyOverdue(now());
      // Another desk's fax turns "Overdue" in the list here too, but only the desk that sent it is told.
      for (const fax of overdue) if (fax.announce) events.emit('replyOverdue', { faxId: fax.id, reference: fax.reference });
      if (overdue.length > 0) changed(overdue.map((fax) => fax.id));
    },
  };
  return tracker;
}
