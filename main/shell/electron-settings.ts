/** Settings in the Electron app: electron-store (same file format and schema as conf in plain Node). */
import { app } from 'electron';
import ElectronStore from 'electron-store';
import { createSettingsStore, type SettingsStore } from '../store/settings-store';

export function openElectronSettings(): SettingsStore {
  const store = new ElectronStore<Record<string, unknown>>({ name: 'settings' });
  return createSettingsStore(store, { downloadFolder: app.getPath('downloads') });
}
