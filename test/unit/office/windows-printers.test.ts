/**
 * The Windows printers' flow, on Linux with a stand-in PowerShell: adding asks for the administrator's permission
 * with the printer's script (decoded back here), puts "Send to" in place and listens first — a job the simulated
 * spooler prints then lands in the hot folder; declining the prompt says so and adds nothing; removing stops
 * listening. Only this person's pipes count as this app's printers.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Automation } from '../../../preload/automation';
import { createWindowsPrinters, printerNameFor } from '../../../main/office/windows-printers';
import type { CommandResult, RunCommand } from '../../../main/runtime/run-command';
import { silentLogger } from '../../../main/log/logger';
import { waitUntil } from '../../helpers/wait';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'win-printers-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const decode = (base64: string): string => Buffer.from(base64, 'base64').toString('utf16le');
const ok = (stdout = ''): CommandResult => ({ code: 0, stdout, stderr: '', startError: null });

/** A stand-in for Windows: keeps the printers an elevated script added; the prompt is accepted or declined. */
function fakeWindows(options: { decline?: boolean } = {}) {
  const printers: Array<{ Name: string; PortName: string }> = [];
  const scripts: string[] = [];
  const run: RunCommand = (_command, args) => {
    const encoded = args[args.indexOf('-EncodedCommand') + 1];
    if (encoded === undefined || args.indexOf('-EncodedCommand') === -1) {
      const script = args.at(-1) ?? '';
      scripts.push(script);
      return Promise.resolve(script.startsWith('Get-Printer') ? ok(JSON.stringify(printers)) : ok());
    }
    if (options.decline) return Promise.resolve({ code: 1223, stdout: '', stderr: '', startError: null });
    const inner = decode(/'-EncodedCommand','([A-Za-z0-9+/=]+)'/.exec(decode(encoded))?.[1] ?? '');
    scripts.push(inner);
    const added = /Add-Printer -Name '((?:[^']|'')+)' -DriverName 'Microsoft Print To PDF' -PortName '([^']+)'/.exec(inner);
    if (added) printers.push({ Name: (added[1] ?? '').replaceAll("''", "'"), PortName: added[2] ?? '' });
    const removed = added ? null : /Remove-Printer -Name '((?:[^']|'')+)'/.exec(inner);
    if (removed) printers.splice(printers.findIndex((printer) => printer.Name === (removed[1] ?? '').replaceAll("''", "'")), 1);
    return Promise.resolve(ok());
  };
  return { run, printers, scripts };
}

function setUp(options: { decline?: boolean } = {}) {
  const folder = fs.mkdtempSync(path.join(work, 'Referrals-'));
  const windows = fakeWindows(options);
  const automation: Automation = { hotFolders: [{ id: 'hf-1', enabled: true, path: folder, mode: 'review', recipients: [], subject: '', coverId: '' }], inboundRules: [], reminderAt: null };
  const sockets = new Map<string, string>();
  const printers = createWindowsPrinters({
    automation: () => automation,
    log: silentLogger,
    runCommand: windows.run,
    appPath: 'C:\\Program Files\\Fax Desktop\\Fax Desktop.exe',
    userName: 'maria',
    listenPathFor: (pipe) => {
      const socket = sockets.get(pipe) ?? path.join(work, `pipe-${String(sockets.size)}-${path.basename(folder)}.sock`);
      sockets.set(pipe, socket);
      return socket;
    },
  });
  return { folder, windows, printers, socketOf: (pipe: string) => sockets.get(pipe) ?? '' };
}

describe('Windows printers (a stand-in PowerShell)', () => {
  it('adding asks for permission with the printer\'s script, adds "Send to", and listens: a printed job lands in the folder', async () => {
    const { folder, windows, printers, socketOf } = setUp();
    const state = await printers.add('hf-1');
    const pipe = '\\\\.\\pipe\\FaxDesktop-maria-hf-1';
    expect(state).toEqual({ supported: true, kind: 'windows', problem: null, printers: [{ hotFolderId: 'hf-1', queue: `Fax Desktop – ${path.basename(folder)}`, folderMatches: true }] });
    expect(windows.scripts.some((script) => script.includes(`-PortName '${pipe}'`))).toBe(true);
    expect(windows.scripts.some((script) => script.includes("GetFolderPath('SendTo')"))).toBe(true);
    await new Promise<void>((resolve, reject) => {
      const client = net.createConnection(socketOf(pipe), () => client.end('%PDF-1.7\n% a referral\n%%EOF\n', () => resolve()));
      client.on('error', reject);
    });
    await waitUntil(() => fs.readdirSync(folder).filter((name) => name.endsWith('.pdf')), (names) => names.length === 1, { what: 'the printed job in the hot folder' });
    expect((await printers.remove('hf-1')).printers).toEqual([]);
    expect(windows.scripts.some((script) => script.includes(`Remove-PrinterPort -Name '${pipe}'`))).toBe(true);
    await expect(new Promise((resolve, reject) => net.createConnection(socketOf(pipe)).on('connect', resolve).on('error', reject))).rejects.toBeDefined();
  });

  it('declining the prompt says so and adds nothing; another person\'s printer is not this one\'s', async () => {
    const { windows, printers } = setUp({ decline: true });
    windows.printers.push({ Name: 'Fax Desktop – Tom', PortName: '\\\\.\\pipe\\FaxDesktop-tom-hf-9' });
    await expect(printers.add('hf-1')).rejects.toMatchObject({ message: "The administrator's permission was not given: nothing was changed." });
    expect((await printers.state()).printers).toEqual([]);
    await printers.stop();
  });

  it('printer names follow the folder\'s and never collide', () => {
    expect(printerNameFor('C:\\Faxes\\Referrals', new Set())).toBe('Fax Desktop – Referrals');
    expect(printerNameFor('D:\\Referrals', new Set(['fax desktop – referrals']))).toBe('Fax Desktop – Referrals 2');
  });
});
