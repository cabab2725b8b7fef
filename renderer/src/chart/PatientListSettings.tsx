/**
 * Settings → Chart with a patient list: which export is matched against, when it was read and what it left out
 * (lines to look up in the file), why its latest version could not be read, and choosing it or its columns anew.
 */
import { useEffect, useState } from 'react';
import type { ListSkipReason, PatientListPreview, PatientListStatus } from '../../../preload/patient-list';
import type { MessageId } from '../../../preload/i18n/translator';
import { choosePatientList, importPatientList, patientListStatus, previewPatientList } from '../data/patient-list';
import { shortDate } from '../format';
import { say, t } from '../i18n';
import { PatientListColumns, type ListMapping } from './PatientListColumns';

const reasons: Record<ListSkipReason, MessageId> = {
  'no-number': 'patientList.reasonNoNumber',
  'same-number': 'patientList.reasonSameNumber',
  'no-name': 'patientList.reasonNoName',
  'no-birth-date': 'patientList.reasonNoBirthDate',
  'bad-birth-date': 'patientList.reasonBadBirthDate',
  'broken-row': 'patientList.reasonBrokenRow',
};

function statusLine(status: PatientListStatus): string {
  if (status.importedAt === null || status.path === null) return t('patientList.noneYet');
  // Today's time, or the day it was read.
  const at = shortDate(new Date(status.importedAt).toISOString());
  return t('patientList.statusLine', { patients: status.patients, file: status.path.split(/[\\/]/).pop() ?? status.path, at });
}

export function PatientListSettings() {
  const [status, setStatus] = useState<PatientListStatus | null>(null);
  const [preview, setPreview] = useState<PatientListPreview | null>(null);
  const [mapping, setMapping] = useState<ListMapping | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let current = true;
    void patientListStatus().then((found) => current && setStatus(found));
    return () => {
      current = false;
    };
  }, []);
  const show = (found: PatientListPreview | null) => {
    if (!found) return;
    setPreview(found);
    setMapping({ columns: found.columns, dateOrder: found.dateOrder });
  };
  const importNow = async () => {
    if (!mapping) return;
    setBusy(true);
    try {
      const done = await importPatientList(mapping.columns, mapping.dateOrder);
      if (done) {
        setStatus(done);
        setPreview(null);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="stack" aria-labelledby="patient-list-title" data-testid="patient-list-settings">
      <h3 id="patient-list-title">{t('patientList.title')}</h3>
      <p className="field-hint" data-testid="patient-list-status">{status ? statusLine(status) : t('emptyState.loading')}</p>
      {status?.problem ? <p className="field-error" role="alert" data-testid="patient-list-problem">{say(status.problem)}</p> : null}
      {status && status.skipped > 0 ? (
        <p className="field-hint" data-testid="patient-list-skipped">
          {t('patientList.leftOut', { count: status.skipped, lines: status.skippedLines.map((skip) => t('patientList.lineBecause', { line: skip.line, reason: t(reasons[skip.reason]) })).join('; ') })}
        </p>
      ) : null}
      <div className="row">
        <button type="button" className="button" disabled={busy} onClick={() => void choosePatientList().then(show)} data-testid="list-choose">{t('patientList.chooseFile')}</button>
        {status?.path ? <button type="button" className="button" disabled={busy} onClick={() => void previewPatientList().then(show)}>{t('patientList.changeColumns')}</button> : null}
      </div>
      {preview && mapping ? <PatientListColumns preview={preview} mapping={mapping} onChange={setMapping} onImport={() => void importNow()} busy={busy} /> : null}
    </section>
  );
}
