/**
 * The one dispatcher of the app's commands (preload/commands.ts): the application menu, the tray menu and the
 * window's shortcuts all end here. A command that is not enabled in the current context is refused; a window
 * command brings the window up and is handed to the window's data layer; a main command runs here.
 */
import { commandEnabled, commands, type CommandContext, type CommandId } from '../../preload/commands';
import type { Logger } from '../log/logger';
import type { EventBus } from '../runtime/event-bus';

/** What runs each main command; the app assembles it from its services and the desktop around it. */
export type MainCommandActions = Record<Exclude<CommandId, WindowCommandId>, () => Promise<void> | void>;

export type WindowCommandId = {
  [K in CommandId]: (typeof commands)[K]['runsIn'] extends 'window' ? K : never;
}[CommandId];

export interface CommandRunnerDeps {
  context(): CommandContext;
  actions: MainCommandActions;
  /** Brings the main window to the front (showing it again when it was closed to the tray). */
  showWindow(): void;
  events: Pick<EventBus, 'emit'>;
  log: Logger;
}

export type CommandOutcome = 'ran' | 'disabled';

export interface CommandRunner {
  run(id: CommandId): Promise<CommandOutcome>;
}

function isWindowCommand(id: CommandId): id is WindowCommandId {
  return commands[id].runsIn === 'window';
}

export function createCommandRunner(deps: CommandRunnerDeps): CommandRunner {
  return {
    async run(id) {
      if (!commandEnabled(id, deps.context())) {
        deps.log.info('command.refused', { command: id });
        return 'disabled';
      }
      if (isWindowCommand(id)) {
        deps.showWindow();
        deps.events.emit('commandRequested', { command: id });
        return 'ran';
      }
      await deps.actions[id]();
      return 'ran';
    },
  };
}
