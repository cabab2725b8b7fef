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

export function createFakeElectron() {
  const ipcHandlers = new Map<string, (event: unknown, request: unknown) => Promise<unknown>>();
  const appEvents = new EventEmitter();
  const windows: FakeBrowserWindow[] = [];
  const defaultSession = new FakeSession();
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-shell-test-'));

  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    loadURL = vi.fn(async () => undefined);
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    isMinimized = vi.fn(() => false);
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
      getVersion: vi.fn(() => '0.1.0'),
    }),
    BrowserWindow: FakeBrowserWindow,
    protocol: {
      registerSchemesAsPrivileged: vi.fn(),
      handle: vi.fn(),
    },
    session: { defaultSession },
    powerMonitor: new EventEmitter(),
    shell: { openExternal: vi.fn(async () => undefined) },
    ipcMain: {
      handle: vi.fn((channel: string, handler: (event: unknown, request: unknown) => Promise<unknown>) => {
        ipcHandlers.set(channel, handler);
      }),
      removeHandler: vi.fn((channel: string) => ipcHandlers.delete(channel)),
    },
  };
  return { electron, ipcHandlers, windows, defaultSession, resolveReady };
}
