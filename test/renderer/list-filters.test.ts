// Each list keeps its own filters; the query main gets; after a send the outbox shows unfiltered.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearFilters, filtersStore, groupChoices, isNarrowed, noFilters, setFilters, showOutbox, toggleGroup, toQuery } from '../../renderer/src/data/list-filters';
import { routeStore } from '../../renderer/src/data/navigation';
import { connectionStore } from '../../renderer/src/data/connection';
import { connected } from './states';

beforeEach(() => {
  clearFilters('inbound');
  clearFilters('outbound');
  connectionStore.set(connected());
});

describe('list filters', () => {
  it('the inbox\'s filters never touch the outbox\'s, and back', () => {
    toggleGroup('inbound', 'received');
    setFilters('inbound', { search: 'clinic', unreadOnly: true });
    expect(filtersStore('outbound').get()).toEqual(noFilters);
    toggleGroup('outbound', 'failed');
    expect(filtersStore('inbound').get()).toEqual({ ...noFilters, groups: ['received'], search: 'clinic', unreadOnly: true });
    toggleGroup('inbound', 'received');
    expect(filtersStore('inbound').get().groups).toEqual([]);
  });

  it('each list offers its own statuses; "Received" only in the inbox', () => {
    expect(groupChoices.inbound.map(([group]) => group)).toContain('received');
    expect(groupChoices.outbound.map(([group]) => group)).not.toContain('received');
    expect(groupChoices.outbound.map(([group]) => group)).toContain('other');
  });

  it('the query holds only what narrows, the search trimmed; unread only means something in the inbox', () => {
    expect(toQuery('inbound', noFilters)).toEqual({ direction: 'inbound' });
    expect(toQuery('outbound', { search: '  lab  ', groups: ['failed', 'partial'], from: '2026-11-01', to: '', unreadOnly: true, notHandledOnly: true, triage: 'mine', label: 'b6f1', kind: 'referral' })).toEqual({
      direction: 'outbound',
      search: 'lab',
      groups: ['failed', 'partial'],
      from: '2026-11-01',
    });
    expect(isNarrowed(toQuery('inbound', noFilters))).toBe(false);
    expect(isNarrowed(toQuery('inbound', { ...noFilters, search: '   ' }))).toBe(false);
    expect(isNarrowed(toQuery('inbound', { ...noFilters, unreadOnly: true }))).toBe(true);
    expect(toQuery('inbound', { ...noFilters, notHandledOnly: true })).toEqual({ direction: 'inbound', notHandledOnly: true });
    expect(isNarrowed(toQuery('inbound', { ...noFilters, notHandledOnly: true }))).toBe(true);
    // "Mine" and "Unclaimed" (an office's) narrow the inbox only.
    expect(toQuery('inbound', { ...noFilters, triage: 'unclaimed' })).toEqual({ direction: 'inbound', triage: 'unclaimed' });
    expect(isNarrowed(toQuery('inbound', { ...noFilters, triage: 'mine' }))).toBe(true);
    // So does an office label.
    expect(toQuery('inbound', { ...noFilters, label: 'b6f1' })).toEqual({ direction: 'inbound', label: 'b6f1' });
    expect(isNarrowed(toQuery('inbound', { ...noFilters, label: 'b6f1' }))).toBe(true);
    // And the kind intake read a received fax as (the inbox only).
    expect(toQuery('inbound', { ...noFilters, kind: 'lab_results' })).toEqual({ direction: 'inbound', kind: 'lab_results' });
    expect(isNarrowed(toQuery('inbound', { ...noFilters, kind: 'lab_results' }))).toBe(true);
  });

  it('after a send, the outbox shows with its filters cleared; the inbox keeps its own', () => {
    setFilters('outbound', { search: 'nothing like this', groups: ['failed'] });
    setFilters('inbound', { search: 'keep me' });
    showOutbox();
    expect(routeStore.get()).toEqual({ screen: 'outbox', faxId: null });
    expect(filtersStore('outbound').get()).toEqual(noFilters);
    expect(filtersStore('inbound').get().search).toBe('keep me');
  });
});
