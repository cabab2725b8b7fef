/** Settings on disk in plain Node (harness, tests): conf, the engine under electron-store, same file format. */
import os from 'node:os';
import path from 'node:path';
import Conf from 'conf';
import { countryOfLocale } from '../../preload/fax-number';
import { createSettingsStore, type SettingsStore } from './settings-store';

/** The country of the process's locale: asked only when no country is stored (it starts ICU, ~20 ms of a start). */
function localeCountry(): string | null {
  return countryOfLocale(Intl.DateTimeFormat().resolvedOptions().locale);
}

export function openConfSettings(directory: string, downloadFolder = path.join(os.homedir(), 'Downloads'), defaultCountry: string | null | (() => string | null) = localeCountry): SettingsStore {
  const conf = new Conf<Record<string, unknown>>({ cwd: directory, configName: 'settings', projectName: 'fax-desktop' });
  return createSettingsStore(conf, { downloadFolder, defaultCountry });
}
