/**
 * Filing into the chart, shared with the office: a fax this desk filed is told to the hub (how, and where — sealed
 * there), and a fax another desk filed is filed here too, off this desk's "To file", so two people never file one
 * fax twice. A filing this desk decided on itself (queued or filed) stands whatever the hub says.
 */
import type { ChartFilingRepository, FilingRow } from '../store/cache/chart-filing-repository';
import { filedByTheOffice } from '../store/cache/chart-filing-repository';
import type { TriageAction } from './triage-journal';
import type { TriageView } from './triage-view';

export type FilingShare = NonNullable<TriageAction['filing']>;

/** What this desk tells the office of its own filing (null: not filed here, or filed by another desk). */
export function filingToShare(row: FilingRow | null): FilingShare | null {
  if (row?.state !== 'filed' || row.patient === null || row.target === null || row.remoteId === filedByTheOffice) return null;
  return {
    how: row.filedBy ?? 'person',
    place: { target: row.target, patientId: row.patient.id, patientName: row.patient.name, documentType: row.documentType },
  };
}

/** Lays the office's filings on this desk's; returns the faxes whose filing changed here. */
export function adoptOfficeFilings(filings: ChartFilingRepository, views: ReadonlyArray<TriageView | null>, atMs: number): string[] {
  const changed: string[] = [];
  for (const view of views) {
    const filing = view?.filing;
    if (!view || !filing) continue;
    if (filing.withdrawn) {
      if (filings.withdrawnByOffice(view.faxId, atMs)) changed.push(view.faxId);
      continue;
    }
    // A place this desk cannot open (sealed with a key it never had) says too little to file anything by.
    if (filing.place === null) continue;
    const patient = { id: filing.place.patientId, name: filing.place.patientName, birthDate: null, mrn: null };
    if (filings.filedByOffice(view.faxId, { patient, target: filing.place.target, filedBy: filing.how, documentType: filing.place.documentType }, filing.at)) changed.push(view.faxId);
  }
  return changed;
}
