/** Settings over IPC. The address and CA of the Fax Service belong to the connection: they change with a key. */
import type { Settings, SettingsPatch } from '../../preload/models';
import type { ConnectionService } from '../connection/connection-service';
import { AppError } from '../errors';
import type { EventBus } from '../runtime/event-bus';
import type { SettingsStore } from '../store/settings-store';
import { msg } from '../../preload/i18n/translator';

export function updateSettings(patch: SettingsPatch, deps: { settings: SettingsStore; connection: ConnectionService; events: EventBus }): Settings {
  const current = deps.settings.get();
  const movesService =
    (patch.baseUrl !== undefined && patch.baseUrl.replace(/\/+$/, '') !== current.baseUrl) ||
    (patch.extraCaPath !== undefined && patch.extraCaPath !== current.extraCaPath);
  if (movesService && deps.connection.state().status !== 'signed_out') {
    throw new AppError(
      'invalid_input',
      msg('settingsHandlers.theFaxServiceAddress'),
    );
  }
  // The patient list's file is set only by importing one a person chose in the system's dialog (chart handlers):
  // the window never names a file for main to read back to it.
  if (patch.patientList !== undefined) throw new AppError('invalid_input', msg('patientList.chooseInSettings'));
  const next = deps.settings.update(patch);
  deps.events.emit('settingsChanged', next);
  return next;
}
