import { useCallback, useMemo, useState } from 'react';
import type { FaxDirection, FaxSummary } from '../../../preload/models';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Icon } from '../components/Icon';
import { faxApi } from '../fax-api';
import { FaxRows } from '../lists/FaxRows';
import { OutboxQueue } from '../lists/OutboxQueue';
import { isNarrowed, useFaxWindow, type Filter } from '../lists/use-fax-window';
import { navigate, toast, toastError, unreadStore } from '../state/app-state';
import { FaxDetail } from './FaxDetail';

const statusChoices: Record<FaxDirection, Array<[string, string]>> = {
  inbound: [['received', 'Received']],
  outbound: [
    ['queued', 'Queued'],
    ['sending', 'Sending'],
    ['delivered', 'Delivered'],
    ['partial', 'Partly delivered'],
    ['failed', 'Failed'],
  ],
};

export function FaxListView({ direction, faxId }: { direction: FaxDirection; faxId: number | null }) {
  const [search, setSearch] = useState('');
  const [statuses, setStatuses] = useState<string[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  // No debounce: a search of 50,000 cached faxes takes 10–20 ms in main, and stale answers are dropped by the
  // window (the newest query wins).
  const filter = useMemo<Filter>(
    () => ({
      direction,
      ...(statuses.length > 0 ? { status: statuses } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(unreadOnly ? { unreadOnly } : {}),
    }),
    [direction, statuses, from, to, search, unreadOnly],
  );
  const list = useFaxWindow(filter);
  const view = direction === 'inbound' ? 'inbox' : 'outbox';
  const filtered = isNarrowed(filter);
  // The summary describes the rows on screen, which follow the filters a moment later.
  const shownFiltered = list.shownFilter !== null && isNarrowed(list.shownFilter);

  const open = useCallback(
    (fax: FaxSummary) => {
      navigate(view, fax.id);
      if (fax.unread) void faxApi().markRead({ ids: [fax.id], read: true }).then((result) => result.ok && unreadStore.set(result.value.unreadInbound));
    },
    [view],
  );

  const exportCsv = async () => {
    const result = await faxApi().exportFaxList(filter);
    if (result.ok) toast(result.value.saved ? 'success' : 'info', result.value.saved ? 'The list was exported as CSV.' : 'Export cancelled.');
    else toastError(result.error);
  };

  const toggleStatus = (status: string) => setStatuses((current) => (current.includes(status) ? current.filter((item) => item !== status) : [...current, status]));
  const title = direction === 'inbound' ? 'Inbox' : 'Outbox & sent';

  return (
    <div className="split">
      <section className="list-pane" aria-labelledby="list-title">
        <div className="view-header" style={{ padding: '18px 16px 0' }}>
          <h1 id="list-title">{title}</h1>
          <button type="button" className="button button-small" onClick={() => void exportCsv()} disabled={!list.total}>
            <Icon name="export" size={15} /> Export CSV
          </button>
        </div>
        {direction === 'outbound' ? <OutboxQueue /> : null}
        <div className="filters" role="search">
          <label className="visually-hidden" htmlFor={`${view}-search`}>
            Search {title.toLowerCase()}
          </label>
          <input
            id={`${view}-search`}
            className="input"
            type="search"
            placeholder="Search numbers, names, subjects, references"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-search
            aria-keyshortcuts="/"
          />
          <div className="toggle-group" role="group" aria-label="Status">
            {statusChoices[direction].map(([status, label]) => (
              <button type="button" key={status} aria-pressed={statuses.includes(status)} onClick={() => toggleStatus(status)}>
                {label}
              </button>
            ))}
            {direction === 'inbound' ? (
              <button type="button" aria-pressed={unreadOnly} onClick={() => setUnreadOnly((value) => !value)}>
                Unread
              </button>
            ) : null}
          </div>
          <label className="row" style={{ gap: 4 }}>
            <span className="field-hint">From</span>
            <input className="input" type="date" value={from} onChange={(event) => setFrom(event.target.value)} aria-label="From date" style={{ flex: 'none', minWidth: 0 }} />
          </label>
          <label className="row" style={{ gap: 4 }}>
            <span className="field-hint">to</span>
            <input className="input" type="date" value={to} onChange={(event) => setTo(event.target.value)} aria-label="To date" style={{ flex: 'none', minWidth: 0 }} />
          </label>
        </div>
        <div className="list-summary" aria-live="polite" aria-busy={!list.current} data-testid="list-summary" data-current={list.current}>
          {list.total === null ? 'Loading…' : `${list.total.toLocaleString()} ${list.total === 1 ? 'fax' : 'faxes'}${shownFiltered ? ' match' : ''}`}
          {filtered ? (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => {
                setSearch('');
                setStatuses([]);
                setFrom('');
                setTo('');
                setUnreadOnly(false);
              }}
            >
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
