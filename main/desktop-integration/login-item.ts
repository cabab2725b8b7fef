/**
 * Start at login, hidden in the tray. Windows and macOS keep login items themselves (Electron's
 * `app.setLoginItemSettings`, given here); Linux desktops start what `~/.config/autostart/*.desktop` lists (the
 * XDG autostart spec), so the entry is written or removed here.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The argument a login start carries: the app starts in the tray without showing its window. */
export const hiddenStartArgument = '--hidden';

export function startsHidden(argv: readonly string[]): boolean {
  return argv.includes(hiddenStartArgument);
}

export function loginItemSettings(enabled: boolean): { openAtLogin: boolean; args: string[] } {
  return { openAtLogin: enabled, args: enabled ? [hiddenStartArgument] : [] };
}

export const autostartFileName = 'fax-desktop.desktop';

/** Quotes an Exec argument as the Desktop Entry spec asks (reserved characters inside double quotes). */
function execArgument(value: string): string {
  return /^[A-Za-z0-9_\-./]+$/.test(value) ? value : `"${value.replace(/(["`$\\])/g, '\\$1')}"`;
}

export function autostartEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Fax Desktop',
    'Comment=Send and receive faxes',
    `Exec=${execArgument(executable)} ${hiddenStartArgument}`,
    'Icon=fax-desktop',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/**
 * Writes or removes the autostart entry. `executable` is what starts the app (for an AppImage, the AppImage file
 * itself, not its temporary mount). Returns the entry's path.
 */
export function applyLinuxAutostart(enabled: boolean, options: { configHome: string; executable: string }): string {
  const file = path.join(options.configHome, 'autostart', autostartFileName);
  if (enabled) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, autostartEntry(options.executable), { mode: 0o644 });
  } else {
    fs.rmSync(file, { force: true });
  }
  return file;
}

/** `$XDG_CONFIG_HOME`, or `~/.config` when it is unset or not absolute (as the spec says). */
export function xdgConfigHome(env: NodeJS.ProcessEnv, home: string): string {
  const configured = env.XDG_CONFIG_HOME;
  return configured && path.isAbsolute(configured) ? configured : path.join(home, '.config');
}
