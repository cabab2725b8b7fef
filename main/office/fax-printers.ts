/**
 * "Fax Desktop" printers (Linux): CUPS print queues whose jobs land in a hot folder, so any program's Print faxes
 * (on macOS the same is an entry in the Print dialog's PDF menu: pdf-services.ts; on Windows a printer on Windows'
 * own PDF driver printing to a pipe of this app: windows-printers.ts).
 * The queue's backend and its folder are set up as root by assets/cups/fax-desktop-printer.sh, which this service
 * runs through pkexec (the administrator's permission); reading what is set up needs no rights.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Automation, FaxPrinter, FaxPrinterState } from '../../preload/automation';
import { msg, type Message } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import { say } from '../i18n/main-locale';
import type { Logger } from '../log/logger';
import { createPdfServicePrinters } from './pdf-services';
import { createWindowsPrinters } from './windows-printers';
import { runCommand as realRunCommand, type CommandResult, type RunCommand } from '../runtime/run-command';

export interface FaxPrinterDeps {
  /** Where fax-desktop-printer.sh and its backend are; null when this build does not carry them. */
  scriptsDir: string | null;
  automation: () => Automation;
  log: Logger;
  platform?: NodeJS.Platform;
  runCommand?: RunCommand;
  /** Running as root already (no permission to ask for). */
  isRoot?: boolean;
  /** CUPS's configuration folder, where the printers' folders are written (the tests' own cupsd has another). */
  cupsServerRoot?: string;
  /** macOS: the home folder whose Library/PDF Services gets the entries. */
  homeDir?: string;
  /** Windows: the app's executable, for "Send to → Fax Desktop". */
  appPath?: string;
}

