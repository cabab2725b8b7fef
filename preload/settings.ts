/**
 * THE settings schema: the IPC contract validates `updateSettings` with it, and main's store (electron-store in
 * Electron, conf in plain Node) validates what it keeps with it, so a bad value is refused with a message and
 * the stored file is never left half-written. The Settings types are derived from it.
 */
import { isSupportedCountry } from 'libphonenumber-js/min';
import { z } from 'zod';
import { languageChoices } from './i18n/locales';
import type { MessageId } from './i18n/translator';
import { chartSettingsSchema, defaultChartSettings } from './chart';
import { defaultPatientListSettings, patientListSettingsSchema } from './patient-list';

/** Why an address cannot be the Fax Service's base URL, as a catalogue message; null when it can. */
export function baseUrlProblem(value: string): MessageId | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'settings.theBaseUrlIs';
  }
  if (url.protocol === 'http:') return 'settings.theBaseUrlMust';
  if (url.protocol !== 'https:') return 'settings.theBaseUrlMust2';
  if (url.username || url.password) return 'settings.theBaseUrlMust3';
  if (url.search || url.hash) return 'settings.theBaseUrlMust4';
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments[segments.length - 1] !== 'v1') return 'settings.theBaseUrlMust5';
  return null;
}

/** The canonical form: no trailing slash. */
export function normaliseBaseUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

const baseUrlSchema = z
  .string()
  .max(2048)
  .transform(normaliseBaseUrl)
  .superRefine((value, context) => {
    if (value === '') return; // not configured yet: onboarding asks for it
    const problem = baseUrlProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const settingsSchema = z.object({
  baseUrl: baseUrlSchema,
  /** An extra CA certificate (PEM file) to trust besides the system's, e.g. a private gateway or the sandbox. */
  extraCaPath: z.string().min(1).max(4096).nullable(),
  pollIntervalSeconds: z.number().int().min(10, 'settings.pollAtMostEvery').max(3600),
  downloadFolder: z.string().min(1, 'settings.chooseADownloadFolder').max(4096),
  notifications: z.object({ enabled: z.boolean(), showDetails: z.boolean() }),
  autoLockMinutes: z.number().int().min(1, 'settings.lockAfterAtLeast').max(240, 'settings.lockAfterAtMost'),
  pdfCacheMaxMb: z.number().int().min(16).max(10_240),
  /** At the first connection, faxes received this many hours before it are marked unread (older ones read). */
  firstSyncUnreadHours: z.number().int().min(0, 'settings.use0HoursOr').max(720, 'settings.atMost30Days'),
  /** The misdirected-fax guard's rules, each on by default. */
  guardNewNumbers: z.boolean(),
  guardNearMisses: z.boolean(),
  guardNameMismatch: z.boolean(),
  guardChangedNumbers: z.boolean(),
  /** Numbers typed without "+" are read as this country's (ISO 3166 code); null: every number needs its "+". */
  defaultCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, 'settings.chooseACountry')
    .refine((code): boolean => isSupportedCountry(code), 'settings.faxNumbersOfThis')
    .nullable(),
  /** The app's language; "system" follows the computer's preferred languages. */
  language: z.enum(languageChoices),
  /** Closing the window quits the app instead of keeping it running in the tray. */
  quitOnClose: z.boolean(),
  /** Starts with the computer's session, hidden in the tray. */
  startAtLogin: z.boolean(),
  /** Checks for, downloads and offers updates of the app. */
  autoUpdate: z.boolean(),
  /** The one-time "still running in the tray" notice has been shown. */
  trayNoticeShown: z.boolean(),
  /** Where a transmission report of every sent fax is saved when it finishes; null = not saved automatically. */
  reportFolder: z.string().min(1, 'settings.chooseAFolderFor').max(4096).nullable(),
  /** Received faxes are read (OCR) on this computer in the background, so they can be found by what they say. */
  recognizeText: z.boolean(),
  /** Sent faxes are read too. */
  recognizeSentFaxes: z.boolean(),
  /** Filing received faxes into the patient's chart (off until an EHR or a patient list is set). */
  chart: chartSettingsSchema,
  /** The patient-list export the chart matches against (source "list"): the file, its columns, its dates. */
  patientList: patientListSettingsSchema,
});

export type Settings = z.output<typeof settingsSchema>;

export const settingsPatchSchema = settingsSchema
  .omit({ notifications: true })
  .partial()
  .extend({ notifications: settingsSchema.shape.notifications.partial().strict().optional() })
  .strict();

export type SettingsPatch = z.input<typeof settingsPatchSchema>;

/** The defaults; the default country is guessed from the computer's locale by whoever opens the settings. */
export function defaultSettings(downloadFolder: string, defaultCountry: string | null = null): Settings {
  return {
    baseUrl: '',
    extraCaPath: null,
    pollIntervalSeconds: 30,
    downloadFolder,
    notifications: { enabled: true, showDetails: false },
    autoLockMinutes: 15,
    pdfCacheMaxMb: 512,
    firstSyncUnreadHours: 24,
    guardNewNumbers: true,
    guardNearMisses: true,
    guardNameMismatch: true,
    guardChangedNumbers: true,
    reportFolder: null,
    defaultCountry,
    language: 'system',
    quitOnClose: false,
    startAtLogin: false,
    autoUpdate: true,
    trayNoticeShown: false,
    recognizeText: true,
    recognizeSentFaxes: false,
    chart: defaultChartSettings,
    patientList: defaultPatientListSettings,
  };
}
