/**
 * Documents a launch asks the app to open — `fax-desktop referral.pdf scan.tiff`, the file manager's "Open with",
 * a file dropped on the dock icon, or a second launch while the app runs — go to compose. This reads them from a
 * command line: Electron's own flags and Chromium switches are skipped, file:// URLs (Linux desktop files pass %U)
 * become paths, relative paths are resolved against the launch's working folder.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const openableExtensions: readonly string[] = ['.pdf', '.tif', '.tiff', '.jpg', '.jpeg', '.png', '.docx'];

/** Flags that take the next argument as their value. */
const flagsWithValue = new Set(['--profile-dir']);

export function filesFromArgv(argv: readonly string[], options: { cwd: string; packaged: boolean }): string[] {
  // Packaged: [app, ...args]. Development: [electron, <app entry>, ...args].
  const args = argv.slice(options.packaged ? 1 : 2);
  const files: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (flagsWithValue.has(arg)) {
      index += 1;
      continue;
    }
    if (arg.startsWith('-') || arg === '') continue;
    let candidate: string;
    if (arg.startsWith('file://')) {
      try {
        candidate = fileURLToPath(arg);
      } catch {
        continue;
      }
    } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) {
      continue; // another scheme (a URL handed to the app) is never opened as a file
    } else {
      candidate = path.resolve(options.cwd, arg);
    }
    if (!openableExtensions.includes(path.extname(candidate).toLowerCase())) continue;
    if (!files.includes(candidate)) files.push(candidate);
  }
  return files;
}
