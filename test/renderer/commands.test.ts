// The window's side of the commands: shortcuts find their command by the same accelerators as the menu, window
// commands run here, main commands go to main, and whatever the context does not allow is refused.
import { beforeEach, describe, expect, it } from 'vitest';
import { commandForKey, runCommand, shortcutsDialogStore, startCommands } from '../../renderer/src/data/commands';
import { connectionStore } from '../../renderer/src/data/connection';
import { lockStore } from '../../renderer/src/data/lock';
import { routeStore } from '../../renderer/src/data/navigation';
import { installFakeFax, type FakeFax } from './fake-fax';
import { connected } from './states';

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);
let fax: FakeFax;

beforeEach(() => {
  fax = installFakeFax({ runCommand: () => ({ outcome: 'ran' }), reportWindow: () => null });
  connectionStore.set(connected());
  lockStore.set({ locked: false, unlockWith: 'api_key', retryAt: null, keyFallback: false });
  routeStore.set({ screen: 'inbox', faxId: null });
  shortcutsDialogStore.set(false);
});

describe('window commands', () => {
  it('finds commands by their accelerators (Ctrl here, ⌘ on macOS)', () => {
    expect(commandForKey(key({ key: '2', ctrlKey: true }), 'linux')).toBe('showOutbox');
    expect(commandForKey(key({ key: '2', metaKey: true }), 'darwin')).toBe('showOutbox');
    expect(commandForKey(key({ key: 'E', ctrlKey: true, shiftKey: true }), 'linux')).toBe('exportCsv');
    expect(commandForKey(key({ key: 'F5' }), 'linux')).toBe('syncNow');
    expect(commandForKey(key({ key: 'x', ctrlKey: true }), 'linux')).toBeNull();
  });

  it('runs a window command here, and sends a main command to main', async () => {
    await expect(runCommand('showContacts')).resolves.toBe(true);
    expect(routeStore.get().screen).toBe('contacts');
    await expect(runCommand('syncNow')).resolves.toBe(true);
    expect(fax.callsOf('runCommand')).toEqual([{ command: 'syncNow' }]);
  });

  it("refuses what the key's scopes, the screen or the lock do not allow, without asking main", async () => {
    connectionStore.set(connected({ compose: false }));
    await expect(runCommand('newFax')).resolves.toBe(false);
    await expect(runCommand('savePdf')).resolves.toBe(false);
    lockStore.set({ locked: true, unlockWith: 'api_key', retryAt: null, keyFallback: false });
    await expect(runCommand('syncNow')).resolves.toBe(false);
    expect(fax.callsOf('runCommand')).toEqual([]);
    expect(routeStore.get().screen).toBe('inbox');
  });

  it('carries out what the menu asks for, and tells main what the window shows', async () => {
    startCommands();
    fax.emit('commandRequested', { command: 'keyboardShortcuts' });
    expect(shortcutsDialogStore.get()).toBe(true);
    routeStore.set({ screen: 'outbox', faxId: '7' });
    expect(fax.callsOf('reportWindow').at(-1)).toEqual({ screen: 'outbox', faxOpen: true });
  });
});
