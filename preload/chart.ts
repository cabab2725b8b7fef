/**
 * Filing received faxes into the patient's chart (issue 55), as the window sees it: whom a fax was matched to and
 * why, what waits for a person ("To file") and for what reason, and where and when it was filed and by what (a rule
 * or a person). The patient's words here never leave the desk but to the EHR the office chose.
 */
import { z } from 'zod';
import type { Message } from './i18n/translator';

const httpsUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'chart.useAnHttpsAddress');

export const documentTypeSchema = z.object({ system: z.string().min(1).max(200), code: z.string().trim().min(1).max(64), display: z.string().trim().min(1).max(200) }).strict();

/**
 * Where the office's patients come from and where a fax is filed (Settings, or IT's policies). `source: 'none'` —
 * the default — leaves the app as it is without an EHR: nothing is matched, no "To file" view.
 */
export const chartSettingsSchema = z
  .object({
    source: z.enum(['none', 'fhir', 'list']),
    /** The EHR's FHIR R4 base URL (https). */
    fhirBase: httpsUrl.nullable(),
    /** A CA certificate (PEM file) to trust for the EHR besides the system's. */
    fhirCaPath: z.string().min(1).max(4096).nullable(),
    /** SMART on FHIR: the desk as the office's registered client (IT's backend services), or a person signing in. */
    signIn: z.enum(['backend', 'person']),
    clientId: z.string().trim().max(200),
    /** The identifier system of the office's record numbers in the EHR (null: the MR-typed identifier). */
    mrnSystem: z.string().trim().min(1).max(500).nullable(),
    target: z.enum(['fhir', 'mllp', 'folder']),
    mllp: z.object({ host: z.string().trim().min(1).max(255), port: z.number().int().min(1).max(65_535), tlsCaPath: z.string().min(1).max(4096).nullable(), receivingApplication: z.string().max(100), receivingFacility: z.string().max(100), sendingFacility: z.string().max(100) }).strict().nullable(),
    folder: z.string().min(1).max(4096).nullable(),
    /** The kinds filed without a person when the patient and the kind are sure. */
    autoFileKinds: z.array(z.string().min(1).max(40)).max(30),
    /** The office's document type per kind, where it differs from the app's LOINC code. */
    documentTypes: z.record(z.string().min(1).max(40), documentTypeSchema),
  })
  .strict();

export type ChartSettings = z.output<typeof chartSettingsSchema>;

export const defaultChartSettings: ChartSettings = {
  source: 'none',
  fhirBase: null,
  fhirCaPath: null,
  signIn: 'backend',
  clientId: '',
  mrnSystem: null,
  target: 'fhir',
  mllp: null,
  folder: null,
  autoFileKinds: ['lab_results', 'imaging_report'],
  documentTypes: {},
};

export type FilingState =
  /** Waits for a person (the reason says why). */
  | 'to_file'
  /** Decided (by a rule or a person), not yet in the chart: being filed, or waiting to be tried again. */
  | 'queued'
  | 'filed'
  /** A person took it back: the chart's document is marked "entered in error". */
  | 'withdrawn';

export type FilingReason =
  /** The patient was read unsurely: a person checks the reading against the candidate. */
  | 'patient-unsure'
  /** Two patients could fit (both shown). */
  | 'two-candidates'
  /** A twin, a parent or child of the same name, one name with two birth dates: never filed on its own. */
  | 'look-alike'
  /** Nobody on the list fits: a new referral, or the reading is far off. */
  | 'new-patient'
  /** The fax does not say whom it is about. */
  | 'no-patient-read'
  /** The patient is sure, the kind is not (or no rule files this kind on its own). */
  | 'kind-unsure'
  | 'not-automatic'
  /** The EHR refused the document (its own words are kept). */
  | 'ehr-refused'
  /** Intake found several documents or patients in the fax: a person splits it, or files it as one. */
  | 'several-parts';

/** How well one field agreed (the reasons a candidate is shown for). */
export interface FieldAgreement {
  field: 'name' | 'birthDate' | 'id';
  /** exact, nickname, spelling, former (an earlier surname), part (part of a two-part surname), misread (a letter or
   * digit off), swapped (day and month), differ, missing. */
  level: string;
  /** For an id: which of the fax's ids agreed with which of the record's. */
  pairing?: string | undefined;
}

export interface ChartPatient {
  id: string;
  name: string;
  birthDate: string | null;
  mrn: string | null;
}

export interface FilingCandidate {
  patient: ChartPatient;
  /** The evidence for this patient, in bits (shown as a bar, not a percentage). */
  weight: number;
  agreement: FieldAgreement[];
}

/** A fax's filing as the lists show it: "Filed · Gonzalez, Maria", "To file", "Filing…". */
export interface ChartSummary {
  state: FilingState;
  /** The patient decided on (queued, filed or taken back); null while it waits for a person. */
  patient: string | null;
}

export interface FilingView {
  faxId: string;
  state: FilingState;
  reason: FilingReason | null;
  candidates: FilingCandidate[];
  /** The patient decided on (queued or filed). */
  patient: ChartPatient | null;
  documentType: { code: string; display: string } | null;
  target: 'fhir' | 'mllp' | 'folder' | null;
  filedBy: 'rule' | 'person' | null;
  filedAt: number | null;
  /** Filed from another desk of the office (the hub said so): taken back only there. */
  elsewhere: boolean;
  /** Why the last try failed (the EHR's own words where it gave them). */
  problem: Message | null;
  nextTryAt: number | null;
}
