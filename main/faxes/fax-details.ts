/**
 * One fax as the detail pane and the preview see it: from the cache at once, from the Fax Service when asked
 * (a fax never held is an error; offline, the cached copy stands), unread marks, and its document.
 *
 * Reading is never recorded: the audit log's "view" is the person opening the fax (`noteOpened`, sent once by the
 * detail each time it shows a fax). Reading it again — a refresh, a redraw, another desk's change, the preview
 * reading pages — writes nothing and tells nothing, so no loop of reads and events can grow the audit trail.
 */
import type { FaxDetail, FaxListPage, FaxListQuery, FaxSummary } from '../../preload/models';
import type { FaxTriageSummary } from '../../preload/office';
import { describeRecipientError } from '../api/recipient-errors';
import type { ConnectionService } from '../connection/connection-service';
import { AppError } from '../errors';
import type { PdfStore } from '../pdf/pdf-store';
import type { EventBus } from '../runtime/event-bus';
import type { Cache } from '../store/cache/cache';
import { ruleActionViews } from '../store/cache/rule-action-repository';
import { msg } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';
import type { FaxIntake } from '../../preload/intake';
import type { FaxId } from '../../preload/fax-id';
import { numberKey } from '../../preload/fax-number';

/** What the preview gets with the document's size: enough for pdf.js to start (the header, often the first page). */
const pdfHeadBytes = 64 * 1024;

export interface FaxDetails {
  /** A window of the inbox or the outbox, with replies tracked. */
  list(query: FaxListQuery): FaxListPage;
  /** The faxes to and from one number, both directions, newest first. */
  withNumber(key: string, offset: number, limit: number): FaxListPage;
  detail(id: FaxId, refresh: boolean): Promise<FaxDetail>;
  markRead(ids: readonly FaxId[], read: boolean): { unreadInbound: number };
  /** Marks received faxes handled (or not); says how many are left not handled. */
  markHandled(ids: readonly FaxId[], handled: boolean): { notHandled: number };
  setNote(id: FaxId, note: string): void;
  notHandledCount(): number;
  unreadCount(): number;
  /** The document opened for the preview or for printing: its size and first bytes; the rest is read by range. */
  openDocument(id: FaxId, purpose: 'preview' | 'print'): Promise<{ size: number; head: Uint8Array }>;
  readDocument(id: FaxId, begin: number, end: number): Promise<Uint8Array>;
  /** The person opened this fax: one "view" in the audit log. */
  noteOpened(id: FaxId): void;
  /** Printing is recorded once, as a print. */
  notePrinted(id: FaxId): void;
}

/** The office hub's triage, for the lists (absent or empty without a hub). */
export interface TriagePort {
  summaries(faxIds: readonly FaxId[]): Map<FaxId, FaxTriageSummary>;
  login(): string | null;
}

