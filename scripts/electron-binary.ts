/**
 * Finds the Electron binary without `require('electron')` (which, from Electron 42 on, starts a download that
 * kills the process when it fails). Tries the download once when allowed; returns null when there is no binary.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const electronDir = path.resolve('node_modules', 'electron');

function installedBinary(): string | null {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const binary = path.join(electronDir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(binary) ? binary : null;
}

export function findElectronBinary(options: { tryDownload: boolean }): string | null {
  const existing = installedBinary();
  if (existing || !options.tryDownload || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD === '1') return existing;
  process.stderr.write('Downloading the Electron binary (needs internet)…\n');
  const result = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { stdio: 'inherit', timeout: 180_000 });
  return result.status === 0 ? installedBinary() : null;
}
