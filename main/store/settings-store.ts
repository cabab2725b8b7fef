/**
 * Settings behind an interface, so core code never imports electron-store. Any object with a `store`
 * accessor (electron-store in the shell, conf in plain Node and tests) backs it; both write the same JSON file.
 */
import type { Settings, SettingsPatch } from '../../preload/models';
import type { z } from 'zod';
import { defaultSettings, settingsPatchSchema, settingsSchema } from '../../preload/settings';
import { AppError } from '../errors';
import { messageOrVerbatim, msg } from '../../preload/i18n/translator';

export interface SettingsStore {
  get(): Settings;
  /** Validates and saves a partial update; an invalid value throws an AppError and changes nothing. */
  update(patch: SettingsPatch): Settings;
}

export interface KeyValueBacking {
  store: Record<string, unknown>;
}

function settingsError(error: z.ZodError): AppError {
  const issue = error.issues[0]?.message;
  return new AppError('invalid_input', issue ? messageOrVerbatim(issue) : msg('settings.notValid'));
}

/**
 * `defaultCountry` may be a function: it is asked (once) only when no valid country is stored — working it out from
 * the locale can cost more than the rest of opening the settings.
 */
export function createSettingsStore(backing: KeyValueBacking, defaults: { downloadFolder: string; defaultCountry?: string | null | (() => string | null) }): SettingsStore {
  const fallback = defaultSettings(defaults.downloadFolder, null);
  const country = defaults.defaultCountry;
  let asked: { country: string | null } | null = null;
  const fallbackCountry = (): string | null => {
    if (typeof country !== 'function') return country ?? null;
    asked ??= { country: country() };
    return asked.country;
  };
  const read = (): Settings => {
    const stored = backing.store;
    // Field by field: one corrupt value falls back to its default without discarding the others. Each field by its
    // own schema (the settings have no rule across fields): a whole-object parse per field made every read ~20 parses.
    const merged: Record<string, unknown> = { ...fallback };
    for (const key of Object.keys(fallback) as Array<keyof Settings>) {
      if (stored[key] !== undefined && settingsSchema.shape[key].safeParse(stored[key]).success) merged[key] = stored[key];
      else if (key === 'defaultCountry') merged[key] = fallbackCountry();
    }
    return settingsSchema.parse(merged);
  };
  return {
    get: read,
    update(patch) {
      const parsedPatch = settingsPatchSchema.safeParse(patch);
      if (!parsedPatch.success) throw settingsError(parsedPatch.error);
      const current = read();
      const { notifications, ...rest } = parsedPatch.data;
      const next = { ...current, ...rest, notifications: { ...current.notifications, ...notifications } };
      const parsed = settingsSchema.safeParse(next);
      if (!parsed.success) throw settingsError(parsed.error);
      backing.store = { ...parsed.data };
      return parsed.data;
    },
  };
}
