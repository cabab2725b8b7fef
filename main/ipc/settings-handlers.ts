/** Settings over IPC. The address and CA of the Fax Service belong to the connection: they change with a key. */
import type { Settings, SettingsPatch } from '../../preload/models';
import type { ConnectionService } from '../connection/connection-service';
import { AppError } from '../errors';
import type { EventBus } from '../runtime/event-bus';
import type { SettingsStore } from '../store/settings-store';

export function updateSettings(patch: SettingsPatch, deps: { settings: SettingsStore; connection: ConnectionService; events: EventBus }): Settings {
  const current = deps.settings.get();
  const movesService =
    (patch.baseUrl !== undefined && patch.baseUrl.replace(/\/+$/, '') !== current.baseUrl) ||
    (patch.extraCaPath !== undefined && patch.extraCaPath !== current.extraCaPath);
  if (movesService && deps.connection.state().status !== 'signed_out') {
    throw new AppError(
      'invalid_input',
      'The Fax Service address and CA certificate change together with the API key: enter the key again with the new address (the key is never sent to a new address on its own).',
    );
  }
  const next = deps.settings.update(patch);
  deps.events.emit('settingsChanged', next);
  return next;
}
