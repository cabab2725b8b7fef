/**
 * The Electron entry point: single instance, hardened session and windows, the app:// renderer, and the
 * core (plain Node) wired to IPC. Everything that is not Electron-specific lives outside main/shell/.
 */
import path from 'node:path';
import { utilityRecognitionChild } from './utility-recognition';
import { app, Menu, Notification, powerMonitor, screen, session, type BrowserWindow, type Tray } from 'electron';
import { createCore, type Core } from '../core';
import { filesFromArgv } from '../desktop-integration/open-with';
import { installCrashGuard } from '../log/crash-guard';
import { fileSink, stderrSink } from '../log/file-sink';
import { createLogger } from '../log/logger';
import { recentProblems } from '../log/recent-problems';
import { startsHidden } from '../desktop-integration/login-item';
import { appOrigin } from '../security/app-files';
import { keychainSecretStore } from '../store/keychain-secret-store';
import { keychainServiceFor, profileDirFromArgv } from '../store/profile';
import { decideClose } from '../window/close-policy';
import { openingBounds } from '../window/window-bounds';
import { windowStateFile } from '../window/window-state-file';
import { appId } from './app-identity';
import { platformPolicySource } from '../policy/policy-source';
import { runCommand } from '../runtime/run-command';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { showUnreadBadge } from './badge';
import { attachContextMenu } from './context-menu';
import { handleRendererFailures } from './crash-handling';
import { electronDesktop } from './electron-desktop';
import { openElectronSettings } from './electron-settings';
import { hardenSession, hardenWebContents } from './hardening';
import { forwardEvents, registerIpcHandlers } from './ipc';
import { applyStartAtLogin } from './login-items';
import { buildMenu } from './menus';
import { startNotifier } from './notifier';
import { createMainWindow, windowSizes } from './main-window';
import { createAppTray } from './tray';
import { electronUpdater, setInstallAtQuit } from './updater';
import { keepWindowState } from './window-state';
import { say } from '../i18n/main-locale';
import { msg } from '../../preload/i18n/translator';

// Another profile (e.g. the demo's) lives in its own folder with its own keychain entry.
const profileDir = profileDirFromArgv(process.argv);
if (profileDir) app.setPath('userData', profileDir);

const problems = recentProblems();
const log = createLogger({
  sinks: [fileSink(path.join(app.getPath('userData'), 'logs', 'main.log')), problems, ...(app.isPackaged ? [] : [stderrSink])],
});

