/**
 * THE settings schema: the IPC contract validates `updateSettings` with it, and main's store (electron-store in
 * Electron, conf in plain Node) validates what it keeps with it, so a bad value is refused with a message and
 * the stored file is never left half-written. The Settings types are derived from it.
 */
import { isSupportedCountry } from 'libphonenumber-js/min';
import { z } from 'zod';

export function baseUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'The base URL is not a valid address. It looks like https://api.example.com/v1.';
  }
  if (url.protocol === 'http:') return 'The base URL must use https: faxes may carry health information, and plain http is refused.';
  if (url.protocol !== 'https:') return 'The base URL must start with https://.';
  if (url.username || url.password) return 'The base URL must not contain a user name or password; the API key is entered separately.';
  if (url.search || url.hash) return 'The base URL must not contain a query or fragment; never put a key in a URL.';
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments[segments.length - 1] !== 'v1') return 'The base URL must end with the API version, /v1 (for example https://api.example.com/v1).';
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
  pollIntervalSeconds: z.number().int().min(10, 'Poll at most every 10 seconds (the API allows 120 requests a minute).').max(3600),
  downloadFolder: z.string().min(1, 'Choose a download folder.').max(4096),
  notifications: z.object({ enabled: z.boolean(), showDetails: z.boolean() }),
  autoLockMinutes: z.number().int().min(1, 'Lock after at least 1 minute.').max(240, 'Lock after at most 4 hours.'),
  pdfCacheMaxMb: z.number().int().min(16).max(10_240),
  /** At the first connection, faxes received this many hours before it are marked unread (older ones read). */
  firstSyncUnreadHours: z.number().int().min(0, 'Use 0 hours or more.').max(720, 'At most 30 days (720 hours).'),
  /** The misdirected-fax guard's rules, each on by default. */
  guardNewNumbers: z.boolean(),
  guardNearMisses: z.boolean(),
  guardNameMismatch: z.boolean(),
  guardChangedNumbers: z.boolean(),
  /** Numbers typed without "+" are read as this country's (ISO 3166 code); null: every number needs its "+". */
  defaultCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Choose a country.')
    .refine((code): boolean => isSupportedCountry(code), 'Fax numbers of this country cannot be read.')
    .nullable(),
  /** Closing the window quits the app instead of keeping it running in the tray. */
  quitOnClose: z.boolean(),
  /** Starts with the computer's session, hidden in the tray. */
  startAtLogin: z.boolean(),
  /** Checks for, downloads and offers updates of the app. */
  autoUpdate: z.boolean(),
  /** The one-time "still running in the tray" notice has been shown. */
  trayNoticeShown: z.boolean(),
  /** Where a transmission report of every sent fax is saved when it finishes; null = not saved automatically. */
  reportFolder: z.string().min(1, 'Choose a folder for the reports.').max(4096).nullable(),
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
    quitOnClose: false,
    startAtLogin: false,
    autoUpdate: true,
    trayNoticeShown: false,
  };
}
