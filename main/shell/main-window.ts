/** The main window, created in exactly one place, with the settings every window has (web-preferences.ts). */
import type { BrowserWindow } from 'electron';
import { createHardenedWindow } from './web-preferences';
import type { OpeningBounds, WindowSizes } from '../window/window-bounds';

export const windowSizes: WindowSizes = { width: 1280, height: 820, minWidth: 960, minHeight: 600 };

export function createMainWindow(preloadPath: string, options: { devTools: boolean; bounds?: OpeningBounds }): BrowserWindow {
  const bounds: OpeningBounds = options.bounds ?? { width: windowSizes.width, height: windowSizes.height, maximized: false };
  return createHardenedWindow(
    {
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.width,
    height: bounds.height,
    minWidth: windowSizes.minWidth,
    minHeight: windowSizes.minHeight,
    show: false,
    title: 'Fax Desktop',
    backgroundColor: '#f4f6f9',
    },
    { preload: preloadPath, devTools: options.devTools },
  );
}
