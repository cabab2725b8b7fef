/** The patient list (source "list") as Settings work it: choose the export, see it read, import it, see how it went. */
import type { DateOrder, ListColumns, PatientListPreview, PatientListStatus } from '../../../preload/patient-list';
import { faxApi } from './ipc';
import { toast, toastError } from './toasts';
import { t } from '../i18n';

/** The system's dialog; the file chosen, read for its preview (null: the person cancelled, or it could not be read). */
export async function choosePatientList(): Promise<PatientListPreview | null> {
  const result = await faxApi().choosePatientList();
  if (!result.ok) {
    toastError(result.error);
    return null;
  }
  return result.value;
}

/** The list set now, read again for its preview (to change its columns). */
export async function previewPatientList(): Promise<PatientListPreview | null> {
  const result = await faxApi().previewPatientList();
  if (!result.ok) {
    toastError(result.error);
    return null;
  }
  return result.value;
}

export async function importPatientList(columns: ListColumns, dateOrder: DateOrder): Promise<PatientListStatus | null> {
  const result = await faxApi().importPatientList({ columns, dateOrder });
  if (!result.ok) {
    toastError(result.error);
    return null;
  }
  toast('success', t('patientList.imported', { patients: result.value.patients, skipped: result.value.skipped }));
  return result.value;
}

export async function patientListStatus(): Promise<PatientListStatus | null> {
  const result = await faxApi().getPatientListStatus();
  return result.ok ? result.value : null;
}
