/**
 * The tray (menu-bar) icon: the unread count in its tooltip and menu, a click opens the window, and its menu runs
 * commands through the same runner as the application menu. Rebuilt whenever what it shows changes.
 */
import path from 'node:path';
import { nativeImage, Tray } from 'electron';
import type { AppCommands } from '../app-commands';
import { buildMenu } from './menus';

export function trayIconPath(assetsDir: string, platform: string): string {
  // macOS menu bars want a small template image (black and clear, tinted by the OS); elsewhere the app's icon.
  return platform === 'darwin' ? path.join(assetsDir, 'trayTemplate.png') : path.join(assetsDir, 'icons', platform === 'win32' ? '16x16.png' : '24x24.png');
}

export function createAppTray(commands: AppCommands, options: { assetsDir: string; platform: string; showWindow(): void }): Tray {
  const image = nativeImage.createFromPath(trayIconPath(options.assetsDir, options.platform));
  if (options.platform === 'darwin') image.setTemplateImage(true);
  const tray = new Tray(image);
  const refresh = (): void => {
    tray.setToolTip(commands.trayTooltip());
    tray.setContextMenu(buildMenu(commands.trayMenu(), (id) => void commands.run(id)));
  };
  tray.on('click', () => options.showWindow());
  refresh();
  commands.onChange(refresh);
  return tray;
}
