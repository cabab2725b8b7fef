// Start at login: Windows/macOS login-item settings, and the Linux XDG autostart entry written and removed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyLinuxAutostart, autostartEntry, loginItemSettings, startsHidden, xdgConfigHome } from '../../../main/desktop-integration/login-item';

describe('start at login', () => {
  it('Windows/macOS: open at login, hidden in the tray', () => {
    expect(loginItemSettings(true)).toEqual({ openAtLogin: true, args: ['--hidden'] });
    expect(loginItemSettings(false)).toEqual({ openAtLogin: false, args: [] });
    expect(startsHidden(['/opt/fax-desktop', '--hidden'])).toBe(true);
    expect(startsHidden(['/opt/fax-desktop'])).toBe(false);
  });

  it('Linux: writes ~/.config/autostart/fax-desktop.desktop and removes it again', () => {
    const configHome = fs.mkdtempSync(path.join(os.tmpdir(), 'xdg-'));
    const file = applyLinuxAutostart(true, { configHome, executable: '/home/ann/Apps/Fax Desktop.AppImage' });
    expect(file).toBe(path.join(configHome, 'autostart', 'fax-desktop.desktop'));
    const entry = fs.readFileSync(file, 'utf8');
    expect(entry).toContain('[Desktop Entry]');
    expect(entry).toContain('Exec="/home/ann/Apps/Fax Desktop.AppImage" --hidden');
    applyLinuxAutostart(false, { configHome, executable: '/x' });
    expect(fs.existsSync(file)).toBe(false);
    expect(() => applyLinuxAutostart(false, { configHome, executable: '/x' })).not.toThrow();
  });

  it('quotes what the Desktop Entry spec reserves, and finds the config folder as the XDG spec says', () => {
    expect(autostartEntry('/opt/fax-desktop/fax-desktop')).toContain('Exec=/opt/fax-desktop/fax-desktop --hidden');
    expect(autostartEntry('/tmp/a"b$c')).toContain('Exec="/tmp/a\\"b\\$c" --hidden');
    expect(xdgConfigHome({ XDG_CONFIG_HOME: '/cfg' }, '/home/ann')).toBe('/cfg');
    expect(xdgConfigHome({ XDG_CONFIG_HOME: 'relative' }, '/home/ann')).toBe('/home/ann/.config');
    expect(xdgConfigHome({}, '/home/ann')).toBe('/home/ann/.config');
  });
});
