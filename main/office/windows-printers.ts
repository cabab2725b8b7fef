/**
 * "Fax Desktop" printers on Windows: one per hot folder, on Windows' own "Microsoft Print To PDF" driver, printing
 * to a named pipe this app listens on while it runs (print-job-receiver.ts), so every job lands in the hot folder.
 * Adding and removing asks for the administrator's permission (an elevated PowerShell); listing needs none. Adding
 * also puts "Send to → Fax Desktop" into Explorer (the user's SendTo folder).
 */
import os from 'node:os';
import type { Automation, FaxPrinterState } from '../../preload/automation';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import type { Logger } from '../log/logger';
import type { RunCommand } from '../runtime/run-command';
import { createPrintJobReceiver, printPipeName, type PrintJobReceiver } from './print-job-receiver';
import { addPrinterScript, elevatedCommand, listPrintersScript, parsePrinterList, removePrinterScript, sendToShortcutScript } from './windows-printer-commands';

export interface WindowsPrintersDeps {
  automation: () => Automation;
  log: Logger;
  runCommand: RunCommand;
  /** The app's executable (for "Send to"). */
  appPath: string;
  userName?: string;
  /** Where a printer's receiver listens (the pipe on Windows; tests give a socket path). */
  listenPathFor?: (pipe: string) => string;
}

/** Declining Windows' permission prompt (ERROR_CANCELLED). */
const cancelled = 1223;
const permissionTimeoutMs = 5 * 60_000;

export function printerNameFor(folder: string, taken: ReadonlySet<string>): string {
  const base = folder.split(/[\\/]/).filter(Boolean).at(-1)?.replace(/[,!\\]/g, '-').slice(0, 60) ?? '';
  const stem = base ? `Fax Desktop – ${base}` : 'Fax Desktop';
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? stem : `${stem} ${String(n)}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

export function createWindowsPrinters(deps: WindowsPrintersDeps) {
  const log = deps.log.child('windows-printers');
  const userName = deps.userName ?? os.userInfo().username;
  const listenPathFor = deps.listenPathFor ?? ((pipe: string) => pipe);
  const receivers = new Map<string, PrintJobReceiver>();
  const pipeOf = (hotFolderId: string): string => printPipeName(userName, hotFolderId);
  const idOfPipe = (pipe: string): string | null => {
    const prefix = printPipeName(userName, '');
    return pipe.startsWith(prefix) ? pipe.slice(prefix.length) : null;
  };
  const folderOf = (hotFolderId: string): string | null => deps.automation().hotFolders.find((folder) => folder.id === hotFolderId)?.path ?? null;

  async function listed(): Promise<Array<{ name: string; pipe: string; hotFolderId: string }>> {
    const result = await deps.runCommand('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', listPrintersScript()], { timeoutMs: 30_000 });
    if (result.code !== 0) throw new AppError('file', msg('faxPrinters.cupsAnswered', { reason: `PowerShell exit ${String(result.code)}` }));
    return parsePrinterList(result.stdout).flatMap((printer) => {
      const hotFolderId = idOfPipe(printer.pipe);
      return hotFolderId === null ? [] : [{ ...printer, hotFolderId }];
    });
  }

  async function listen(hotFolderId: string): Promise<void> {
    if (receivers.has(hotFolderId)) return;
    const receiver = createPrintJobReceiver({ listenPath: listenPathFor(pipeOf(hotFolderId)), folder: () => folderOf(hotFolderId), log: deps.log });
    await receiver.start();
    receivers.set(hotFolderId, receiver);
  }

  async function unlisten(hotFolderId: string): Promise<void> {
    const receiver = receivers.get(hotFolderId);
    receivers.delete(hotFolderId);
    await receiver?.stop();
  }

  async function elevated(script: string): Promise<void> {
    const { command, args } = elevatedCommand(script);
    const result = await deps.runCommand(command, args, { timeoutMs: permissionTimeoutMs });
    if (result.code === 0) return;
    log.warn('windows_printers.setup_failed', { code: result.code });
    if (result.code === cancelled) throw new AppError('file', msg('faxPrinters.permissionNotGiven'));
    throw new AppError('file', msg('faxPrinters.cupsRefused', { reason: `PowerShell exit ${String(result.code)}` }));
  }

  async function state(): Promise<FaxPrinterState> {
    const printers = (await listed()).map((printer) => ({ hotFolderId: printer.hotFolderId, queue: printer.name, folderMatches: folderOf(printer.hotFolderId) !== null }));
    return { supported: true, kind: 'windows', problem: null, printers };
  }

  return {
    state,
    /** Listens for the printers that exist (at start). */
    async start(): Promise<void> {
      for (const printer of await listed().catch(() => [])) await listen(printer.hotFolderId).catch((error: unknown) => log.warn('windows_printers.listen_failed', { error }));
    },
    async add(hotFolderId: string): Promise<FaxPrinterState> {
      const folder = folderOf(hotFolderId);
      if (folder === null) throw new AppError('not_found', msg('faxPrinters.saveTheHotFolder'));
      const existing = await listed();
      const own = existing.find((printer) => printer.hotFolderId === hotFolderId);
      const taken = new Set(existing.filter((printer) => printer !== own).map((printer) => printer.name.toLowerCase()));
      // The app listens first: a job printed the moment the printer exists is not refused.
      await listen(hotFolderId);
      await elevated(addPrinterScript({ name: own?.name ?? printerNameFor(folder, taken), pipe: pipeOf(hotFolderId) }));
      const shortcut = await deps.runCommand('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', sendToShortcutScript(deps.appPath)], { timeoutMs: 30_000 });
      if (shortcut.code !== 0) log.warn('windows_printers.send_to_failed', { code: shortcut.code });
      log.info('windows_printers.added');
      return state();
    },
    async remove(hotFolderId: string): Promise<FaxPrinterState> {
      const printer = (await listed()).find((candidate) => candidate.hotFolderId === hotFolderId);
      if (printer) await elevated(removePrinterScript(printer));
      await unlisten(hotFolderId);
      log.info('windows_printers.removed');
      return state();
    },
    async stop(): Promise<void> {
      for (const id of [...receivers.keys()]) await unlisten(id);
    },
  };
}
