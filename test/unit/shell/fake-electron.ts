/**
 * A stand-in for the `electron` module in shell unit tests: records what the shell asks of Electron so the
 * tests can assert every security setting and guard without the Electron binary.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  sent: Array<[string, unknown]> = [];
  setWindowOpenHandler = vi.fn((handler: (details: { url: string }) => { action: string }) => {
    this.windowOpenHandler = handler;
  });
  send = vi.fn((channel: string, payload: unknown) => {
    this.sent.push([channel, payload]);
  });
  isDestroyed = vi.fn(() => false);
  forcefullyCrashRenderer = vi.fn();
}

export class FakeSession extends EventEmitter {
  permissionRequestHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null;
  permissionCheckHandler: (() => boolean) | null = null;
  deviceHandler: (() => boolean) | null = null;
  setPermissionRequestHandler = vi.fn((handler: FakeSession['permissionRequestHandler']) => {
    this.permissionRequestHandler = handler;
  });
  setPermissionCheckHandler = vi.fn((handler: () => boolean) => {
    this.permissionCheckHandler = handler;
  });
  setDevicePermissionHandler = vi.fn((handler: () => boolean) => {
    this.deviceHandler = handler;
  });
}

/** A built menu: the template it was built from, and whether it was popped up. */
export interface FakeMenu {
  template: Array<Record<string, unknown>>;
  popup: ReturnType<typeof vi.fn>;
}

export function createFakeElectron() {
  const ipcHandlers = new Map<string, (event: unknown, request: unknown) => Promise<unknown>>();
  const appEvents = new EventEmitter();
  const windows: FakeBrowserWindow[] = [];
  const menus: { application: FakeMenu | null; built: FakeMenu[] } = { application: null, built: [] };
  const trays: FakeTray[] = [];
  const notifications: Array<{ title: string; body: string }> = [];
  const displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }];
  const defaultSession = new FakeSession();
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-shell-test-'));

  class FakeTray extends EventEmitter {
    tooltip = '';
    menu: FakeMenu | null = null;
    constructor(readonly image: unknown) {
      super();
      trays.push(this);
    }
    setToolTip = vi.fn((text: string) => {
      this.tooltip = text;
    });
    setContextMenu = vi.fn((menu: FakeMenu) => {
      this.menu = menu;
    });
  }

  class FakeNotification {
    static isSupported = () => true;
    constructor(readonly options: { title: string; body: string }) {}
    on = vi.fn();
    show = vi.fn(() => notifications.push(this.options));
  }

  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    loadURL = vi.fn(async () => undefined);
    show = vi.fn();
    hide = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    maximize = vi.fn();
    setOverlayIcon = vi.fn();
    isMinimized = vi.fn(() => false);
    isMaximized = vi.fn(() => false);
    isFullScreen = vi.fn(() => false);
    isDestroyed = vi.fn(() => false);
    getNormalBounds = vi.fn(() => ({ x: 40, y: 30, width: 1100, height: 760 }));
    /** Runs the 'close' listeners as Electron does; true when none prevented it (the window closes). */
    tryClose(): boolean {
      let prevented = false;
      this.emit('close', { preventDefault: () => (prevented = true) });
      return !prevented;
    }
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push(this);
    }
    static getAllWindows = () => windows;
  }

  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const electron = {
    app: Object.assign(appEvents, {
      isPackaged: false,
      enableSandbox: vi.fn(),
      requestSingleInstanceLock: vi.fn(() => true),
      quit: vi.fn(),
      whenReady: vi.fn(() => ready),
      getPath: vi.fn(() => userData),
      getAppPath: vi.fn(() => '/opt/fax-desktop/resources/app.asar'),
      getLocaleCountryCode: vi.fn(() => 'US'),
      getLocale: vi.fn(() => 'en-US'),
      getPreferredSystemLanguages: vi.fn(() => ['en-US']),
      getVersion: vi.fn(() => '0.1.0'),
      isReady: vi.fn(() => true),
      setBadgeCount: vi.fn(),
      setLoginItemSettings: vi.fn(),
      setAppUserModelId: vi.fn(),
    }),
    BrowserWindow: FakeBrowserWindow,
    Menu: {
      buildFromTemplate: vi.fn((template: Array<Record<string, unknown>>): FakeMenu => {
        const menu = { template, popup: vi.fn() };
        menus.built.push(menu);
        return menu;
      }),
      setApplicationMenu: vi.fn((menu: FakeMenu | null) => {
        menus.application = menu;
      }),
    },
    Tray: FakeTray,
    Notification: FakeNotification,
    nativeImage: {
      createFromPath: vi.fn((file: string) => ({ file, setTemplateImage: vi.fn() })),
      createFromBuffer: vi.fn((buffer: Buffer) => ({ buffer })),
    },
    screen: { getAllDisplays: vi.fn(() => displays) },
    dialog: { showSaveDialog: vi.fn(), showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })) },
    clipboard: { writeText: vi.fn() },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(),
      handle: vi.fn(),
    },
    session: { defaultSession },
    powerMonitor: new EventEmitter(),
    shell: { openExternal: vi.fn(async () => undefined), openPath: vi.fn(async () => '') },
    ipcMain: {
      handle: vi.fn((channel: string, handler: (event: unknown, request: unknown) => Promise<unknown>) => {
        ipcHandlers.set(channel, handler);
      }),
      removeHandler: vi.fn((channel: string) => ipcHandlers.delete(channel)),
    },
  };
  return { electron, ipcHandlers, windows, defaultSession, resolveReady, menus, trays, notifications, userData, displays };
}
