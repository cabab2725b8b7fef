import { calendarDate } from '../format';
import { t } from '../i18n';

/**
 * The list's date range behind one summary ("Any date", "Nov 1 – Nov 29"): one Tab stop on the way from the search
 * to the list instead of eight (each date field is three segments and a calendar button), opened with Enter or
 * Space. A range that is set shows on the summary whether it is open or not.
 */
export function DateRangeFilter({ from, to, onChange }: { from: string; to: string; onChange: (change: { from?: string; to?: string }) => void }) {
  const summary = from && to ? t('faxList.dateRange', { from: calendarDate(from), to: calendarDate(to) }) : from ? t('faxList.dateFrom', { from: calendarDate(from) }) : to ? t('faxList.dateUntil', { to: calendarDate(to) }) : t('faxList.anyDate');
  return (
    <details className="date-filter" data-testid="date-filter">
      <summary className={from || to ? 'date-filter-set' : undefined}>{summary}</summary>
      <div className="date-range">
        <label className="date-field">
          <span className="field-hint">{t('faxList.from')}</span>
          <input className="input" type="date" value={from} onChange={(event) => onChange({ from: event.target.value })} aria-label={t('faxList.fromDate')} />
        </label>
        <label className="date-field">
          <span className="field-hint">{t('faxList.to')}</span>
          <input className="input" type="date" value={to} onChange={(event) => onChange({ to: event.target.value })} aria-label={t('faxList.toDate')} />
        </label>
      </div>
    </details>
  );
}
