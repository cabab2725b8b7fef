/**
 * The cache mirror of the office's triage: whenever the triage of a fax changes (this desk or another), its view is
 * written to the cache (`hubTriage`, for the "Mine"/"Unclaimed" filters and the columns), its handled mark to the
 * local handling table (so the "Not handled" filter, the status bar and the tray count the office's marks without a
 * hub query), the office's reply expectations and filings where this desk reads them — and the window is told.
 */
import type { FaxId } from '../../preload/fax-id';
import type { FaxTriageSummary } from '../../preload/office';
import type { MirroredTriage } from '../store/cache/hub-triage-repository';
import { adoptOfficeFilings } from './office-filings';
import type { OfficeContext } from './office-context';
import type { TriageView } from './shared-triage';

export interface OfficeMirror {
  /** Writes these faxes' triage views to the cache mirror (all of them at start, replacing what was there). */
  mirror: (faxIds: string[], options?: { replaceAll?: boolean }) => void;
  /** The triage of these received faxes as the lists show it (empty without an office). */
  summaries: (faxIds: readonly FaxId[]) => Map<FaxId, FaxTriageSummary>;
  /** The same, as the window's event carries it (null: nothing on the hub or this desk). */
  summariesOf(faxIds: readonly string[]): Record<string, FaxTriageSummary | null>;
}

const mirrored = (view: TriageView): MirroredTriage => ({ ...view, sentBy: view.sent?.by ?? null });

export function createOfficeMirror(context: OfficeContext): OfficeMirror {
  const { deps, state } = context;

  /** The office's reply expectations and links set by hand, written where this desk's reply tracking reads them. */
  function mirrorReplies(views: ReadonlyArray<TriageView | null>): void {
    for (const view of views) {
      if (view?.sent?.replyDue != null) deps.cache.replies.adopt(view.faxId, view.sent.replyDue, view.sent.by === state.current?.address.user);
      if (view?.replyLink) deps.cache.replies.adoptLink(view.faxId, view.replyLink.answers);
    }
  }

  function summaries(faxIds: readonly FaxId[]): Map<FaxId, FaxTriageSummary> {
    const found = new Map<FaxId, FaxTriageSummary>();
    if (state.current === null || faxIds.length === 0) return found;
    for (const [faxId, triage] of deps.cache.hubTriage.among(faxIds)) {
      found.set(faxId, {
        claimedBy: triage.claim ? context.ref(triage.claim.by) : null,
        claimedAt: triage.claim?.since ?? null,
        assignee: triage.assignee ? context.ref(triage.assignee) : null,
        handledBy: triage.handled ? context.ref(triage.handled.by) : null,
        labels: context.labelBook.named(triage.labelIds),
        sentBy: triage.sentBy ? context.ref(triage.sentBy) : null,
        notes: triage.notes,
        pending: triage.pending > 0,
      });
    }
    return found;
  }

  function summariesOf(faxIds: readonly string[]): Record<string, FaxTriageSummary | null> {
    const found = summaries(faxIds);
    return Object.fromEntries(faxIds.map((faxId) => [faxId, found.get(faxId) ?? null]));
  }

  function mirror(faxIds: string[], options: { replaceAll?: boolean } = {}): void {
    if (state.desk === null) return;
    const triage = state.desk.triage;
    const entries = faxIds.map((faxId) => ({ faxId, view: triage.view(faxId) }));
    if (options.replaceAll) deps.cache.hubTriage.replaceAll(entries.flatMap((entry) => (entry.view ? [mirrored(entry.view)] : [])));
    else deps.cache.hubTriage.put(entries.map((entry) => ({ faxId: entry.faxId, triage: entry.view ? mirrored(entry.view) : null })));
    mirrorReplies(entries.map((entry) => entry.view));
    const filed = adoptOfficeFilings(deps.cache.chartFilings, entries.map((entry) => entry.view), context.now());
    if (filed.length > 0) {
      deps.events.emit('faxesChanged', { added: [], updated: filed, unreadInbound: deps.cache.faxes.unreadInbound() });
      deps.events.emit('chartChanged', { faxIds: filed, toFile: deps.cache.chartFilings.counts().toFile });
    }
    // A sent fax has no handled mark: only received ones (and ones the hub knows only by their triage) are marked.
    const marked = entries.filter((entry) => !entry.view?.sent);
    const handled = marked.filter((entry) => entry.view?.handled).map((entry) => entry.faxId);
    const open = marked.filter((entry) => !entry.view?.handled).map((entry) => entry.faxId);
    if (handled.length > 0) deps.cache.handling.mark(handled, context.now());
    if (open.length > 0) deps.cache.handling.mark(open, null);
    deps.events.emit('triageChanged', { faxIds, triage: summariesOf(faxIds) });
    deps.events.emit('handlingChanged', { notHandled: deps.cache.handling.notHandled(), faxIds });
  }

  return { mirror, summaries, summariesOf };
}
