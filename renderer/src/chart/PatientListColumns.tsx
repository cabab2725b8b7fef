/**
 * The export's columns, chosen once with its first rows shown as they will be read: the patient's number, the name
 * (surname and first name, or one column with both), the birth date in the file's order, member ids and an earlier
 * surname where the file has them. A birth date the chosen order cannot read says so before anything is imported.
 */
import type { DateOrder, ListColumns, PatientListPreview } from '../../../preload/patient-list';
import { listBirthDate } from '../../../preload/list-dates';
import type { MessageId } from '../../../preload/i18n/translator';
import { calendarDate } from '../format';
import { t } from '../i18n';

const fields: ReadonlyArray<readonly [keyof ListColumns, MessageId]> = [
  ['mrn', 'patientList.columnMrn'],
  ['family', 'patientList.columnFamily'],
  ['given', 'patientList.columnGiven'],
  ['fullName', 'patientList.columnFullName'],
  ['birthDate', 'patientList.columnBirthDate'],
  ['memberIds', 'patientList.columnMemberIds'],
  ['formerFamily', 'patientList.columnFormerFamily'],
];
const orders: ReadonlyArray<readonly [DateOrder, MessageId]> = [
  ['mdy', 'patientList.monthFirst'],
  ['dmy', 'patientList.dayFirst'],
  ['ymd', 'patientList.yearFirst'],
];

export interface ListMapping {
  columns: ListColumns;
  dateOrder: DateOrder;
}

export function PatientListColumns({ preview, mapping, onChange, onImport, busy }: { preview: PatientListPreview; mapping: ListMapping; onChange: (mapping: ListMapping) => void; onImport: () => void; busy: boolean }) {
  const cellOf = (row: readonly string[], field: keyof ListColumns): string => {
    const header = mapping.columns[field];
    return header === null ? '' : (row[preview.headers.indexOf(header)] ?? '').trim();
  };
  const today = new Date().toISOString().slice(0, 10);
  const fileName = preview.path.split(/[\\/]/).pop() ?? preview.path;
  return (
    <div className="stack" data-testid="patient-list-columns">
      <p className="field-hint">{t('patientList.fileRead', { file: fileName, rows: preview.rows, encoding: preview.encoding })}</p>
      <div className="patient-list-fields">
        {fields.map(([field, label]) => (
          <label key={field} className="field">
            <span className="field-label">{t(label)}</span>
            <select className="input" value={mapping.columns[field] ?? ''} onChange={(event) => onChange({ ...mapping, columns: { ...mapping.columns, [field]: event.target.value === '' ? null : event.target.value } })} data-testid={`list-column-${field}`}>
              <option value="">{t('patientList.noColumn')}</option>
              {preview.headers.map((header) => (
                <option key={header} value={header}>{header}</option>
              ))}
            </select>
          </label>
        ))}
        <label className="field">
          <span className="field-label">{t('patientList.datesAreWritten')}</span>
          <select className="input" value={mapping.dateOrder} onChange={(event) => onChange({ ...mapping, dateOrder: event.target.value as DateOrder })} data-testid="list-date-order">
            {orders.map(([order, label]) => (
              <option key={order} value={order}>{t(label)}</option>
            ))}
          </select>
        </label>
      </div>
      <table className="table patient-list-sample" aria-label={t('patientList.firstRows')}>
        <thead>
          <tr>
            <th scope="col">{t('patientList.columnMrn')}</th>
            <th scope="col">{t('patientList.name')}</th>
            <th scope="col">{t('patientList.columnBirthDate')}</th>
          </tr>
        </thead>
        <tbody>
          {preview.sample.map((row, index) => {
            const name = cellOf(row, 'family') === '' ? cellOf(row, 'fullName') : [cellOf(row, 'family'), cellOf(row, 'given')].filter(Boolean).join(', ');
            const written = cellOf(row, 'birthDate');
            const born = written === '' ? null : listBirthDate(written, mapping.dateOrder, today);
            return (
              <tr key={index} data-testid="list-sample-row">
                <td className="mono">{cellOf(row, 'mrn')}</td>
                <td>{name}</td>
                <td className={born === null ? 'text-danger' : undefined}>{born === null ? t('patientList.notADate', { written }) : calendarDate(born)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="row">
        <button type="button" className="button button-primary" disabled={busy} onClick={onImport} data-testid="list-import">
          {busy ? t('patientList.importing') : t('patientList.importRows', { rows: preview.rows })}
        </button>
      </div>
    </div>
  );
}