export interface FaxPrinters {
  state(): Promise<FaxPrinterState>;
  add(hotFolderId: string): Promise<FaxPrinterState>;
  remove(hotFolderId: string): Promise<FaxPrinterState>;
  /** Windows: listens for the printers' jobs while the app runs. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

const printerId = /^[A-Za-z0-9_-]{1,64}$/;
const deviceLine = /^device for (\S+): faxdesktop:\/([A-Za-z0-9_-]+)\s*$/;
// The administrator may take a while to come and type the password.
const permissionTimeoutMs = 5 * 60_000;

/** A queue name CUPS accepts, from the folder's name: "Fax-Desktop-Referrals". */
export function queueNameFor(folder: string, taken: ReadonlySet<string>): string {
  const base = path.basename(folder).normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48);
  const stem = base ? `Fax-Desktop-${base}` : 'Fax-Desktop';
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? stem : `${stem}-${String(n)}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** The first line of a tool's complaint, without CUPS's notice that raw queues are deprecated. */
function complaint(result: CommandResult): string {
  const line = result.stderr.split('\n').map((text) => text.trim()).find((text) => text.length > 0 && !/deprecated/i.test(text));
  return (line ?? `exit ${String(result.code)}`).slice(0, 300);
}

/**
 * The scripts where root can read them. An installed app's (a .deb under /opt) are root's own and run from there.
 * Others — an AppImage's, which live on a FUSE mount root cannot enter, or a checkout's — are copied into a private
 * folder first (they are the user's to change either way) and the copy removed afterwards.
 */
export async function rootReadableScripts(dir: string): Promise<{ dir: string; release: () => Promise<void> }> {
  if ((await fsp.stat(dir)).uid === 0) return { dir, release: () => Promise.resolve() };
  const staged = await fsp.mkdtemp(path.join(os.tmpdir(), 'fax-desktop-printer-'));
  for (const name of ['fax-desktop-printer.sh', 'fax-desktop-backend']) await fsp.copyFile(path.join(dir, name), path.join(staged, name));
  return { dir: staged, release: () => fsp.rm(staged, { recursive: true, force: true }) };
}

export function createFaxPrinters(deps: FaxPrinterDeps): FaxPrinters {
  const platform = deps.platform ?? process.platform;
  // macOS: an entry in every Print dialog's PDF menu instead of a print queue.
  if (platform === 'darwin') return createPdfServicePrinters({ homeDir: deps.homeDir ?? os.homedir(), automation: deps.automation, log: deps.log });
  // Windows: a printer on Windows' own PDF driver, printing to a pipe of this app.
  if (platform === 'win32') return createWindowsPrinters({ automation: deps.automation, log: deps.log, runCommand: deps.runCommand ?? realRunCommand, appPath: deps.appPath ?? process.execPath });
  const run = deps.runCommand ?? realRunCommand;
  const isRoot = deps.isRoot ?? process.getuid?.() === 0;
  const serverRoot = deps.cupsServerRoot ?? '/etc/cups';
  const log = deps.log.child('fax-printers');

  const unsupported = (problem: Message): FaxPrinterState => ({ supported: false, kind: 'cups', problem: say(problem), printers: [] });

  /** Every CUPS queue: name → device URI's Fax Desktop id (or null for another printer). */
  async function queues(): Promise<{ problem: Message } | { queues: Map<string, string | null> }> {
    const listed = await run('lpstat', ['-v']);
    if (listed.startError === 'ENOENT') return { problem: msg('faxPrinters.cupsIsNotInstalled') };
    if (/scheduler is not running/i.test(listed.stderr)) return { problem: msg('faxPrinters.cupsIsNotRunning') };
    // "No destinations added" is a computer without printers, not a failure.
    if (listed.code !== 0 && !/no destinations/i.test(listed.stderr)) return { problem: msg('faxPrinters.cupsAnswered', { reason: complaint(listed) }) };
    const found = new Map<string, string | null>();
    for (const line of listed.stdout.split('\n')) {
      const ours = deviceLine.exec(line);
      if (ours?.[1] && ours[2]) found.set(ours[1], ours[2]);
      else {
        const other = /^device for (\S+):/.exec(line);
        if (other?.[1]) found.set(other[1], null);
      }
    }
    return { queues: found };
  }

  async function folderOf(id: string): Promise<string | null> {
    const text = await fsp.readFile(path.join(serverRoot, 'fax-desktop', `${id}.folder`), 'utf8').catch(() => null);
    return text === null ? null : text.replace(/\n$/, '');
  }

  /** Every CUPS queue, or why there can be no Fax Desktop printer here. */
  async function printingSystem(): Promise<{ problem: Message } | { queues: Map<string, string | null> }> {
    if (platform !== 'linux') return { problem: msg('faxPrinters.onlyOnLinux') };
    if (deps.scriptsDir === null) return { problem: msg('faxPrinters.notInThisBuild') };
    return queues();
  }

  async function state(): Promise<FaxPrinterState> {
    const listed = await printingSystem();
    if ('problem' in listed) return unsupported(listed.problem);
    const hotFolders = deps.automation().hotFolders;
    const printers: FaxPrinter[] = [];
    for (const [queue, id] of listed.queues) {
      const hotFolder = id === null ? undefined : hotFolders.find((folder) => folder.id === id);
      if (!hotFolder || id === null) continue;
      const folder = await folderOf(id);
      printers.push({ hotFolderId: id, queue, folderMatches: folder !== null && path.resolve(folder) === path.resolve(hotFolder.path) });
    }
    return { supported: true, kind: 'cups', problem: null, printers };
  }

  /** Runs the set-up script as root: directly when already root, else through pkexec (which asks). */
  async function asAdministrator(args: string[]): Promise<void> {
    if (deps.scriptsDir === null) throw new AppError('file', msg('faxPrinters.notInThisBuild'));
    const scripts = await rootReadableScripts(deps.scriptsDir);
    let result: CommandResult;
    try {
      const script = path.join(scripts.dir, 'fax-desktop-printer.sh');
      result = isRoot ? await run('/bin/sh', [script, ...args], { timeoutMs: permissionTimeoutMs }) : await run('pkexec', ['/bin/sh', script, ...args], { timeoutMs: permissionTimeoutMs });
    } finally {
      await scripts.release();
    }
    if (result.code === 0) return;
    log.warn('fax_printers.setup_failed', { code: result.code, startError: result.startError });
    if (!isRoot && result.startError === 'ENOENT') throw new AppError('file', msg('faxPrinters.noPkexec'));
    // pkexec: 126, the dialog was dismissed or the password refused; 127, not authorized.
    if (!isRoot && (result.code === 126 || result.code === 127)) throw new AppError('file', msg('faxPrinters.permissionNotGiven'));
    throw new AppError('file', msg('faxPrinters.cupsRefused', { reason: complaint(result) }));
  }

  async function supportedQueues(): Promise<Map<string, string | null>> {
    const listed = await printingSystem();
    if ('problem' in listed) throw new AppError('file', listed.problem);
    return listed.queues;
  }

  return {
    state,

    async add(hotFolderId) {
      const hotFolder = deps.automation().hotFolders.find((folder) => folder.id === hotFolderId);
      if (!hotFolder || !printerId.test(hotFolderId)) throw new AppError('not_found', msg('faxPrinters.saveTheHotFolder'));
      const existing = await supportedQueues();
      const own = [...existing].find(([, id]) => id === hotFolderId)?.[0];
      const taken = new Set([...existing.keys()].filter((name) => name !== own).map((name) => name.toLowerCase()));
      const queue = own ?? queueNameFor(hotFolder.path, taken);
      const description = `Fax Desktop – ${path.basename(hotFolder.path) || hotFolder.path}`;
      await asAdministrator(['add', queue, hotFolderId, description, path.resolve(hotFolder.path)]);
      log.info('fax_printers.added');
      return state();
    },

    async remove(hotFolderId) {
      const existing = await supportedQueues();
      const queue = [...existing].find(([, id]) => id === hotFolderId)?.[0];
      if (queue === undefined) return state();
      await asAdministrator(['remove', queue, hotFolderId]);
      log.info('fax_printers.removed');
      return state();
    },
  };
}
