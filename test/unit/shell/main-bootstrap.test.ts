import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOnePagePdf } from '../../fax-service/sample-documents';
import { memorySecretStore } from '../../../main/store/secret-store';
import { createSettingsStore } from '../../../main/store/settings-store';
import { createFakeElectron, FakeWebContents } from './fake-electron';
import { longWait } from '../../helpers/wait';

vi.mock('../../../main/shell/electron-settings', () => ({
  openElectronSettings: () => createSettingsStore({ store: {} }, { downloadFolder: '/tmp' }),
}));
// "Start at login" writes the XDG autostart entry on Linux: into a folder of this test, never the user's.
const xdgConfig = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-xdg-'));
process.env.XDG_CONFIG_HOME = xdgConfig;
vi.mock('electron-updater', () => ({ autoUpdater: { on: vi.fn(), checkForUpdates: vi.fn(), quitAndInstall: vi.fn() } }));
// A stored key means the app can be locked (the key unlocks it); no base URL, so nothing is sent anywhere.
vi.mock('../../../main/store/keychain-secret-store', () => ({ keychainSecretStore: () => memorySecretStore({ 'api-key': 'sk_test_bootstrap' }), defaultKeychainService: 'Fax Desktop' }));

// Each boot runs main's entry, which installs its crash guard on this worker's own process: taken off after each test,
// so that no booted app's guard ends the worker on a later error, and the listeners do not pile up (16 boots).
const guardsBefore = { uncaughtException: process.listeners('uncaughtException'), unhandledRejection: process.listeners('unhandledRejection') };
afterEach(() => {
  for (const listener of process.listeners('uncaughtException')) if (!guardsBefore.uncaughtException.includes(listener)) process.off('uncaughtException', listener);
  for (const listener of process.listeners('unhandledRejection')) if (!guardsBefore.unhandledRejection.includes(listener)) process.off('unhandledRejection', listener);
});

async function boot(lock: boolean) {
  vi.resetModules();
  const current = createFakeElectron();
  current.electron.app.requestSingleInstanceLock.mockReturnValue(lock);
  vi.doMock('electron', () => current.electron);
  await import('../../../main/shell/main');
  return current;
}

