/** Settings in the Electron app: electron-store (same file format and schema as conf in plain Node). */
import { app } from 'electron';
import ElectronStore from 'electron-store';
import { isSupportedCountry } from 'libphonenumber-js/min';
import { countryOfLocale } from '../../preload/fax-number';
import { createSettingsStore, type SettingsStore } from '../store/settings-store';

export function openElectronSettings(): SettingsStore {
  const store = new ElectronStore<Record<string, unknown>>({ name: 'settings' });
  // The region the OS is set to (not the language): a UK English user in Germany dials German numbers.
  const region = app.getLocaleCountryCode();
  const defaultCountry = region && isSupportedCountry(region) ? region : countryOfLocale(app.getLocale());
  return createSettingsStore(store, { downloadFolder: app.getPath('downloads'), defaultCountry });
}
