/** The app's settings as main holds them; every change is validated and saved by main. */
import type { Settings, SettingsPatch } from '../../../preload/models';
import { faxApi, type IpcError } from './ipc';
import { createStore } from './store';

export const settingsStore = createStore<Settings | null>(null);

export async function loadSettings(): Promise<void> {
  const result = await faxApi().getSettings();
  if (result.ok) settingsStore.set(result.value);
}

/** Saves a change; returns main's reason when it was refused (nothing is changed then). */
export async function saveSettings(patch: SettingsPatch): Promise<IpcError | null> {
  const result = await faxApi().updateSettings(patch);
  if (!result.ok) return result.error;
  settingsStore.set(result.value);
  return null;
}
