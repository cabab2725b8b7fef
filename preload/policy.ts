/**
 * THE policy schema: what an office's IT may set for every desk (Group Policy or Intune on Windows, a macOS MDM
 * profile, a JSON file on Linux), beside the settings schema. Each policy is optional and checked on its own, so
 * one malformed value is ignored with its reason and the others still apply. The names are the registry value
 * names, the plist keys and the JSON keys alike.
 */
import { z } from 'zod';
import { languageChoices } from './i18n/locales';
import { baseUrlProblem, normaliseBaseUrl, type Settings } from './settings';

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

/** What the window needs to know of the policies in force. */
export interface PolicyView {
  /** Settings set by the organization. */
  locked: Array<keyof Settings>;
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
    autoLockMaxMinutes: policies.AutoLockMaxMinutes ?? null,
    pinRequired: policies.PinRequired === true,
    webhooksAdmin: policies.DisableWebhooksAdmin !== true,
    csvExport: policies.DisableCsvExport !== true,
    savePdf: policies.DisableSavePdf !== true,
    ruleFolderRoots: policies.RuleFolderRoots ?? null,
  };
}
