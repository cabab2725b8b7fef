/**
 * The IPC contract's channels for filing faxes into the chart (issue 55), spread into the one contract
 * (contract.ts): what waits in "To file", a fax's filing, a person's decision, taking a filing back, and the EHR's
 * connection as Settings show it.
 */
import { z } from 'zod';
import { documentTypeSchema, type FilingCandidate, type FilingView } from './chart';
import { event, invoke } from './contract-kit';
import { faxIdSchema, type FaxId } from './fax-id';
import { dateOrderSchema, listColumnsSchema, type PatientListPreview, type PatientListStatus } from './patient-list';

/** A row of "To file": the filing and the fax it is about. */
export interface ToFileRow {
  filing: FilingView;
  fax: { id: FaxId; reference: string | null; from: string | null; receivedAt: string; pages: number | null; kind: string | null; kindSure: boolean };
}

export interface EhrStatus {
  /** The desk's public key for IT to register with the EHR (backend services), as a JWKS; null for a person's sign-in. */
  publicJwks: string | null;
  /** The scopes the EHR granted the last token: what the app may do there. */
  grantedScopes: string[];
  /** The scopes the app asks for. */
  askedScopes: string[];
  /** A person is signed in (their sign-in kept in the keychain). */
  signedIn: boolean;
}

const patientId = z.string().min(1).max(64);
const noRequest = z.undefined();

export const chartInvokes = {
  /** What waits for a person to file, oldest first. */
  listToFile: invoke<ToFileRow[]>()(noRequest),
  getFiling: invoke<FilingView | null>()(z.object({ id: faxIdSchema }).strict()),
  /** A person files the fax to one of the patients shown for it (a candidate, or one they looked up). */
  fileFax: invoke<FilingView>()(z.object({ id: faxIdSchema, patientId, documentType: documentTypeSchema.optional() }).strict()),
  /** A person looks up another patient for this fax; the ones found are shown (and may be filed to). */
  findChartPatients: invoke<FilingCandidate[]>()(z.object({ id: faxIdSchema, name: z.string().trim().max(200), birthDate: z.string().trim().max(20) }).strict()),
  /** Takes a filing back: the chart's document is marked "entered in error" (asked for first). */
  withdrawFiling: invoke<FilingView>()(z.object({ id: faxIdSchema, confirmed: z.literal(true) }).strict()),
  retryFiling: invoke<FilingView | null>()(z.object({ id: faxIdSchema }).strict()),
  /** The EHR connection as Settings show it; `test` asks the EHR for a token first. */
  getEhrStatus: invoke<EhrStatus>()(z.object({ test: z.boolean() }).strict()),
  /** A person signs in to the EHR in the system browser (SMART: authorization code with PKCE). */
  signInEhr: invoke<EhrStatus>()(noRequest),
  signOutEhr: invoke<EhrStatus>()(noRequest),
  /**
   * The patient list (source "list"): a person chooses the export in the system's dialog (main reads only a file
   * chosen there, or the one already set), sees its first rows with the columns guessed, and imports it.
   */
  choosePatientList: invoke<PatientListPreview | null>()(noRequest),
  previewPatientList: invoke<PatientListPreview>()(noRequest),
  importPatientList: invoke<PatientListStatus>()(z.object({ columns: listColumnsSchema, dateOrder: dateOrderSchema }).strict()),
  getPatientListStatus: invoke<PatientListStatus>()(noRequest),
} as const;

export const chartEvents = {
  /** Filings changed (matched, filed, refused, taken back): how many wait for a person now. */
  chartChanged: event<{ faxIds: FaxId[]; toFile: number }>(),
} as const;

