// The command table, its enabled rules and accelerators, and the one runner menus, tray and shortcuts share.
import { describe, expect, it, vi } from 'vitest';
import { commandEnabled, commandIds, commands, idleCommandContext, matchesAccelerator, type CommandContext } from '../../../preload/commands';
import { createCommandRunner, type MainCommandActions } from '../../../main/commands/command-runner';
import { silentLogger } from '../../../main/log/logger';

const allViews = ['compose', 'inbox', 'outbox', 'contacts', 'numbers', 'account', 'webhooks'] as const;
const ready: CommandContext = { ...idleCommandContext, connected: true, lockable: true, views: allViews, screen: 'inbox', faxOpen: false };
const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('commands', () => {
  it('each accelerator belongs to one command only', () => {
    const accelerators = commandIds.map((id) => (commands[id] as { accelerator?: string }).accelerator).filter(Boolean);
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });

  it('save and print need a fax open in a list; export needs a list; sync a connection; lock a PIN or key', () => {
    expect(commandEnabled('savePdf', ready)).toBe(false);
    expect(commandEnabled('savePdf', { ...ready, faxOpen: true })).toBe(true);
    expect(commandEnabled('print', { ...ready, faxOpen: true, screen: 'contacts' })).toBe(false);
    expect(commandEnabled('exportCsv', { ...ready, screen: 'outbox' })).toBe(true);
    expect(commandEnabled('exportCsv', { ...ready, screen: 'settings' })).toBe(false);
    expect(commandEnabled('syncNow', { ...ready, connected: false })).toBe(false);
    expect(commandEnabled('lock', { ...ready, lockable: false })).toBe(false);
    expect(commandEnabled('restartToUpdate', ready)).toBe(false);
    expect(commandEnabled('restartToUpdate', { ...ready, updateReady: true })).toBe(true);
  });

  it("a command the key's scopes do not allow is disabled", () => {
    const noSend: CommandContext = { ...ready, views: allViews.filter((view) => view !== 'compose' && view !== 'webhooks') };
    expect(commandEnabled('newFax', noSend)).toBe(false);
    expect(commandEnabled('openFile', noSend)).toBe(false);
    expect(commandEnabled('showWebhooks', noSend)).toBe(false);
    expect(commandEnabled('showInbox', noSend)).toBe(true);
  });

  it('while locked only what shows no data runs', () => {
    const locked = { ...ready, locked: true, updateReady: true };
    expect(commandIds.filter((id) => commandEnabled(id, locked)).sort()).toEqual(
      ['about', 'copyDiagnostics', 'keyboardShortcuts', 'quit', 'restartToUpdate', 'showLogFolder', 'showWindow'].sort(),
    );
  });

  it('accelerators match Ctrl on Windows/Linux and ⌘ on macOS, with the exact modifiers', () => {
    expect(matchesAccelerator('CmdOrCtrl+N', press('n', { ctrlKey: true }), 'linux')).toBe(true);
    expect(matchesAccelerator('CmdOrCtrl+N', press('n', { metaKey: true }), 'linux')).toBe(false);
    expect(matchesAccelerator('CmdOrCtrl+N', press('n', { metaKey: true }), 'darwin')).toBe(true);
    expect(matchesAccelerator('CmdOrCtrl+N', press('n', { ctrlKey: true, shiftKey: true }), 'linux')).toBe(false);
    expect(matchesAccelerator('CmdOrCtrl+Shift+E', press('E', { ctrlKey: true, shiftKey: true }), 'win32')).toBe(true);
    expect(matchesAccelerator('F5', press('F5'), 'linux')).toBe(true);
    expect(matchesAccelerator('CmdOrCtrl+2', press('2'), 'linux')).toBe(false);
  });
});

describe('command runner', () => {
  function runner(context: CommandContext) {
    const actions = Object.fromEntries(
      commandIds.filter((id) => commands[id].runsIn === 'main').map((id) => [id, vi.fn()]),
    ) as unknown as MainCommandActions & Record<string, ReturnType<typeof vi.fn>>;
    const showWindow = vi.fn();
    const emit = vi.fn();
    return { run: createCommandRunner({ context: () => context, actions, showWindow, events: { emit }, log: silentLogger }), actions, showWindow, emit };
  }

  it('runs a main command in main', async () => {
    const { run, actions, emit } = runner(ready);
    expect(await run.run('syncNow')).toBe('ran');
    expect(actions.syncNow).toHaveBeenCalledOnce();
    expect(emit).not.toHaveBeenCalled();
  });

  it('brings the window up and hands it a window command', async () => {
    const { run, showWindow, emit } = runner(ready);
    expect(await run.run('showOutbox')).toBe('ran');
    expect(showWindow).toHaveBeenCalledOnce();
    expect(emit).toHaveBeenCalledWith('commandRequested', { command: 'showOutbox' });
  });

  it('refuses a disabled command without running anything', async () => {
    const { run, actions, showWindow, emit } = runner({ ...ready, locked: true });
    expect(await run.run('syncNow')).toBe('disabled');
    expect(await run.run('newFax')).toBe('disabled');
    expect(actions.syncNow).not.toHaveBeenCalled();
    expect(showWindow).not.toHaveBeenCalled();
    expect(emit).not.toHaveBeenCalled();
    expect(await run.run('copyDiagnostics')).toBe('ran');
  });
});
