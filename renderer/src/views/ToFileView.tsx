/**
 * "To file": the received faxes that wait for a person before they go into the chart, oldest first, each with why
 * it waits. Made for the keyboard: ↑/↓ moves through the faxes, a number key picks that candidate, Enter files the
 * fax to the one picked (and the next fax comes up), F looks up someone else. The page shows where the patient was
 * read.
 */
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import type { ToFileRow } from '../../../preload/contract-chart';
import type { FaxId } from '../../../preload/fax-id';
import { EmptyState } from '../components/EmptyState';
import { loadToFile, toFileStore } from '../data/chart';
import { useStore } from '../data/store';
import { dateTime } from '../format';
import { t } from '../i18n';
import { kindName } from '../intake/intake-words';
import { reasonWords } from '../chart/filing-words';
import { ToFileDetail } from '../chart/ToFileDetail';

function rowLabel(row: ToFileRow): string {
  return [row.fax.from ?? t('faxDetail.unknownSender'), row.fax.kind ? kindName(row.fax.kind) : null, dateTime(row.fax.receivedAt)].filter(Boolean).join(' · ');
}

export function ToFileView() {
  const { rows, loaded } = useStore(toFileStore);
  // By place, not by fax: a fax filed leaves the list (the oldest first), and the one after it takes its place.
  const [chosen, setChosen] = useState(0);
  useEffect(() => void loadToFile(), []);
  const index = Math.min(chosen, rows.length - 1);
  const current = index >= 0 ? rows[index] : undefined;
  const selected: FaxId | null = current?.fax.id ?? null;
  const setSelected = (id: FaxId) => setChosen(Math.max(0, rows.findIndex((row) => row.fax.id === id)));

  const move = useCallback(
    (step: number) => {
      const next = Math.max(0, Math.min(rows.length - 1, index + step));
      setChosen(next);
      const id = rows[next]?.fax.id;
      if (id) document.getElementById(`to-file-${id}`)?.focus();
    },
    [rows, index],
  );
  const onListKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    }
  };

  return (
    <section className="view to-file-view" aria-labelledby="to-file-title">
      <div className="view-header">
        <div>
          <h1 id="to-file-title">{t('chart.toFile')}</h1>
          <p className="view-subtitle" role="status">{loaded ? t('chart.toFileCount', { count: rows.length }) : t('emptyState.loading')}</p>
        </div>
      </div>
      {loaded && rows.length === 0 ? (
        <EmptyState icon="check" title={t('chart.nothingToFileTitle')}>{t('chart.nothingToFileBody')}</EmptyState>
      ) : (
        <div className="to-file-layout">
          <ul className="to-file-list" role="listbox" aria-label={t('chart.toFile')} onKeyDown={onListKey}>
            {rows.map((row) => (
              <li
                key={row.fax.id}
                id={`to-file-${row.fax.id}`}
                role="option"
                aria-selected={row.fax.id === selected}
                tabIndex={row.fax.id === selected ? 0 : -1}
                className="to-file-row"
                data-testid="to-file-row"
                data-fax-id={row.fax.id}
                onClick={() => setSelected(row.fax.id)}
              >
                <span className="to-file-reason">{row.filing.reason ? reasonWords(row.filing.reason) : ''}</span>
                <span className="to-file-what">{rowLabel(row)}</span>
                {row.filing.candidates[0] ? <span className="to-file-patient">{row.filing.candidates[0].patient.name}</span> : null}
              </li>
            ))}
          </ul>
          {current ? <ToFileDetail key={current.fax.id} row={current} /> : null}
        </div>
      )}
    </section>
  );
}
