/**
 * Every window of the app is made here, with one set of security settings: isolated, sandboxed, no Node, no
 * webview, no navigation by drag and drop, no middle-click windows. A window differs only in its size and look,
 * its preload (the main window has the bridge; the hidden print window has none) and whether developer tools may
 * open. The settings are spelled out in the `new BrowserWindow` call itself, so scanners such as Electronegativity
 * see them where the window is made.
 */
import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';

export function createHardenedWindow(look: Omit<BrowserWindowConstructorOptions, 'webPreferences'>, options: { preload?: string; devTools: boolean }): BrowserWindow {
  return new BrowserWindow({
    ...look,
    webPreferences: {
      ...(options.preload ? { preload: options.preload } : {}),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      // Middle-click must not open links in new windows.
      disableBlinkFeatures: 'Auxclick',
      devTools: options.devTools,
    },
  });
}
