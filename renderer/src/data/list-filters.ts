/**
 * The filters of the inbox and of the outbox, kept apart: a status, a search or dates chosen in one list never
 * narrow the other. They live here rather than in the view, so they survive switching between lists, and a new
 * fax just sent can clear the outbox's filters to be seen at once.
 */
import type { FaxDirection, FaxListQuery } from '../../../preload/models';
import type { StatusGroup } from '../../../preload/fax-status';
import { navigate } from './navigation';
import { createStore, type Store } from './store';
import type { MessageId } from '../../../preload/i18n/translator';
import type { TriageFilter } from '../../../preload/office';

export interface ListFilters {
  search: string;
  groups: StatusGroup[];
  /** Inclusive local dates (yyyy-mm-dd), '' for none. */
  from: string;
  to: string;
  unreadOnly: boolean;
  notHandledOnly: boolean;
  /** With an office hub: mine (claimed by or given to me), or nobody's. */
  triage: TriageFilter | null;
  /** With an office hub: received faxes carrying this label (its id). */
  label: string | null;
  /** Received faxes read (on this desk) as this kind. */
  kind: string | null;
}

export type ListQuery = Omit<FaxListQuery, 'offset' | 'limit'>;

export const noFilters: ListFilters = { search: '', groups: [], from: '', to: '', unreadOnly: false, notHandledOnly: false, triage: null, label: null, kind: null };

/** The status choices each list offers (the inbox's statuses are not the outbox's). */
export const groupChoices: Readonly<Record<FaxDirection, ReadonlyArray<[StatusGroup, MessageId]>>> = {
  inbound: [
    ['received', 'replyParts.received'],
    ['in_progress', 'listFilters.arriving'],
    ['failed', 'format.failed'],
  ],
  outbound: [
    ['in_progress', 'listFilters.inProgress'],
    ['delivered', 'format.delivered'],
    ['partial', 'format.partlyDelivered'],
    ['failed', 'format.failed'],
    ['other', 'listFilters.other'],
  ],
};

const stores: Readonly<Record<FaxDirection, Store<ListFilters>>> = {
  inbound: createStore<ListFilters>(noFilters),
  outbound: createStore<ListFilters>(noFilters),
};

export function filtersStore(direction: FaxDirection): Store<ListFilters> {
  return stores[direction];
}

export function setFilters(direction: FaxDirection, patch: Partial<ListFilters>): void {
  stores[direction].set((current) => ({ ...current, ...patch }));
}

export function toggleGroup(direction: FaxDirection, group: StatusGroup): void {
  stores[direction].set((current) => ({ ...current, groups: current.groups.includes(group) ? current.groups.filter((item) => item !== group) : [...current.groups, group] }));
}

export function clearFilters(direction: FaxDirection): void {
  stores[direction].set(noFilters);
}

/** The query main gets for these filters (only what narrows; the search trimmed). */
export function toQuery(direction: FaxDirection, filters: ListFilters): ListQuery {
  const search = filters.search.trim();
  return {
    direction,
    ...(filters.groups.length > 0 ? { groups: filters.groups } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(search ? { search } : {}),
    ...(filters.unreadOnly && direction === 'inbound' ? { unreadOnly: true } : {}),
    ...(filters.notHandledOnly && direction === 'inbound' ? { notHandledOnly: true } : {}),
    ...(filters.triage !== null && direction === 'inbound' ? { triage: filters.triage } : {}),
    ...(filters.label !== null && direction === 'inbound' ? { label: filters.label } : {}),
    ...(filters.kind !== null && direction === 'inbound' ? { kind: filters.kind } : {}),
  };
}

/** True when the query shows fewer than all faxes of its direction. */
export function isNarrowed(query: ListQuery): boolean {
  return Boolean(query.groups?.length) || Boolean(query.from) || Boolean(query.to) || Boolean(query.search) || Boolean(query.unreadOnly) || Boolean(query.notHandledOnly) || Boolean(query.triage) || Boolean(query.label) || Boolean(query.kind);
}

/** After a send, resend or forward: the outbox, unfiltered, so the new fax is in view. */
export function showOutbox(): void {
  clearFilters('outbound');
  navigate('outbox');
}
