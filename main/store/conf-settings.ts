/** Settings on disk in plain Node (harness, tests): conf, the engine under electron-store, same file format. */
import os from 'node:os';
import path from 'node:path';
import Conf from 'conf';
import { countryOfLocale } from '../../preload/fax-number';
import { createSettingsStore, type SettingsStore } from './settings-store';

export function openConfSettings(
  directory: string,
  downloadFolder = path.join(os.homedir(), 'Downloads'),
  defaultCountry: string | null = countryOfLocale(Intl.DateTimeFormat().resolvedOptions().locale),
): SettingsStore {
  const conf = new Conf<Record<string, unknown>>({ cwd: directory, configName: 'settings', projectName: 'fax-desktop' });
  return createSettingsStore(conf, { downloadFolder, defaultCountry });
}
