/**
 * The Electron entry point: single instance, hardened session and windows, the app:// renderer, and the
 * core (plain Node) wired to IPC. Everything that is not Electron-specific lives outside main/shell/.
 */
import path from 'node:path';
import { app, BrowserWindow, powerMonitor, session } from 'electron';
import { createCore, type Core } from '../core';
import { filesFromArgv } from '../launch/open-with';
import { installCrashGuard } from '../log/crash-guard';
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
import { createMainWindow } from './main-window';

// Another profile (e.g. the demo's) lives in its own folder with its own keychain entry.
const profileDir = profileDirFromArgv(process.argv);
if (profileDir) app.setPath('userData', profileDir);

const log = createLogger({
  sinks: [fileSink(path.join(app.getPath('userData'), 'logs', 'main.log')), ...(app.isPackaged ? [] : [stderrSink])],
});

installCrashGuard(log);
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

  // Files opened with the app wait here until the core has started, then go to compose.
  const pendingFiles: string[] = [];
  let coreStarted = false;
  const openPendingFiles = (): void => {
    if (!core || !coreStarted || pendingFiles.length === 0) return;
    void core.openedFiles.open(pendingFiles.splice(0)).catch((error: unknown) => log.error('launch.open_failed', { error }));
  };
  pendingFiles.push(...filesFromArgv(process.argv, { cwd: process.cwd(), packaged: app.isPackaged }));

  app.on('second-instance', (_event, argv, workingDirectory) => {
    showMainWindow();
    pendingFiles.push(...filesFromArgv(argv, { cwd: workingDirectory, packaged: app.isPackaged }));
    openPendingFiles();
  });
  // macOS: a document dropped on the dock icon or opened from Finder (may come before 'ready').
  app.on('open-file', (event, filePath) => {
    event.preventDefault();
    pendingFiles.push(filePath);
    openPendingFiles();
    showMainWindow();
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, log));
  app.on('render-process-gone', (_event, _contents, details) => log.error('shell.renderer_gone', { reason: details.reason, exitCode: details.exitCode }));

  const createWindow = (): void => {
    const preload = path.join(__dirname, '..', 'preload', 'index.cjs');
    const window = createMainWindow(preload, { devTools: !app.isPackaged });
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
      // The render worker is bundled beside main; pdf.js's fonts ship with its package (not in the asar's bundle).
      pageRenderer: {
        script: path.join(__dirname, 'page-render-worker.cjs'),
        execArgv: [],
        standardFontsDir: `${path.join(app.getAppPath(), 'node_modules', 'pdfjs-dist', 'standard_fonts')}${path.sep}`,
      },
    });
    registerIpcHandlers(core.dispatch, trustedWebContents, log.child('ipc'));
    forwardEvents(core.rendererEvents, () => mainWindow?.webContents ?? null);
    const events = core.events;
    startNotifier({
      events,
      settings,
      onOpenFax: (faxId) => {
        showMainWindow();
        events.emit('openFaxRequested', { faxId });
      },
    });
    // The OS locking the screen or going to sleep locks the app too (when a PIN or key can unlock it).
    const lockWithSystem = (): void => {
      void core?.lock.lockNow().catch(() => undefined);
    };
    powerMonitor.on('lock-screen', lockWithSystem);
    powerMonitor.on('suspend', lockWithSystem);
    createWindow();
    void core.start().then(() => {
      coreStarted = true;
      openPendingFiles();
    });
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
