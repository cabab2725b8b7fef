/**
 * The main window, created in exactly one place with its security settings spelled out literally (so reviewers
 * and scanners such as Electronegativity see them where the window is made).
 */
import { BrowserWindow } from 'electron';
import type { OpeningBounds, WindowSizes } from '../window/window-bounds';

export const windowSizes: WindowSizes = { width: 1280, height: 820, minWidth: 960, minHeight: 600 };

export function createMainWindow(preloadPath: string, options: { devTools: boolean; bounds?: OpeningBounds }): BrowserWindow {
  const bounds: OpeningBounds = options.bounds ?? { width: windowSizes.width, height: windowSizes.height, maximized: false };
  return new BrowserWindow({
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.width,
    height: bounds.height,
    minWidth: windowSizes.minWidth,
    minHeight: windowSizes.minHeight,
    show: false,
    title: 'Fax Desktop',
    backgroundColor: '#f4f6f9',
    webPreferences: {
      preload: preloadPath,
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
