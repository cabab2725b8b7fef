/**
 * The app's commands, declared once: the application menu, the tray menu and the in-page shortcuts all run these,
 * by id, through one dispatcher. Each says where it runs (main, or the window's data layer), its accelerator, and
 * what it needs; `commandEnabled` is the one answer to "may it run now?", used to grey out menu items and to refuse
 * a shortcut.
 */
import type { ConnectionState, ViewName } from './models';
import type { MessageId } from './i18n/translator';

export type CommandId =
  | 'newFax'
  | 'openFile'
  | 'savePdf'
  | 'print'
  | 'exportCsv'
  | 'syncNow'
  | 'lock'
  | 'showInbox'
  | 'showOutbox'
  | 'showContacts'
  | 'showNumbers'
  | 'showAccount'
  | 'showWebhooks'
  | 'showSettings'
  | 'keyboardShortcuts'
  | 'showLogFolder'
  | 'copyDiagnostics'
  | 'about'
  | 'showWindow'
  | 'restartToUpdate'
  | 'quit';

/** What a command needs besides its place: a fax open in a list, a list on screen, a live connection, a lock. */
type Requirement = 'faxOpen' | 'faxList' | 'connected' | 'lockable' | 'updateReady';

export interface CommandSpec {
  /** The catalogue message that names it in menus. */
  label: MessageId;
  /** Electron's accelerator syntax; the window matches the same keys (see `matchesAccelerator`). */
  accelerator?: string;
  /** `main`: runs in the main process; `window`: the window's data layer runs it (main brings the window up first). */
  runsIn: 'main' | 'window';
  /** The key's scope the command needs (the capability view, as the sidebar uses). */
  view?: ViewName;
  requires?: Requirement;
  /** Runs while the app is locked (everything else waits for the unlock). */
  whileLocked?: boolean;
}

export const commands = {
  newFax: { label: 'commands.newFax', accelerator: 'CmdOrCtrl+N', runsIn: 'window', view: 'compose' },
  openFile: { label: 'commands.openFile', accelerator: 'CmdOrCtrl+O', runsIn: 'main', view: 'compose' },
  savePdf: { label: 'commands.savePdf', accelerator: 'CmdOrCtrl+S', runsIn: 'window', requires: 'faxOpen' },
  print: { label: 'commands.print', accelerator: 'CmdOrCtrl+P', runsIn: 'window', requires: 'faxOpen' },
  exportCsv: { label: 'commands.exportCsv', accelerator: 'CmdOrCtrl+Shift+E', runsIn: 'window', requires: 'faxList' },
  syncNow: { label: 'commands.syncNow', accelerator: 'F5', runsIn: 'main', requires: 'connected' },
  lock: { label: 'commands.lock', accelerator: 'CmdOrCtrl+L', runsIn: 'main', requires: 'lockable' },
  showInbox: { label: 'commands.showInbox', accelerator: 'CmdOrCtrl+1', runsIn: 'window', view: 'inbox' },
  showOutbox: { label: 'commands.showOutbox', accelerator: 'CmdOrCtrl+2', runsIn: 'window', view: 'outbox' },
  showContacts: { label: 'commands.showContacts', accelerator: 'CmdOrCtrl+3', runsIn: 'window', view: 'contacts' },
  showNumbers: { label: 'commands.showNumbers', accelerator: 'CmdOrCtrl+4', runsIn: 'window', view: 'numbers' },
  showAccount: { label: 'commands.showAccount', accelerator: 'CmdOrCtrl+5', runsIn: 'window', view: 'account' },
  showWebhooks: { label: 'commands.showWebhooks', accelerator: 'CmdOrCtrl+6', runsIn: 'window', view: 'webhooks' },
  showSettings: { label: 'commands.showSettings', accelerator: 'CmdOrCtrl+,', runsIn: 'window' },
  keyboardShortcuts: { label: 'commands.keyboardShortcuts', accelerator: 'CmdOrCtrl+/', runsIn: 'window', whileLocked: true },
  showLogFolder: { label: 'commands.showLogFolder', runsIn: 'main', whileLocked: true },
  copyDiagnostics: { label: 'commands.copyDiagnostics', runsIn: 'main', whileLocked: true },
  about: { label: 'commands.about', runsIn: 'window', whileLocked: true },
  showWindow: { label: 'commands.showWindow', runsIn: 'main', whileLocked: true },
  restartToUpdate: { label: 'commands.restartToUpdate', runsIn: 'main', requires: 'updateReady', whileLocked: true },
  quit: { label: 'commands.quit', accelerator: 'CmdOrCtrl+Q', runsIn: 'main', whileLocked: true },
} as const satisfies Record<CommandId, CommandSpec>;

export const commandIds = Object.keys(commands) as CommandId[];

export function isCommandId(value: unknown): value is CommandId {
  return typeof value === 'string' && Object.hasOwn(commands, value);
}

/** What the enabled state of every command depends on; main and the window each know a part of it. */
export interface CommandContext {
  locked: boolean;
  /** The lock can be turned on (a PIN or a stored key can open it again). */
  lockable: boolean;
  connected: boolean;
  /** The capability views the key's scopes allow. */
  views: readonly ViewName[];
  /** The screen on show, and whether a fax is open in its detail pane (reported by the window). */
  screen: string | null;
  faxOpen: boolean;
  updateReady: boolean;
}

/** The capability views the connection's key allows (none before a key is known). */
export function allowedViews(connection: ConnectionState | null): ViewName[] {
  const capabilities = connection?.status === 'connected' || connection?.status === 'offline' ? connection.capabilities : null;
  return capabilities ? (Object.keys(capabilities.views) as ViewName[]).filter((view) => capabilities.views[view]) : [];
}

export const idleCommandContext: CommandContext = {
  locked: false,
  lockable: false,
  connected: false,
  views: [],
  screen: null,
  faxOpen: false,
  updateReady: false,
};

export function commandEnabled(id: CommandId, context: CommandContext): boolean {
  const spec: CommandSpec = commands[id];
  if (context.locked && !spec.whileLocked) return false;
  if (spec.view && !context.views.includes(spec.view)) return false;
  switch (spec.requires) {
    case 'faxOpen':
      return context.faxOpen && (context.screen === 'inbox' || context.screen === 'outbox');
    case 'faxList':
      return context.screen === 'inbox' || context.screen === 'outbox';
    case 'connected':
      return context.connected;
    case 'lockable':
      return context.lockable;
    case 'updateReady':
      return context.updateReady;
    default:
      return true;
  }
}

/** Whether a key press is a command's accelerator ("CmdOrCtrl" is Ctrl, or ⌘ on macOS). */
export function matchesAccelerator(
  accelerator: string,
  press: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean },
  platform: string,
): boolean {
  const parts = accelerator.split('+');
  const key = parts.pop() ?? '';
  const wants = new Set(parts);
  const commandKey = platform === 'darwin' ? press.metaKey : press.ctrlKey;
  const otherKey = platform === 'darwin' ? press.ctrlKey : press.metaKey;
  if (wants.has('CmdOrCtrl') !== commandKey || otherKey) return false;
  if (wants.has('Shift') !== press.shiftKey || wants.has('Alt') !== press.altKey) return false;
  return press.key.toLowerCase() === key.toLowerCase();
}
