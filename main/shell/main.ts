/**
 * The Electron entry point: single instance, hardened session and windows, the app:// renderer, and the
 * core (plain Node) wired to IPC. Everything that is not Electron-specific lives outside main/shell/.
 */
import path from 'node:path';
import { app, BrowserWindow, session } from 'electron';
import { createCore, type Core } from '../core';
import { fileSink, stderrSink } from '../log/file-sink';
import { createLogger } from '../log/logger';
import { appOrigin } from '../security/app-files';
import { keychainSecretStore } from '../store/keychain-secret-store';
import { keychainServiceFor, profileDirFromArgv } from '../store/profile';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { electronDesktop } from './electron-desktop';
import { openElectronSettings } from './electron-settings';
import { hardenSession, hardenWebContents } from './hardening';
import { forwardEvents, registerIpcHandlers } from './ipc';
import { startNotifier } from './notifier';
import { mainWindowOptions } from './window-options';

// Another profile (e.g. the demo's) lives in its own folder with its own keychain entry.
const profileDir = profileDirFromArgv(process.argv);
if (profileDir) app.setPath('userData', profileDir);

const log = createLogger({
  sinks: [fileSink(path.join(app.getPath('userData'), 'logs', 'main.log')), ...(app.isPackaged ? [] : [stderrSink])],
});

app.enableSandbox();
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let mainWindow: BrowserWindow | null = null;
  let core: Core | null = null;
  const trustedWebContents = new Set<number>();

  const showMainWindow = (): void => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  };

  app.on('second-instance', showMainWindow);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, log));

  const createWindow = (): void => {
    const preload = path.join(__dirname, '..', 'preload', 'index.cjs');
    const window = new BrowserWindow(mainWindowOptions(preload, { devTools: !app.isPackaged }));
    const id = window.webContents.id;
    trustedWebContents.add(id);
    window.on('closed', () => {
      trustedWebContents.delete(id);
      mainWindow = null;
    });
    window.once('ready-to-show', () => window.show());
    void window.loadURL(`${appOrigin}/index.html`);
    mainWindow = window;
  };

  void app.whenReady().then(() => {
    hardenSession(session.defaultSession, log);
    serveRenderer(path.join(__dirname, '..', 'renderer'));
    const settings = openElectronSettings();
    core = createCore({
      appInfo: {
        name: 'Fax Desktop',
        version: app.getVersion(),
        runtime: 'electron',
        platform: process.platform,
        versions: { node: process.versions.node, chrome: process.versions.chrome, electron: process.versions.electron },
      },
      dataDir: app.getPath('userData'),
      settings,
      secrets: keychainSecretStore(keychainServiceFor(profileDir)),
      log,
      desktop: electronDesktop(settings),
    });
    registerIpcHandlers(core.dispatch, trustedWebContents, log.child('ipc'));
    forwardEvents(core.events, () => mainWindow?.webContents ?? null);
    const events = core.events;
    startNotifier({
      events,
      settings,
      onOpenFax: (faxId) => {
        showMainWindow();
        events.emit('openFaxRequested', { faxId });
      },
    });
    createWindow();
    void core.start();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('will-quit', () => {
    void core?.dispose();
  });
}
