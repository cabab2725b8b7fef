import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memorySecretStore } from '../../../main/store/secret-store';
import { createSettingsStore } from '../../../main/store/settings-store';
import { createFakeElectron, FakeWebContents } from './fake-electron';

vi.mock('../../../main/shell/electron-settings', () => ({
  openElectronSettings: () => createSettingsStore({ store: {} }, { downloadFolder: '/tmp' }),
}));
vi.mock('../../../main/store/keychain-secret-store', () => ({ keychainSecretStore: () => memorySecretStore(), defaultKeychainService: 'Fax Desktop' }));

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
