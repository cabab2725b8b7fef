/**
 * The window's side of the app's commands (preload/commands.ts): the window commands run here, whether they came
 * from a shortcut on the page or from the menu or tray through main; main commands go to main's runner. Both
 * check `commandEnabled` with the same context, so a shortcut never does what a greyed-out menu item would not.
 */
import { allowedViews, commandEnabled, commands, idleCommandContext, matchesAccelerator, type CommandContext, type CommandId } from '../../../preload/commands';
import { connectionStore } from './connection';
import { faxApi } from './ipc';
import { filtersStore, toQuery } from './list-filters';
import { lockStore } from './lock';
import { navigate, routeStore, type Screen } from './navigation';
import { createStore } from './store';
import { toastError } from './toasts';
import { updateStore } from './updates';

/** The keyboard-shortcuts dialog is open. */
export const shortcutsDialogStore = createStore<boolean>(false);

const showScreens: Partial<Record<CommandId, Screen>> = {
  newFax: 'compose',
  showInbox: 'inbox',
  showOutbox: 'outbox',
  showContacts: 'contacts',
  showNumbers: 'numbers',
  showAccount: 'account',
  showWebhooks: 'webhooks',
  showSettings: 'settings',
  about: 'about',
};

/** The context as the window sees it (main adds nothing the window does not also know). */
export function windowCommandContext(): CommandContext {
  const connection = connectionStore.get();
  const route = routeStore.get();
  const lock = lockStore.get();
  return {
    ...idleCommandContext,
    locked: lock?.locked ?? true,
    lockable: lock !== null && lock.unlockWith !== 'none',
    connected: connection?.status === 'connected',
    views: allowedViews(connection),
    screen: route.screen,
    faxOpen: route.faxId !== null,
    updateReady: updateStore.get().status === 'ready',
  };
}

function runInWindow(id: CommandId): void {
  const route = routeStore.get();
  if (id === 'newFax') {
    // A draft from earlier comes with the question, never silently (data/drafts.ts).
    void import('./drafts').then(({ openNewFax }) => openNewFax());
    return;
  }
  const screen = showScreens[id];
  if (screen) {
    navigate(screen);
    return;
  }
  const listDirection = route.screen === 'inbox' ? 'inbound' : 'outbound';
  const faxId = route.faxId;
  // The fax actions load with pdf.js: only when one is used.
  const faxes = () => import('./faxes');
  switch (id) {
    case 'savePdf':
      if (faxId !== null) void faxes().then(({ saveFaxPdf }) => saveFaxPdf(faxId));
      return;
    case 'print':
      if (faxId !== null) void faxes().then(({ printFax }) => printFax(faxId));
      return;
    case 'exportCsv':
      void faxes().then(({ exportList }) => exportList(toQuery(listDirection, filtersStore(listDirection).get())));
      return;
    case 'keyboardShortcuts':
      shortcutsDialogStore.set(true);
      return;
    default:
      return;
  }
}

/** Runs a command as the window asked for it (a shortcut, a button): refused when not enabled now. */
export async function runCommand(id: CommandId): Promise<boolean> {
  if (!commandEnabled(id, windowCommandContext())) return false;
  if (commands[id].runsIn === 'window') {
    runInWindow(id);
    return true;
  }
  const result = await faxApi().runCommand({ command: id });
  if (!result.ok) {
    toastError(result.error);
    return false;
  }
  return result.value.outcome === 'ran';
}

/** The command whose accelerator this key press is, if any. */
export function commandForKey(press: KeyboardEvent, platform: string): CommandId | null {
  for (const [id, spec] of Object.entries(commands) as Array<[CommandId, { accelerator?: string }]>) {
    if (spec.accelerator && matchesAccelerator(spec.accelerator, press, platform)) return id;
  }
  return null;
}

/** Listens for commands from the menu and tray (via main), and tells main what the window shows. */
export function startCommands(): void {
  const fax = faxApi();
  fax.on('commandRequested', ({ command }) => {
    // Main checked the context already; the window checks again with what it knows now.
    if (commandEnabled(command, windowCommandContext())) runInWindow(command);
  });
  let reported = '';
  const report = (): void => {
    const route = routeStore.get();
    const next = `${route.screen}:${String(route.faxId !== null)}`;
    if (next === reported) return;
    reported = next;
    void fax.reportWindow({ screen: route.screen, faxOpen: route.faxId !== null });
  };
  routeStore.subscribe(report);
  report();
}
