import { useCallback, useMemo, useState } from 'react';
import type { FaxDirection, FaxSummary } from '../../../preload/models';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Icon } from '../components/Icon';
import { useFaxWindow } from '../data/fax-window';
import { exportList, markRead } from '../data/faxes';
import { clearFilters, filtersStore, groupChoices, isNarrowed, setFilters, toggleGroup, toQuery } from '../data/list-filters';
import { navigate } from '../data/navigation';
import { useStore } from '../data/store';
import { labelsStore, officeStore } from '../data/office';
import { triageFilters } from '../../../preload/office';
import { FaxRows } from '../lists/FaxRows';
import { OutboxQueue } from '../lists/OutboxQueue';
import { FaxDetail } from './FaxDetail';
import { t } from '../i18n';
import { toast } from '../data/toasts';
import type { FaxId } from '../../../preload/fax-id';
import { policiesStore } from '../data/policies';
import { KindFilter } from '../intake/KindFilter';
import { DateRangeFilter } from '../lists/DateRangeFilter';
import { settingsStore } from '../data/settings';

const noneRead: FaxId[] = [];

export function FaxListView({ direction, faxId }: { direction: FaxDirection; faxId: FaxId | null }) {
  // Each list keeps its own filters (data/list-filters.ts): the inbox's never narrow the outbox.
  const stored = useStore(filtersStore(direction));
  const [clearedTimes, setClearedTimes] = useState(0);
  const office = useStore(officeStore);
  const labels = useStore(labelsStore);
  const policies = useStore(policiesStore);
  const settings = useStore(settingsStore);
  // The hint names the words in the faxes only where this desk reads them.
  const readsText = settings !== null && settings.recognizeText && (direction === 'inbound' || settings.recognizeSentFaxes);
  const searchHint = readsText ? t('faxList.searchWithText') : t('faxList.searchNumbersNamesSubjects');
  // "Mine", "Unclaimed" and a label mean something only in an office; after leaving one they are dropped.
  const filters = useMemo(() => (office.joined ? stored : { ...stored, triage: null, label: null }), [office.joined, stored]);
  const offeredLabels = labels.filter((label) => !label.removed || label.id === filters.label);
  // No debounce: a search of 50,000 cached faxes takes 10–20 ms in main, and stale answers are dropped by the
  // window (the newest query wins).
  // Faxes opened while "Unread" is on stay in it until the filters change (as mail apps keep an opened message):
  // the row a person just clicked does not vanish under the pointer.
  const [readHere, setReadHere] = useState<{ filters: typeof filters; ids: FaxId[] }>({ filters, ids: [] });
  const keptRead = readHere.filters === filters ? readHere.ids : noneRead;
  const query = useMemo(() => ({ ...toQuery(direction, filters), ...(filters.unreadOnly && keptRead.length > 0 ? { readHere: keptRead } : {}) }), [direction, filters, keptRead]);
  const list = useFaxWindow(query);
  const screen = direction === 'inbound' ? 'inbox' : 'outbox';
  const filtered = isNarrowed(query);
  // The summary describes the rows on screen, which follow the filters a moment later.
  const shownFiltered = list.shownQuery !== null && isNarrowed(list.shownQuery);

  const open = useCallback(
    (fax: FaxSummary) => {
      navigate(screen, fax.id);
      if (!fax.unread) return;
      if (filters.unreadOnly) setReadHere((kept) => ({ filters, ids: [...(kept.filters === filters ? kept.ids : []), fax.id].slice(-100) }));
      void markRead([fax.id], true);
    },
    [screen, filters],
  );

  const title = direction === 'inbound' ? t('faxList.inbox') : t('faxList.outboxSent');

  return (
    <div className="split">
      <section className="list-pane" aria-labelledby="list-title">
        <div className="view-header list-header">
          <h1 id="list-title">{title}</h1>
          {/* Turned off by the organization, the button stays in reach and says why when pressed (a lock on it). */}
          <button
            type="button"
            className="button button-small"
            onClick={() => (policies.csvExport ? void exportList(query) : toast('info', t('policy.turnedOff')))}
            disabled={policies.csvExport && !list.total}
            aria-disabled={policies.csvExport ? undefined : true}
            title={policies.csvExport ? undefined : t('policy.turnedOff')}
          >
            <Icon name={policies.csvExport ? 'export' : 'lock'} size={15} />{' '}{t('faxList.exportCsv')}</button>
        </div>
        {direction === 'outbound' ? <OutboxQueue /> : null}
        <div className="filters" role="search">
          <label className="visually-hidden" htmlFor={`${screen}-search`}>{t(direction === 'inbound' ? 'faxList.searchInbox' : 'faxList.searchOutbox')}</label>
          <input
            id={`${screen}-search`}
            className="input"
            type="search"
            placeholder={searchHint}
            value={filters.search}
            onChange={(event) => setFilters(direction, { search: event.target.value })}
            data-search
            aria-keyshortcuts="/"
          />
          <div className="toggle-group" role="group" aria-label={t('faxDetail.status')}>
            {groupChoices[direction].map(([group, label]) => (
              <button type="button" key={group} aria-pressed={filters.groups.includes(group)} onClick={() => toggleGroup(direction, group)}>
                {t(label)}
              </button>
            ))}
            {direction === 'inbound' ? (
              <button type="button" aria-pressed={filters.unreadOnly} onClick={() => setFilters(direction, { unreadOnly: !filters.unreadOnly })}>{t('faxList.unread')}</button>
            ) : null}
            {direction === 'inbound' ? (
              <button type="button" aria-pressed={filters.notHandledOnly} onClick={() => setFilters(direction, { notHandledOnly: !filters.notHandledOnly })}>{t('faxList.notHandled')}</button>
            ) : null}
            {direction === 'inbound' && office.joined
              ? triageFilters.map((choice) => (
                  <button type="button" key={choice} aria-pressed={filters.triage === choice} onClick={() => setFilters(direction, { triage: filters.triage === choice ? null : choice })}>
                    {t(choice === 'mine' ? 'office.filterMine' : 'office.filterUnclaimed')}
                  </button>
                ))
              : null}
          </div>
          {direction === 'inbound' && office.joined && offeredLabels.length > 0 ? (
            <label className="date-field">
              <span className="field-hint">{t('office.filterLabel')}</span>
              <select className="input" value={filters.label ?? ''} onChange={(event) => setFilters(direction, { label: event.target.value === '' ? null : event.target.value })} data-testid="label-filter">
                <option value="">{t('office.anyLabel')}</option>
                {offeredLabels.map((label) => (
                  <option key={label.id} value={label.id}>{label.removed ? t('office.labelRemoved', { name: label.name }) : label.name}</option>
                ))}
              </select>
            </label>
          ) : null}
          {direction === 'inbound' && readsText ? <KindFilter kind={filters.kind} /> : null}
          {/* Drawn anew when the filters are cleared: a date typed only in part is in no state to clear, only in the field. */}
          <DateRangeFilter key={clearedTimes} from={filters.from} to={filters.to} onChange={(change) => setFilters(direction, change)} />
        </div>
        <div className="list-summary" aria-live="polite" aria-busy={!list.current} data-testid="list-summary" data-current={list.current}>
          {list.total === null ? t('replyParts.loading') : t(shownFiltered ? 'faxList.faxesMatch' : 'faxList.faxes', { total: list.total })}
          {filtered ? (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => {
                clearFilters(direction);
                setClearedTimes((times) => times + 1);
              }}
            >
              {t('faxList.clearFilters')}
            </button>
          ) : null}
        </div>
        {list.error ? <ErrorNotice error={list.error} /> : null}
        {list.total === 0 ? (
          filtered ? (
            <EmptyState icon="search" title={t('faxList.nothingMatches')}>{t('faxList.tryOtherWordsOr')}</EmptyState>
          ) : (
            <EmptyState icon={direction === 'inbound' ? 'inbox' : 'outbox'} title={direction === 'inbound' ? t('faxList.noFaxesReceivedYet') : t('faxList.noFaxesSentYet')}>
              {direction === 'inbound' ? t('faxList.newFaxesAppearHere') : t('faxList.dropADocumentAnywhere')}
            </EmptyState>
          )
        ) : (
          <FaxRows window={list} selectedId={faxId} onOpen={open} label={t('faxList.listOf', { title })} />
        )}
      </section>
      <section className="detail-pane" aria-label={t('faxList.faxDetails')}>
        {faxId !== null ? (
          <FaxDetail key={faxId} faxId={faxId} search={filters.search} />
        ) : (
          <EmptyState icon="fax" title={t('faxList.selectAFax')}>{t('faxList.useToMoveThrough')}</EmptyState>
        )}
      </section>
    </div>
  );
}
