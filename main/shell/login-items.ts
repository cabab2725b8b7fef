/** "Start at login": the OS's login items on Windows and macOS, an XDG autostart entry on Linux. */
import os from 'node:os';
import { app } from 'electron';
import { applyLinuxAutostart, loginItemSettings, xdgConfigHome } from '../desktop-integration/login-item';

export function applyStartAtLogin(enabled: boolean, platform: string = process.platform): void {
  if (platform === 'linux') {
    // An AppImage runs from a temporary mount: the login entry must start the AppImage file itself.
    applyLinuxAutostart(enabled, { configHome: xdgConfigHome(process.env, os.homedir()), executable: process.env.APPIMAGE ?? process.execPath });
    return;
  }
  app.setLoginItemSettings(loginItemSettings(enabled));
}