describe('Electron entry point', () => {
  beforeEach(() => {
    FakeWebContents.nextId = 1;
  });

  it('quits at once when another instance holds the single-instance lock', async () => {
    const { electron, windows } = await boot(false);
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(windows).toHaveLength(0);
  });

  it('enables the sandbox for all renderers and registers app:// before ready', async () => {
    const { electron } = await boot(true);
    expect(electron.app.enableSandbox).toHaveBeenCalled();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalled();
    expect(electron.protocol.handle).not.toHaveBeenCalled();
  });

  it('on ready: hardens the session, serves app://, registers IPC and loads the app into a secure window', async () => {
    const current = await boot(true);
    current.resolveReady();
    await vi.waitFor(() => expect(current.windows).toHaveLength(1), longWait);
    const { electron, windows, defaultSession, ipcHandlers } = current;
    expect(defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(ipcHandlers.has('fax:getAppInfo')).toBe(true);
    const window = windows[0];
    const prefs = (window?.options.webPreferences ?? {}) as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(String(prefs.preload)).toMatch(/preload[/\\]index\.cjs$/);
    expect(window?.loadURL).toHaveBeenCalledWith('app://fax/index.html');
  });

  it('a second launch focuses the existing window instead of opening another', async () => {
    const current = await boot(true);
    current.resolveReady();
    await vi.waitFor(() => expect(current.windows).toHaveLength(1), longWait);
    current.electron.app.emit('second-instance', {}, ['fax-desktop'], '/');
    expect(current.windows).toHaveLength(1);
    expect(current.windows[0]?.focus).toHaveBeenCalled();
  });

  it('locks the app when the OS locks the screen, and tells the window', async () => {
    const current = await boot(true);
    current.resolveReady();
    await vi.waitFor(() => expect(current.windows).toHaveLength(1), longWait);
    const contents = current.windows[0]?.webContents;
    await vi.waitFor(() => expect(contents?.sent.some(([channel, payload]) => channel === 'fax-event:lockChanged' && !(payload as { locked: boolean }).locked)).toBe(true), longWait);
    current.electron.powerMonitor.emit('lock-screen');
    await vi.waitFor(() => expect(contents?.sent.some(([channel, payload]) => channel === 'fax-event:lockChanged' && (payload as { locked: boolean }).locked)).toBe(true), longWait);
  });

  it('a second launch with a document hands it to compose (checked and staged in main)', async () => {
    const current = await boot(true);
    current.resolveReady();
    await vi.waitFor(() => expect(current.windows).toHaveLength(1), longWait);
    const contents = current.windows[0]?.webContents;
    await vi.waitFor(() => expect(contents?.sent.some(([channel]) => channel === 'fax-event:lockChanged')).toBe(true), longWait);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-open-with-'));
    fs.writeFileSync(path.join(folder, 'referral.pdf'), makeOnePagePdf());
    current.electron.app.emit('second-instance', {}, ['/opt/electron', '.', '--enable-features=X', 'referral.pdf'], folder);
    // Staging counts the pages first: under a loaded machine that can take more than waitFor's default second.
    await vi.waitFor(() => expect(contents?.sent).toContainEqual(['fax-event:filesOpened', { count: 1 }]), { timeout: 10_000 });
    // The window takes it, as the renderer does when it hears the event.
    const take = current.ipcHandlers.get('fax:takeOpenedFiles');
    const fromWindow = { sender: { id: contents?.id ?? 0 }, senderFrame: { url: 'app://fax/index.html', parent: null } };
    const reply = (await take?.(fromWindow, undefined)) as { ok: boolean; value: { staged: Array<{ name: string; pages: number }>; rejected: unknown[] } };
    expect(reply.ok).toBe(true);
    expect(reply.value.rejected).toEqual([]);
    expect(reply.value.staged).toEqual([expect.objectContaining({ name: 'referral.pdf', kind: 'pdf', pages: 1 })]);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('hardens every webContents that gets created', async () => {
    const current = await boot(true);
    const contents = new FakeWebContents();
    current.electron.app.emit('web-contents-created', {}, contents);
    expect(contents.setWindowOpenHandler).toHaveBeenCalled();
    const event = { url: 'https://evil.example', preventDefault: vi.fn() };
    contents.emit('will-navigate', event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  async function started() {
    const current = await boot(true);
    current.resolveReady();
    await vi.waitFor(() => expect(current.windows).toHaveLength(1), longWait);
    const window = current.windows[0];
    if (!window) throw new Error('no window');
    await vi.waitFor(() => expect(window.webContents.sent.some(([channel]) => channel === 'fax-event:lockChanged')).toBe(true), longWait);
    return { ...current, window };
  }
  type Template = Array<Record<string, unknown>>;
  const labelsOf = (template: Template) => template.map((item) => item.label ?? item.role ?? item.type);
  const find = (template: Template, label: string): Record<string, unknown> | undefined => {
    for (const item of template) {
      if (item.label === label) return item;
      const inner = Array.isArray(item.submenu) ? find(item.submenu as Template, label) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };

  it('sets the application menu: standard menus and roles, the app commands with accelerators, no Reload when packaged', async () => {
    const { menus } = await started();
    const template = menus.application?.template ?? [];
    expect(labelsOf(template)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    const edit = (template[1]?.submenu ?? []) as Template;
    expect(edit.map((item) => item.role ?? item.type)).toEqual(['undo', 'redo', 'separator', 'cut', 'copy', 'paste', 'selectAll']);
    expect(find(template, 'New fax')).toMatchObject({ accelerator: 'CmdOrCtrl+N' });
    expect(find(template, 'Outbox')).toMatchObject({ accelerator: 'CmdOrCtrl+2' });
    // Not connected (no base URL): what needs the service is greyed out.
    expect(find(template, 'Sync now')).toMatchObject({ enabled: false });
    expect(find(template, 'Copy diagnostics')).toMatchObject({ enabled: true });
  });

  it('a menu click runs the command: Copy diagnostics puts text without the key on the clipboard', async () => {
    const { menus, electron } = await started();
    const item = find(menus.application?.template ?? [], 'Copy diagnostics') as { click: () => void };
    item.click();
    await vi.waitFor(() => expect(electron.clipboard.writeText).toHaveBeenCalled(), longWait);
    const text = String(electron.clipboard.writeText.mock.calls[0]?.[0]);
    expect(text).toContain('Fax Desktop 0.1.0 (electron)');
    expect(text).not.toContain('sk_test_bootstrap');
    (find(menus.application?.template ?? [], 'Show log folder') as { click: () => void }).click();
    await vi.waitFor(() => expect(electron.shell.openPath).toHaveBeenCalledWith(expect.stringMatching(/logs$/)), longWait);
  });

  it('a window command from the menu goes to the window', async () => {
    const { menus, window } = await started();
    (find(menus.application?.template ?? [], 'Keyboard shortcuts') as { click: () => void }).click();
    await vi.waitFor(() => expect(window.webContents.sent).toContainEqual(['fax-event:commandRequested', { command: 'keyboardShortcuts' }]), longWait);
    expect(window.show).toHaveBeenCalled();
  });

  it('a tray icon with the unread count; clicking it opens the window; Quit quits', async () => {
    const { trays, electron, window } = await started();
    const tray = trays[0];
    expect(tray?.tooltip).toBe('Fax Desktop');
    const template = tray?.menu?.template ?? [];
    expect(labelsOf(template)).toEqual(['No unread faxes', 'separator', 'Open Fax Desktop', 'New fax', 'Sync now', 'separator', 'Lock', 'separator', 'Quit Fax Desktop']);
    tray?.emit('click');
    expect(window.show).toHaveBeenCalled();
    (find(template, 'Quit Fax Desktop') as { click: () => void }).click();
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled(), longWait);
  });

  it('closing the window keeps the app in the tray and says so once; quitting really closes it', async () => {
    const { window, notifications, electron } = await started();
    expect(window.tryClose()).toBe(false);
    expect(window.hide).toHaveBeenCalledOnce();
    expect(notifications).toEqual([expect.objectContaining({ title: 'Fax Desktop is still running' })]);
    expect(window.tryClose()).toBe(false);
    expect(notifications).toHaveLength(1);
    electron.app.emit('before-quit');
    expect(window.tryClose()).toBe(true);
  });

  it('remembers the window bounds in the data folder when it closes, and opens there next time', async () => {
    const first = await started();
    first.electron.app.emit('before-quit');
    first.window.tryClose();
    const saved = JSON.parse(fs.readFileSync(path.join(first.userData, 'window-state.json'), 'utf8')) as unknown;
    expect(saved).toEqual({ bounds: { x: 40, y: 30, width: 1100, height: 760 }, maximized: false });
  });

  it('a crashed renderer is reloaded once, a second crash within a minute shows the error page', async () => {
    const { window } = await started();
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(window.loadURL).toHaveBeenLastCalledWith('app://fax/index.html');
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(window.loadURL).toHaveBeenLastCalledWith('app://fax/crashed.html');
  });

  it('right-click in a text field pops up cut/copy/paste/select all', async () => {
    const { electron, menus } = await started();
    const contents = new FakeWebContents();
    electron.app.emit('web-contents-created', {}, contents);
    contents.emit('context-menu', {}, { isEditable: true, selectionText: '', editFlags: { canCut: true, canCopy: true, canPaste: true, canSelectAll: true } });
    const popped = menus.built.find((menu) => menu.popup.mock.calls.length > 0);
    expect(popped?.template.map((item) => item.role ?? item.type)).toEqual(['cut', 'copy', 'paste', 'separator', 'selectAll']);
    contents.emit('context-menu', {}, { isEditable: false, selectionText: '', editFlags: { canCut: false, canCopy: false, canPaste: false, canSelectAll: false } });
    expect(menus.built.filter((menu) => menu.popup.mock.calls.length > 0)).toHaveLength(1);
  });

  it('turning on "Start at login" in Settings writes the autostart entry; turning it off removes it', async () => {
    const { ipcHandlers, window } = await started();
    const update = ipcHandlers.get('fax:updateSettings');
    const fromWindow = { sender: { id: window.webContents.id }, senderFrame: { url: 'app://fax/index.html', parent: null } };
    const entry = path.join(xdgConfig, 'autostart', 'fax-desktop.desktop');
    expect(fs.existsSync(entry)).toBe(false);
    expect(await update?.(fromWindow, { startAtLogin: true })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(fs.existsSync(entry)).toBe(true), longWait);
    expect(fs.readFileSync(entry, 'utf8')).toMatch(/^Exec=.* --hidden$/m);
    await update?.(fromWindow, { startAtLogin: false });
    await vi.waitFor(() => expect(fs.existsSync(entry)).toBe(false), longWait);
  });
});
