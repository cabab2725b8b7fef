/**
 * `npm start`: the app for a real account. Runs Electron when its binary is available; otherwise explains why
 * and opens the same app in the browser harness (real main process in Node, renderer in Chromium).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { findElectronBinary } from './electron-binary';

const binary = findElectronBinary({ tryDownload: true });
if (binary) {
  const child = spawn(binary, ['.'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  process.stderr.write(
    'The Electron binary is not available (no internet, or ELECTRON_SKIP_BINARY_DOWNLOAD=1).\n' +
      'Opening Fax Desktop in the browser harness instead: the same main process and renderer, in Chromium.\n',
  );
  const args = ['test/harness/cli.ts', '--user-data', path.join(os.homedir(), '.fax-desktop-harness'), '--command', 'npm start'];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}
