/**
 * Finds the Electron binary without `require('electron')` (which, from Electron 42 on, starts a download that
 * kills the process when it fails). Tries the download once when allowed; after a failed attempt it records that
 * it failed and does not try again on later runs (`npm run electron:download` tries again on request).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ElectronBinaryOptions {
  /** May the download be attempted (npm start / demo: yes, unless it failed before). */
  tryDownload: boolean;
  electronDir?: string;
  /** Where a failed download is remembered. */
  markerFile?: string;
  /** Runs Electron's own installer; true when it succeeded. */
  install?: (electronDir: string) => boolean;
  say?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

export const defaultElectronDir = path.resolve('node_modules', 'electron');
export const defaultMarkerFile = path.resolve('node_modules', '.cache', 'fax-desktop', 'electron-download-failed.json');

function installedBinary(electronDir: string): string | null {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const binary = path.join(electronDir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(binary) ? binary : null;
}

function runInstaller(electronDir: string): boolean {
  const result = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { stdio: 'inherit', timeout: 180_000 });
  return result.status === 0;
}

export function findElectronBinary(options: ElectronBinaryOptions): string | null {
  const electronDir = options.electronDir ?? defaultElectronDir;
  const markerFile = options.markerFile ?? defaultMarkerFile;
  const env = options.env ?? process.env;
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const existing = installedBinary(electronDir);
  if (existing || !options.tryDownload || env.ELECTRON_SKIP_BINARY_DOWNLOAD === '1' || fs.existsSync(markerFile)) return existing;
  say('Downloading the Electron binary (needs internet)…');
  if ((options.install ?? runInstaller)(electronDir)) {
    const found = installedBinary(electronDir);
    if (found) return found;
  }
  fs.mkdirSync(path.dirname(markerFile), { recursive: true });
  fs.writeFileSync(markerFile, JSON.stringify({ failedAt: new Date().toISOString() }));
  say(
    'The Electron download failed (no internet?). Fax Desktop will not try again on later runs; to try again, run: npm run electron:download',
  );
  return null;
}

/** `npm run electron:download`: forgets an earlier failure and tries the download now. */
export function downloadElectronNow(options: Omit<ElectronBinaryOptions, 'tryDownload'> = {}): string | null {
  fs.rmSync(options.markerFile ?? defaultMarkerFile, { force: true });
  return findElectronBinary({ ...options, tryDownload: true, env: { ...(options.env ?? process.env), ELECTRON_SKIP_BINARY_DOWNLOAD: '' } });
}
