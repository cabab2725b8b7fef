/**
 * THE policy schema: what an office's IT may set for every desk (Group Policy or Intune on Windows, a macOS MDM
 * profile, a JSON file on Linux), beside the settings schema. Each policy is optional and checked on its own, so
 * one malformed value is ignored with its reason and the others still apply. The names are the registry value
 * names, the plist keys and the JSON keys alike.
 */
import { z } from 'zod';
import { languageChoices } from './i18n/locales';
import { baseUrlProblem, normaliseBaseUrl, type Settings } from './settings';
import type { ChartSettings } from './chart';

const path = z.string().trim().min(1).max(4096);

export const policyFields = {
  /** The Fax Service's address (locks Settings → Service address). */
  ServiceUrl: z
    .string()
    .max(2048)
    .transform(normaliseBaseUrl)
    .refine((value) => baseUrlProblem(value) === null, 'not an https address ending in /v1'),
  /** A CA certificate file (PEM) trusted for the Fax Service besides the system's. */
  ServiceCaFile: path,
  /** The app's language (locks it). */
  Language: z.enum(languageChoices),
  /** No update checks, downloads or offers. */
  UpdatesOff: z.boolean(),
  /** The organization's own update feed (https), instead of the one the app was built with. */
  UpdateFeedUrl: z.url({ protocol: /^https$/ }).max(2048),
  /** The app locks after at most this many idle minutes (staff may choose fewer). */
  AutoLockMaxMinutes: z.number().int().min(1).max(240),
  /** A PIN must be set to unlock the app; it cannot be removed. */
  PinRequired: z.boolean(),
  /** Webhooks cannot be added or removed on this desk. */
  DisableWebhooksAdmin: z.boolean(),
  /** Lists cannot be exported as CSV. */
  DisableCsvExport: z.boolean(),
  /** Faxes cannot be saved to disk as PDFs. */
  DisableSavePdf: z.boolean(),
  /** Inbound rules and hot folders may only use folders inside these. */
  RuleFolderRoots: z.array(path).min(1).max(50),
  /** The office hub this desk may join (host, and optionally port and database). */
  HubHost: z.string().trim().min(1).max(253),
  HubPort: z.number().int().min(1).max(65_535),
  HubDatabase: z.string().trim().min(1).max(63),
  /** Where the desk's patients come from for filing into charts: "none", "fhir" (the EHR) or "list" (locks it). */
  ChartSource: z.enum(['none', 'fhir', 'list']),
  /** The EHR's FHIR R4 base address (https). */
  ChartFhirUrl: z.url({ protocol: /^https$/ }).max(2048),
  /** A CA certificate file (PEM) trusted for the EHR besides the system's. */
  ChartFhirCaFile: path,
  /** How the desk signs in to the EHR: "backend" (the office's registered client) or "person". */
  ChartSignIn: z.enum(['backend', 'person']),
  /** The desk's client id at the EHR's SMART authorization server. */
  ChartClientId: z.string().trim().min(1).max(200),
  /** The identifier system of the office's record numbers in the EHR. */
  ChartMrnSystem: z.string().trim().min(1).max(500),
  /** How a fax is filed: "fhir", "mllp" (HL7 v2) or "folder". */
  ChartTarget: z.enum(['fhir', 'mllp', 'folder']),
  /** The kinds filed without a person when the patient and the kind are sure ([]: every filing by a person). */
  ChartAutoFileKinds: z.array(z.string().trim().min(1).max(40)).max(30),
} as const;

export type PolicyName = keyof typeof policyFields;
export type Policies = { [Name in PolicyName]?: z.output<(typeof policyFields)[Name]> };

export const policyNames = Object.keys(policyFields) as PolicyName[];

/** Which settings a policy sets for the user (shown "Set by your organization", not changeable). */
export function lockedSettings(policies: Policies): Array<keyof Settings> {
  return [
    ...(policies.ServiceUrl !== undefined ? (['baseUrl'] as const) : []),
    ...(policies.ServiceCaFile !== undefined ? (['extraCaPath'] as const) : []),
    ...(policies.Language !== undefined ? (['language'] as const) : []),
    ...(policies.UpdatesOff === true ? (['autoUpdate'] as const) : []),
  ];
}

/** The chart settings a policy sets (each locked on its own: IT may set the EHR and leave the kinds to the office). */
export function chartLocks(policies: Policies): Partial<ChartSettings> {
  return {
    ...(policies.ChartSource !== undefined ? { source: policies.ChartSource } : {}),
    ...(policies.ChartFhirUrl !== undefined ? { fhirBase: policies.ChartFhirUrl } : {}),
    ...(policies.ChartFhirCaFile !== undefined ? { fhirCaPath: policies.ChartFhirCaFile } : {}),
    ...(policies.ChartSignIn !== undefined ? { signIn: policies.ChartSignIn } : {}),
    ...(policies.ChartClientId !== undefined ? { clientId: policies.ChartClientId } : {}),
    ...(policies.ChartMrnSystem !== undefined ? { mrnSystem: policies.ChartMrnSystem } : {}),
    ...(policies.ChartTarget !== undefined ? { target: policies.ChartTarget } : {}),
    ...(policies.ChartAutoFileKinds !== undefined ? { autoFileKinds: policies.ChartAutoFileKinds } : {}),
  };
}

/** What the window needs to know of the policies in force. */
export interface PolicyView {
  /** Settings set by the organization. */
  locked: Array<keyof Settings>;
  /** Chart settings set by the organization. */
  chartLocked: Array<keyof ChartSettings>;
  autoLockMaxMinutes: number | null;
  pinRequired: boolean;
  webhooksAdmin: boolean;
  csvExport: boolean;
  savePdf: boolean;
  ruleFolderRoots: string[] | null;
}

export function policyView(policies: Policies): PolicyView {
  return {
    locked: lockedSettings(policies),
    chartLocked: Object.keys(chartLocks(policies)) as Array<keyof ChartSettings>,
    autoLockMaxMinutes: policies.AutoLockMaxMinutes ?? null,
    pinRequired: policies.PinRequired === true,
    webhooksAdmin: policies.DisableWebhooksAdmin !== true,
    csvExport: policies.DisableCsvExport !== true,
    savePdf: policies.DisableSavePdf !== true,
    ruleFolderRoots: policies.RuleFolderRoots ?? null,
  };
}