export function createFaxDetails(deps: { cache: Cache; pdfs: PdfStore; connection: ConnectionService; events: EventBus; triage?: TriagePort; now?: () => number }): FaxDetails {
  const { cache, pdfs, connection, events } = deps;
  const now = deps.now ?? Date.now;

  /** The contact's name for each counterpart number, in one lookup for a page of faxes. */
  function contactNames(numbers: ReadonlyArray<string | null>): Map<string, string> {
    const keys = [...new Set(numbers.map((number) => (number === null ? null : numberKey(number))).filter((key): key is string => key !== null))];
    const names = new Map<string, string>();
    for (const match of cache.guard.contactsWithNumbers(keys)) if (match.name !== null && !names.has(match.number)) names.set(match.number, match.name);
    return names;
  }

  /** Adds the names people know the numbers by, what replies sent faxes expect, and which sent fax each received one answers. */
  function withReplies<T extends FaxSummary>(listed: T[]): T[] {
    const handled = cache.handling.handledAmong(listed.filter((item) => item.direction === 'inbound').map((item) => item.id));
    const names = contactNames(listed.map((item) => item.counterpart));
    const named = listed.map((item) => {
      const key = item.counterpart === null ? null : numberKey(item.counterpart);
      const counterpartName = (key === null ? undefined : names.get(key)) ?? item.counterpartName ?? null;
      return counterpartName === null ? item : { ...item, counterpartName };
    });
    const triage = deps.triage?.summaries(listed.map((item) => item.id)) ?? new Map<FaxId, FaxTriageSummary>();
    const inbound = listed.filter((item) => item.direction === 'inbound').map((item) => item.id);
    const intake = cache.intake.summaries(inbound);
    const filings = cache.chartFilings.summaries(inbound);
    const items = named.map((item) => {
      const shared = triage.get(item.id);
      if (item.direction !== 'inbound') return shared ? { ...item, triage: shared } : item;
      const read = intake.get(item.id);
      const filing = filings.get(item.id);
      return { ...item, handled: handled.has(item.id), ...(shared ? { triage: shared } : {}), ...(read ? { intake: read } : {}), ...(filing ? { chart: filing } : {}) };
    });
    const states = cache.replies.statesOf(items.filter((item) => item.direction === 'outbound').map((item) => item.id), now());
    const links = cache.replies.repliesTo(items.filter((item) => item.direction === 'inbound').map((item) => item.id));
    if (states.size === 0 && links.size === 0) return items;
    return items.map((item) => {
      const reply = states.get(item.id);
      const replyTo = links.get(item.id);
      return reply || replyTo ? { ...item, ...(reply ? { reply } : {}), ...(replyTo ? { replyTo } : {}) } : item;
    });
  }

  /** A signed copy faxed back, seen from both faxes. */
  function answerLinksOf(id: FaxId, direction: FaxSummary['direction']): { answeredWith?: Array<{ id: FaxId; reference: string }>; answerTo?: { id: FaxId; reference: string } } {
    if (direction === 'inbound') {
      const answers = cache.answers.answersTo(id);
      return answers.length > 0 ? { answeredWith: answers } : {};
    }
    const answered = cache.answers.answerTo(id);
    return answered ? { answerTo: answered } : {};
  }

  /** What intake read the fax to be, for its detail (nothing before it was read). */
  function intakeOf(id: FaxId): { intakeDetail?: FaxIntake } {
    const intakeDetail = cache.intake.get(id);
    return intakeDetail ? { intakeDetail } : {};
  }

  /** A fax's office triage, for its detail (nothing without a hub). */
  function sharedTriageOf(id: FaxId): { triage?: FaxTriageSummary } {
    const triage = deps.triage?.summaries([id]).get(id);
    return triage ? { triage } : {};
  }

  return {
    list(query) {
      const page = cache.faxes.list(query, deps.triage?.login() ?? null);
      return { ...page, items: withReplies(page.items) };
    },

    withNumber(key, offset, limit) {
      const page = cache.faxes.withNumber(key, offset, limit);
      return { ...page, items: withReplies(page.items) };
    },

    async detail(id, refresh) {
      let requestId: string | null = null;
      if ((refresh || cache.faxes.detail(id) === null) && connection.usable()) {
        try {
          const fetched = await connection.client().getFax(id);
          requestId = fetched.requestId;
          const outcome = cache.faxes.upsertMany([fetched.fax], { markNewInboundUnread: false });
          if (outcome.updated.length > 0) events.emit('faxesChanged', { added: [], updated: outcome.updated, unreadInbound: cache.faxes.unreadInbound() });
        } catch (error) {
          // Offline or refused: the cached copy is still shown; a fax we never had is an error.
          if (cache.faxes.detail(id) === null) throw error;
        }
      }
      const detail = cache.faxes.detail(id);
      if (!detail) throw new AppError('not_found', msg('faxDetails.thisFaxIsNot'));
      const { sendRequestId, ...shown } = detail;
      const [decorated = shown] = withReplies([shown]);
      // Each recipient by the name a person knows: the contact with that number when the fax gives none.
      const recipientNames = contactNames(decorated.recipients.map((recipient) => recipient.to));
      const recipients = decorated.recipients.map((recipient) => {
        const key = numberKey(recipient.to);
        // The reason is worded now, in the app's language: the cache may hold it in the language it was read in.
        const worded = { ...recipient, reason: describeRecipientError(recipient.error) };
        return recipient.name === null && key !== null && recipientNames.has(key) ? { ...worded, name: recipientNames.get(key) ?? null } : worded;
      });
      return {
        ...decorated,
        recipients,
        providerReason: describeRecipientError(decorated.providerError),
        requestId: requestId ?? sendRequestId,
        pdfCached: pdfs.isCached(id),
        ...answerLinksOf(id, decorated.direction),
        ...(decorated.direction === 'inbound' ? { handling: cache.handling.get(id), ruleActions: ruleActionViews(cache.ruleActions.forFax(id), say) } : {}),
        ...(decorated.direction === 'inbound' ? intakeOf(id) : {}),
        ...(decorated.direction === 'inbound' ? sharedTriageOf(id) : {}),
      };
    },

    markRead(ids, read) {
      cache.faxes.markRead(ids, read);
      const unreadInbound = cache.faxes.unreadInbound();
      events.emit('faxesChanged', { added: [], updated: [...ids], unreadInbound });
      return { unreadInbound };
    },

    unreadCount: () => cache.faxes.unreadInbound(),

    markHandled(ids, handled) {
      const inbound = ids.filter((id) => cache.faxes.detail(id)?.direction === 'inbound');
      cache.handling.mark(inbound, handled ? now() : null);
      const notHandled = cache.handling.notHandled();
      events.emit('handlingChanged', { notHandled, faxIds: inbound });
      return { notHandled };
    },

    setNote(id, note) {
      if (cache.faxes.detail(id)?.direction !== 'inbound') throw new AppError('not_found', msg('faxDetails.thisFaxIsNot'));
      cache.handling.setNote(id, note.trim());
      events.emit('handlingChanged', { notHandled: cache.handling.notHandled(), faxIds: [id] });
    },

    notHandledCount: () => cache.handling.notHandled(),

    openDocument: (id) => pdfs.open(id, pdfHeadBytes),

    readDocument: (id, begin, end) => pdfs.range(id, begin, end),

    noteOpened(id) {
      if (cache.faxes.detail(id) === null) throw new AppError('not_found', msg('faxDetails.thisFaxIsNot'));
      cache.audit.record('view', { faxId: id });
    },

    notePrinted(id) {
      cache.audit.record('print', { faxId: id });
    },
  };
}
