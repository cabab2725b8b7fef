import { useCallback, useMemo } from 'react';
import type { FaxDirection, FaxSummary } from '../../../preload/models';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Icon } from '../components/Icon';
import { useFaxWindow } from '../data/fax-window';
import { exportList, markRead } from '../data/faxes';
import { clearFilters, filtersStore, groupChoices, isNarrowed, setFilters, toggleGroup, toQuery } from '../data/list-filters';
import { navigate } from '../data/navigation';
import { useStore } from '../data/store';
import { FaxRows } from '../lists/FaxRows';
import { OutboxQueue } from '../lists/OutboxQueue';
import { FaxDetail } from './FaxDetail';

export function FaxListView({ direction, faxId }: { direction: FaxDirection; faxId: number | null }) {
  // Each list keeps its own filters (data/list-filters.ts): the inbox's never narrow the outbox.
  const filters = useStore(filtersStore(direction));
  // No debounce: a search of 50,000 cached faxes takes 10–20 ms in main, and stale answers are dropped by the
  // window (the newest query wins).
  const query = useMemo(() => toQuery(direction, filters), [direction, filters]);
  const list = useFaxWindow(query);
  const screen = direction === 'inbound' ? 'inbox' : 'outbox';
  const filtered = isNarrowed(query);
  // The summary describes the rows on screen, which follow the filters a moment later.
  const shownFiltered = list.shownQuery !== null && isNarrowed(list.shownQuery);

  const open = useCallback(
    (fax: FaxSummary) => {
      navigate(screen, fax.id);
      if (fax.unread) void markRead([fax.id], true);
    },
    [screen],
  );

  const title = direction === 'inbound' ? 'Inbox' : 'Outbox & sent';

  return (
    <div className="split">
      <section className="list-pane" aria-labelledby="list-title">
        <div className="view-header list-header">
          <h1 id="list-title">{title}</h1>
          <button type="button" className="button button-small" onClick={() => void exportList(query)} disabled={!list.total}>
            <Icon name="export" size={15} /> Export CSV
          </button>
        </div>
        {direction === 'outbound' ? <OutboxQueue /> : null}
        <div className="filters" role="search">
          <label className="visually-hidden" htmlFor={`${screen}-search`}>
            Search {title.toLowerCase()}
          </label>
          <input
            id={`${screen}-search`}
            className="input"
            type="search"
            placeholder="Search numbers, names, subjects, references"
            value={filters.search}
            onChange={(event) => setFilters(direction, { search: event.target.value })}
            data-search
            aria-keyshortcuts="/"
          />
          <div className="toggle-group" role="group" aria-label="Status">
            {groupChoices[direction].map(([group, label]) => (
              <button type="button" key={group} aria-pressed={filters.groups.includes(group)} onClick={() => toggleGroup(direction, group)}>
                {label}
              </button>
            ))}
            {direction === 'inbound' ? (
              <button type="button" aria-pressed={filters.unreadOnly} onClick={() => setFilters(direction, { unreadOnly: !filters.unreadOnly })}>
                Unread
              </button>
            ) : null}
          </div>
          <div className="date-range">
            <label className="date-field">
              <span className="field-hint">From</span>
              <input className="input" type="date" value={filters.from} onChange={(event) => setFilters(direction, { from: event.target.value })} aria-label="From date" />
            </label>
            <label className="date-field">
              <span className="field-hint">to</span>
              <input className="input" type="date" value={filters.to} onChange={(event) => setFilters(direction, { to: event.target.value })} aria-label="To date" />
            </label>
          </div>
        </div>
        <div className="list-summary" aria-live="polite" aria-busy={!list.current} data-testid="list-summary" data-current={list.current}>
          {list.total === null ? 'Loading…' : `${list.total.toLocaleString()} ${list.total === 1 ? 'fax' : 'faxes'}${shownFiltered ? ' match' : ''}`}
          {filtered ? (
            <button type="button" className="button button-ghost button-small" onClick={() => clearFilters(direction)}>
              Clear filters
            </button>
          ) : null}
        </div>
        {list.error ? <ErrorNotice error={list.error} /> : null}
        {list.total === 0 ? (
          filtered ? (
            <EmptyState icon="search" title="Nothing matches">
              Try other words or clear the filters.
            </EmptyState>
          ) : (
            <EmptyState icon={direction === 'inbound' ? 'inbox' : 'outbox'} title={direction === 'inbound' ? 'No faxes received yet' : 'No faxes sent yet'}>
              {direction === 'inbound' ? 'New faxes appear here as they arrive.' : 'Drop a document anywhere on the window to fax it.'}
            </EmptyState>
          )
        ) : (
          <FaxRows window={list} selectedId={faxId} onOpen={open} label={`${title} list`} />
        )}
      </section>
      <section className="detail-pane" aria-label="Fax details">
        {faxId !== null ? (
          <FaxDetail key={faxId} faxId={faxId} />
        ) : (
          <EmptyState icon="fax" title="Select a fax">
            Use ↑ ↓ to move through the list; details and the document appear here.
          </EmptyState>
        )}
      </section>
    </div>
  );
}
