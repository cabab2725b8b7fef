import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { corpusDir } from '../../helpers/corpus';
import { memorySecretStore } from '../../../main/store/secret-store';
import { createSettingsStore } from '../../../main/store/settings-store';
import { createFakeElectron, FakeWebContents } from './fake-electron';

vi.mock('../../../main/shell/electron-settings', () => ({
  openElectronSettings: () => createSettingsStore({ store: {} }, { downloadFolder: '/tmp' }),
}));
// A stored key means the app can be locked (the key unlocks it); no base URL, so nothing is sent anywhere.
vi.mock('../../../main/store/keychain-secret-store', () => ({ keychainSecretStore: () => memorySecretStore({ 'api-key': 'sk_test_bootstrap' }), defaultKeychainService: 'Fax Desktop' }));

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
    await vi.waitFor(() => expect(current.windows).toHaveLength(1));
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
    await vi.waitFor(() => expect(current.windows).toHaveLength(1));
    current.electron.app.emit('second-instance', {}, ['fax-desktop'], '/');
    expect(current.windows).toHaveLength(1);
    expect(current.windows[0]?.focus).toHaveBeenCalled();
  });

  it('locks the app when the OS locks the screen, and tells the window', async () => {
    const current = await boot(true);
    current.resolveReady();
    await vi.waitFor(() => expect(current.windows).toHaveLength(1));
    const contents = current.windows[0]?.webContents;
    await vi.waitFor(() => expect(contents?.sent.some(([channel, payload]) => channel === 'fax-event:lockChanged' && !(payload as { locked: boolean }).locked)).toBe(true));
    current.electron.powerMonitor.emit('lock-screen');
    await vi.waitFor(() => expect(contents?.sent.some(([channel, payload]) => channel === 'fax-event:lockChanged' && (payload as { locked: boolean }).locked)).toBe(true));
  });

  it('a second launch with a document hands it to compose (checked and staged in main)', async () => {
    const current = await boot(true);
    current.resolveReady();
    await vi.waitFor(() => expect(current.windows).toHaveLength(1));
    const contents = current.windows[0]?.webContents;
    await vi.waitFor(() => expect(contents?.sent.some(([channel]) => channel === 'fax-event:lockChanged')).toBe(true));
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-open-with-'));
    fs.copyFileSync(path.join(corpusDir, 'rotation.pdf'), path.join(folder, 'referral.pdf'));
    current.electron.app.emit('second-instance', {}, ['/opt/electron', '.', '--enable-features=X', 'referral.pdf'], folder);
    await vi.waitFor(() => expect(contents?.sent).toContainEqual(['fax-event:filesOpened', { count: 1 }]));
    // The window takes it, as the renderer does when it hears the event.
    const take = current.ipcHandlers.get('fax:takeOpenedFiles');
    const fromWindow = { sender: { id: contents?.id ?? 0 }, senderFrame: { url: 'app://fax/index.html', parent: null } };
    const reply = (await take?.(fromWindow, undefined)) as { ok: boolean; value: { staged: Array<{ name: string; pages: number }>; rejected: unknown[] } };
    expect(reply.ok).toBe(true);
    expect(reply.value.rejected).toEqual([]);
    expect(reply.value.staged).toEqual([expect.objectContaining({ name: 'referral.pdf', kind: 'pdf', pages: 2 })]);
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
});
