/**
 * The document type a filed fax gets in the chart: a LOINC document code per kind, which the office may change in
 * Settings (its EHR may file "referral" under its own code). A kind without a code of its own — an office's own kind,
 * "other" — is filed as a plain note.
 */
import type { BuiltInKind } from '../../preload/intake';

export interface DocumentType {
  system: string;
  code: string;
  display: string;
}

const loinc = 'http://loinc.org';

export const defaultDocumentTypes: Readonly<Record<BuiltInKind, DocumentType>> = {
  referral: { system: loinc, code: '57133-1', display: 'Referral note' },
  lab_results: { system: loinc, code: '11502-2', display: 'Laboratory report' },
  imaging_report: { system: loinc, code: '18748-4', display: 'Diagnostic imaging study' },
  prior_auth: { system: loinc, code: '51851-4', display: 'Administrative note' },
  prior_auth_answer: { system: loinc, code: '51851-4', display: 'Administrative note' },
  records_request: { system: loinc, code: '51851-4', display: 'Administrative note' },
  insurance_card: { system: loinc, code: '64290-0', display: 'Health insurance card' },
  refill_request: { system: loinc, code: '57833-6', display: 'Prescription for medication' },
  claim_eob: { system: loinc, code: '51851-4', display: 'Administrative note' },
  bill: { system: loinc, code: '51851-4', display: 'Administrative note' },
  cover_sheet: { system: loinc, code: '34109-9', display: 'Note' },
  other: { system: loinc, code: '34109-9', display: 'Note' },
};

/** The type for a kind: the office's choice, else the app's, else a plain note. */
export function documentTypeFor(kind: string, office: Readonly<Record<string, DocumentType>> = {}): DocumentType {
  return office[kind] ?? (defaultDocumentTypes as Record<string, DocumentType>)[kind] ?? defaultDocumentTypes.other;
}
