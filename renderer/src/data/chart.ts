/**
 * Filing into the chart, as the window keeps it: what waits in "To file" (reloaded when filings change), a fax's
 * filing, and a person's decisions. Nothing here runs without a patient source in Settings.
 */
import type { FilingCandidate, FilingView } from '../../../preload/chart';
import type { EhrStatus, ToFileRow } from '../../../preload/contract-chart';
import type { FaxId } from '../../../preload/fax-id';
import { faxApi, type IpcResult } from './ipc';
import { settingsStore } from './settings';
import { createStore } from './store';
import { toast, toastError } from './toasts';
import { t } from '../i18n';

export const toFileStore = createStore<{ rows: ToFileRow[]; loaded: boolean }>({ rows: [], loaded: false });
/** How many wait for a person (the sidebar's count). */
export const toFileCountStore = createStore<number>(0);

export const chartOn = (): boolean => (settingsStore.get()?.chart.source ?? 'none') !== 'none';

export async function loadToFile(): Promise<void> {
  if (!chartOn()) {
    toFileStore.set({ rows: [], loaded: true });
    toFileCountStore.set(0);
    return;
  }
  const result = await faxApi().listToFile();
  if (!result.ok) return;
  toFileStore.set({ rows: result.value, loaded: true });
  toFileCountStore.set(result.value.length);
}

let started = false;
export function startChart(): void {
  if (started) return;
  started = true;
  faxApi().on('chartChanged', ({ toFile }) => {
    toFileCountStore.set(toFile);
    void loadToFile();
  });
  settingsStore.subscribe(() => void loadToFile());
  void loadToFile();
}

export const loadFiling = (id: FaxId): Promise<IpcResult<FilingView | null>> => faxApi().getFiling({ id });

/** Files the fax to a patient shown for it; the message says to whom, or why not. */
export async function fileFax(id: FaxId, candidate: FilingCandidate): Promise<FilingView | null> {
  const result = await faxApi().fileFax({ id, patientId: candidate.patient.id });
  if (!result.ok) {
    toastError(result.error);
    return null;
  }
  toast(result.value.state === 'filed' ? 'success' : 'info', result.value.state === 'filed' ? t('chart.filedTo', { name: candidate.patient.name }) : t('chart.filingTo', { name: candidate.patient.name }));
  await loadToFile();
  return result.value;
}

export async function findPatients(id: FaxId, name: string, birthDate: string): Promise<FilingCandidate[] | null> {
  const result = await faxApi().findChartPatients({ id, name, birthDate });
  if (!result.ok) {
    toastError(result.error);
    return null;
  }
  await loadToFile();
  return result.value;
}

export async function withdrawFiling(id: FaxId): Promise<FilingView | null> {
  const result = await faxApi().withdrawFiling({ id, confirmed: true });
  if (!result.ok) {
    toastError(result.error);
    return null;
  }
  toast('success', t('chart.takenBack'));
  await loadToFile();
  return result.value;
}

export async function retryFiling(id: FaxId): Promise<FilingView | null> {
  const result = await faxApi().retryFiling({ id });
  if (!result.ok) {
    toastError(result.error);
    return null;
  }
  return result.value;
}

export async function ehrStatus(test: boolean): Promise<IpcResult<EhrStatus>> {
  return faxApi().getEhrStatus({ test });
}

export const signInEhr = (): Promise<IpcResult<EhrStatus>> => faxApi().signInEhr();
export const signOutEhr = (): Promise<IpcResult<EhrStatus>> => faxApi().signOutEhr();
