/** Remembers the main window's size, position and maximised state as it changes (main/window/). */
import type { BrowserWindow } from 'electron';
import type { WindowStateFile } from '../window/window-state-file';

export function keepWindowState(window: BrowserWindow, file: WindowStateFile): void {
  const remember = (): void => {
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return;
    const bounds = window.getNormalBounds();
    file.remember({ bounds, maximized: window.isMaximized() });
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event as 'resize', remember);
  window.on('close', () => {
    remember();
    file.flush();
  });
}
