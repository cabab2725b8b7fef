import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createFakeElectron } from './fake-electron';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof import('./fake-electron').createFakeElectron> | null }));
vi.mock('electron', async () => {
  const { createFakeElectron: create } = await import('./fake-electron');
  fake.current = create();
  return fake.current.electron;
});

const { createMainWindow } = await import('../../../main/shell/main-window');
const { createHardenedWindow } = await import('../../../main/shell/web-preferences');

describe('createMainWindow', () => {
  createMainWindow('/app/preload/index.cjs', { devTools: false });
  const windows = (fake.current ?? createFakeElectron()).windows;
  const prefs = (windows[0]?.options.webPreferences ?? {}) as Record<string, unknown>;

  it('isolates the renderer: contextIsolation, sandbox, no Node anywhere', () => {
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false });
  });

  it('keeps web security on and the risky features off', () => {
    expect(prefs).toMatchObject({ webSecurity: true, allowRunningInsecureContent: false, experimentalFeatures: false, webviewTag: false, navigateOnDragDrop: false, devTools: false });
    expect(prefs.disableBlinkFeatures).toContain('Auxclick');
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
  });

  it('loads our preload only', () => {
    expect(prefs.preload).toBe('/app/preload/index.cjs');
  });
});

describe('every window', () => {
  it('is made by createHardenedWindow: no other file in main/ constructs a BrowserWindow', () => {
    const makers = fs
      .globSync('main/**/*.ts')
      .filter((file) => /new BrowserWindow\s*\(/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => file.split('\\').join('/'));
    expect(makers).toEqual(['main/shell/web-preferences.ts']);
  });

  it('a window without a preload (the hidden print window) has the main window’s settings, without the bridge', () => {
    createHardenedWindow({ show: false }, { devTools: false });
    const windows = (fake.current ?? createFakeElectron()).windows;
    const main = { ...(windows[0]?.options.webPreferences as Record<string, unknown>) };
    const hidden = windows[windows.length - 1]?.options.webPreferences as Record<string, unknown>;
    delete main.preload;
    expect(hidden).toEqual(main);
    expect(hidden).not.toHaveProperty('preload');
  });
});