installCrashGuard(log);
app.enableSandbox();
registerAppScheme();
// Windows: notifications and the taskbar belong to the installed app only when this matches its appId.
if (process.platform === 'win32') app.setAppUserModelId(appId);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let mainWindow: BrowserWindow | null = null;
  let core: Core | null = null;
  let tray: Tray | null = null;
  let quitting = false;
  const trustedWebContents = new Set<number>();
  const windowState = windowStateFile(app.getPath('userData'));

  const showMainWindow = (): void => {
    if (!mainWindow) {
      if (app.isReady()) createWindow({ hidden: false });
      return;
    }
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
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, log);
    attachContextMenu(contents);
  });
  app.on('before-quit', () => {
    quitting = true;
    setInstallAtQuit(core?.commands.updates?.installAtQuit() ?? false);
  });

  function createWindow(options: { hidden: boolean }): void {
    const preload = path.join(__dirname, '..', 'preload', 'index.cjs');
    const opening = openingBounds(windowState.read(), screen.getAllDisplays().map((display) => display.workArea), windowSizes);
    const window = createMainWindow(preload, { devTools: !app.isPackaged, bounds: opening });
    const id = window.webContents.id;
    trustedWebContents.add(id);
    keepWindowState(window, windowState);
    if (core) handleRendererFailures(window, core.crashRecovery, log);
    window.on('close', (event) => {
      const settings = settingsStore;
      const decision = decideClose({ quitting, quitOnClose: settings?.get().quitOnClose ?? true, trayShown: tray !== null, toldBefore: settings?.get().trayNoticeShown ?? true });
      if (decision.action === 'close') return;
      event.preventDefault();
      window.hide();
      if (decision.tellUser && settings) {
        settings.update({ trayNoticeShown: true });
        if (Notification.isSupported()) new Notification({ title: say(msg('tray.stillRunning')), body: say(msg('tray.stillRunningBody')) }).show();
      }
    });
    window.on('closed', () => {
      trustedWebContents.delete(id);
      mainWindow = null;
    });
    window.once('ready-to-show', () => {
      if (opening.maximized) window.maximize();
      if (!options.hidden) window.show();
    });
    void window.loadURL(`${appOrigin}/index.html`);
    mainWindow = window;
  }

  // Opened when the app is ready, before the first window.
  let settingsStore: ReturnType<typeof openElectronSettings> | null = null;

  void app.whenReady().then(() => {
    hardenSession(session.defaultSession, log);
    serveRenderer(path.join(__dirname, '..', 'renderer'));
    const settings = openElectronSettings();
    settingsStore = settings;
    let downloaded: (version: string) => void = () => undefined;
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
      // Group Policy / Intune, a macOS MDM profile, or /etc/fax-desktop/policies.json.
      policySource: platformPolicySource(process.platform, runCommand, appId),
      secrets: keychainSecretStore(keychainServiceFor(profileDir)),
      log,
      problems,
      development: !app.isPackaged,
      systemLanguages: app.getPreferredSystemLanguages(),
      // Only an installed app updates itself (a development run has no feed and nothing to replace).
      ...(app.isPackaged ? { updater: electronUpdater(log.child('update'), (version) => downloaded(version)) } : {}),
      desktop: electronDesktop(settings, { show: () => showMainWindow() }),
      // Run as root by pkexec, so they must be real files outside the asar archive (electron-builder's extraResources).
      faxPrinterScripts: app.isPackaged ? path.join(process.resourcesPath, 'cups') : path.join(app.getAppPath(), 'assets', 'cups'),
      // The render worker is bundled beside main; pdf.js's fonts ship with its package (not in the asar's bundle).
      pageRenderer: {
        script: path.join(__dirname, 'page-render-worker.cjs'),
        execArgv: [],
        standardFontsDir: `${path.join(app.getAppPath(), 'node_modules', 'pdfjs-dist', 'standard_fonts')}${path.sep}`,
      },
      // Reading faxes (OCR) in a utility process at low priority; tesseract.js runs from the unpacked files.
      recognition: {
        start: utilityRecognitionChild(path.join(__dirname, 'recognition-process.cjs')),
        appRoot: app.getAppPath(),
        standardFontsDir: `${path.join(app.getAppPath(), 'node_modules', 'pdfjs-dist', 'standard_fonts')}${path.sep}`,
        ...(app.isPackaged ? { workerPath: path.join(`${app.getAppPath()}.unpacked`, 'node_modules', 'tesseract.js', 'src', 'worker-script', 'node', 'index.js') } : {}),
      },
    });
    const commands = core.commands;
    downloaded = (version) => commands.updates?.downloaded(version);
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
      onUnread: (count) => void showUnreadBadge(count, mainWindow).catch((error: unknown) => log.warn('shell.badge_failed', { error })),
    });
    const setAppMenu = (): void => Menu.setApplicationMenu(buildMenu(commands.appMenu(), (id) => void commands.run(id)));
    setAppMenu();
    commands.onChange(setAppMenu);
    try {
      tray = createAppTray(commands, { assetsDir: path.join(app.getAppPath(), 'assets'), platform: process.platform, showWindow: showMainWindow });
    } catch (error) {
      // Some Linux desktops have no tray: closing the window then quits (decideClose).
      log.warn('shell.tray_unavailable', { error });
    }
    let startAtLogin = settings.get().startAtLogin;
    applyStartAtLogin(startAtLogin);
    events.subscribe((name) => {
      if (name !== 'settingsChanged' || settings.get().startAtLogin === startAtLogin) return;
      startAtLogin = settings.get().startAtLogin;
      applyStartAtLogin(startAtLogin);
    });
    // The OS locking the screen or going to sleep locks the app too (when a PIN or key can unlock it).
    const lockWithSystem = (): void => {
      void core?.lock.lockNow().catch(() => undefined);
    };
    powerMonitor.on('lock-screen', lockWithSystem);
    powerMonitor.on('suspend', lockWithSystem);
    createWindow({ hidden: startsHidden(process.argv) });
    void core.start().then(() => {
      coreStarted = true;
      openPendingFiles();
    });
    app.on('activate', () => showMainWindow());
  });

  // The window closes for real only when quitting, or with "quit when closed" on, or without a tray.
  app.on('window-all-closed', () => app.quit());

  app.on('will-quit', () => {
    void core?.dispose();
  });
}
