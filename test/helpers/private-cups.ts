/**
 * A real CUPS scheduler of the test's own: its configuration, spool, backends and socket in a temporary folder,
 * so a test adds Fax Desktop printers and prints to them without touching the computer's printers. Needs cupsd
 * and CUPS's client tools (Debian: cups-daemon, cups-client; .ci/run installs them) and root, because the backend
 * runs as root to write each job as its hot folder's owner.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitUntil } from './wait';

export interface PrivateCups {
  serverRoot: string;
  backendDir: string;
  /** What CUPS's tools and the set-up script need in their environment to use this scheduler. */
  env: Record<string, string>;
  /** Runs one of CUPS's client tools (lp, lpstat…) against this scheduler. */
  tool(command: string, args: string[]): string;
  stop(): Promise<void>;
}

const cupsd = '/usr/sbin/cupsd';

export async function startPrivateCups(): Promise<PrivateCups> {
  if (!fs.existsSync(cupsd)) throw new Error('cupsd is not installed: apt-get install cups-daemon cups-client (see README, "Install")');
  if (process.getuid?.() !== 0) throw new Error('the Fax Desktop printer tests run cupsd as root (its backend runs as root)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cups-'));
  const serverRoot = path.join(dir, 'etc');
  const serverBin = path.join(dir, 'lib');
  const backendDir = path.join(serverBin, 'backend');
  for (const sub of [serverRoot, backendDir, path.join(dir, 'spool', 'tmp'), path.join(dir, 'cache'), path.join(dir, 'state'), path.join(dir, 'log')]) fs.mkdirSync(sub, { recursive: true });
  for (const sub of ['daemon', 'notifier']) if (fs.existsSync(`/usr/lib/cups/${sub}`)) fs.symlinkSync(`/usr/lib/cups/${sub}`, path.join(serverBin, sub));
  const socket = path.join(dir, 'cups.sock');
  fs.writeFileSync(
    path.join(serverRoot, 'cupsd.conf'),
    [`Listen ${socket}`, 'LogLevel info', 'WebInterface No', 'Browsing No', 'JobRetryInterval 1', '<Location />', '  Order allow,deny', '  Allow all', '</Location>', ''].join('\n'),
  );
  fs.writeFileSync(
    path.join(serverRoot, 'cups-files.conf'),
    [
      `ServerRoot ${serverRoot}`,
      `ServerBin ${serverBin}`,
      'DataDir /usr/share/cups',
      `RequestRoot ${path.join(dir, 'spool')}`,
      `TempDir ${path.join(dir, 'spool', 'tmp')}`,
      `CacheDir ${path.join(dir, 'cache')}`,
      `StateDir ${path.join(dir, 'state')}`,
      `ErrorLog ${path.join(dir, 'log', 'error_log')}`,
      `AccessLog ${path.join(dir, 'log', 'access_log')}`,
      `PageLog ${path.join(dir, 'log', 'page_log')}`,
      'SystemGroup root',
      'Group lp',
      '',
    ].join('\n'),
  );
  const daemon: ChildProcess = spawn(cupsd, ['-f', '-c', path.join(serverRoot, 'cupsd.conf'), '-s', path.join(serverRoot, 'cups-files.conf')], { stdio: 'ignore' });
  const env = { CUPS_SERVER: socket, FAX_DESKTOP_CUPS_BACKEND_DIR: backendDir, FAX_DESKTOP_CUPS_SERVERROOT: serverRoot };
  const tool = (command: string, args: string[]): string => execFileSync(command, args, { env: { ...process.env, ...env, LC_ALL: 'C' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  await waitUntil(
    () => {
      try {
        return tool('lpstat', ['-r']);
      } catch {
        return '';
      }
    },
    (answer) => answer.includes('is running'),
    { what: 'the test cupsd to start' },
  );
  return {
    serverRoot,
    backendDir,
    env,
    tool,
    async stop() {
      daemon.kill('SIGTERM');
      if (daemon.exitCode === null) await new Promise((resolve) => daemon.once('exit', resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
