// The Fax Desktop printer service without CUPS: what it says when there can be no printer, how it asks for the
// administrator's permission (and what it says when that is not given), queue names CUPS accepts, and that it
// only lists printers of hot folders that exist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Automation, HotFolder } from '../../../preload/automation';
import { createFaxPrinters, queueNameFor } from '../../../main/office/fax-printers';
import { createLogger } from '../../../main/log/logger';
import type { CommandResult, RunCommand } from '../../../main/runtime/run-command';

const scripts = fileURLToPath(new URL('../../../assets/cups', import.meta.url));

const folder: HotFolder = { id: 'hf-1', enabled: true, path: '/srv/fax/Front desk', mode: 'send', recipients: [{ number: '+14155550142' }], subject: '', coverId: '' };
const automation: Automation = { hotFolders: [folder], inboundRules: [], reminderAt: null };
const ok = (stdout = ''): CommandResult => ({ code: 0, stdout, stderr: '', startError: null });

function service(answers: (command: string, args: readonly string[]) => CommandResult, options: { platform?: NodeJS.Platform; isRoot?: boolean; serverRoot?: string; scriptsDir?: string } = {}) {
  const calls: Array<{ command: string; args: readonly string[] }> = [];
  const runCommand: RunCommand = (command, args) => {
    calls.push({ command, args });
    return Promise.resolve(answers(command, args));
  };
  const printers = createFaxPrinters({
    scriptsDir: options.scriptsDir ?? scripts,
    automation: () => automation,
    log: createLogger({ sinks: [] }),
    platform: options.platform ?? 'linux',
    isRoot: options.isRoot ?? false,
    runCommand,
    cupsServerRoot: options.serverRoot ?? '/nonexistent',
  });
  return { printers, calls };
}

describe('fax printers', () => {
  it('says why there can be none: not Linux, no CUPS, CUPS not running, CUPS failing', async () => {
    expect((await service(() => ok(), { platform: 'freebsd' }).printers.state()).problem).toMatch(/^A Fax Desktop printer is available on Linux and Windows, and on macOS/);
    expect(await service(() => ({ code: null, stdout: '', stderr: '', startError: 'ENOENT' })).printers.state()).toMatchObject({ supported: false, problem: expect.stringMatching(/has no CUPS/) as unknown });
    expect((await service(() => ({ code: 1, stdout: '', stderr: 'lpstat: Scheduler is not running.\n', startError: null })).printers.state()).problem).toBe('The printing service (CUPS) is not running: start it, then try again.');
    expect((await service(() => ({ code: 1, stdout: '', stderr: 'lpstat: Forbidden\n', startError: null })).printers.state()).problem).toBe('The printing service (CUPS) could not list the printers: lpstat: Forbidden');
    // A computer without any printer is not a failure.
    expect(await service(() => ({ code: 1, stdout: '', stderr: 'lpstat: No destinations added.\n', startError: null })).printers.state()).toEqual({ supported: true, kind: 'cups', problem: null, printers: [] });
  });

  it('lists only the printers of hot folders that exist, and whether each still drops into its folder', async () => {
    const serverRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cups-root-'));
    fs.mkdirSync(path.join(serverRoot, 'fax-desktop'));
    fs.writeFileSync(path.join(serverRoot, 'fax-desktop', 'hf-1.folder'), '/srv/fax/Old place\n');
    const listing = ['device for Office_Laser: ipp://laser.local/ipp/print', 'device for Fax-Desktop-Front-desk: faxdesktop:/hf-1', 'device for Fax-Desktop-Gone: faxdesktop:/hf-removed', ''].join('\n');
    const { printers } = service(() => ok(listing), { serverRoot });
    expect(await printers.state()).toEqual({ supported: true, kind: 'cups', problem: null, printers: [{ hotFolderId: 'hf-1', queue: 'Fax-Desktop-Front-desk', folderMatches: false }] });
    fs.writeFileSync(path.join(serverRoot, 'fax-desktop', 'hf-1.folder'), '/srv/fax/Front desk\n');
    expect((await printers.state()).printers[0]?.folderMatches).toBe(true);
    fs.rmSync(serverRoot, { recursive: true, force: true });
  });

  it('asks for the administrator’s permission through pkexec, or runs the script itself as root', async () => {
    const asUser = service((command) => (command === 'lpstat' ? ok('device for Office_Laser: ipp://laser.local/ipp/print\n') : ok()));
    await asUser.printers.add('hf-1');
    expect(asUser.calls[1]).toEqual({ command: 'pkexec', args: ['/bin/sh', expect.stringMatching(/\/fax-desktop-printer\.sh$/) as unknown, 'add', 'Fax-Desktop-Front-desk', 'hf-1', 'Fax Desktop – Front desk', '/srv/fax/Front desk'] });
    const asRoot = service((command) => (command === 'lpstat' ? ok() : ok()), { isRoot: true });
    await asRoot.printers.add('hf-1');
    expect(asRoot.calls[1]?.command).toBe('/bin/sh');
  });

  it('runs scripts the user owns (an AppImage’s, a checkout’s) from a private copy, removed afterwards', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'user-scripts-'));
    for (const name of ['fax-desktop-printer.sh', 'fax-desktop-backend']) fs.copyFileSync(path.join(scripts, name), path.join(own, name));
    fs.chownSync(own, 65534, 65534);
    let staged = '';
    const { printers } = service(
      (command, args) => {
        if (command === 'pkexec') {
          staged = path.dirname(args[1] ?? '');
          // The copy is there while pkexec runs it, and is the same script.
          expect(fs.readFileSync(path.join(staged, 'fax-desktop-backend'), 'utf8')).toBe(fs.readFileSync(path.join(scripts, 'fax-desktop-backend'), 'utf8'));
        }
        return ok();
      },
      { scriptsDir: own },
    );
    await printers.add('hf-1');
    expect(staged).not.toBe('');
    expect(staged).not.toBe(own);
    expect(fs.existsSync(staged)).toBe(false);
    fs.rmSync(own, { recursive: true, force: true });
  });

  it('says so when the permission is not given, pkexec is missing, or CUPS refuses', async () => {
    const answer = (result: CommandResult) => service((command) => (command === 'lpstat' ? ok() : result)).printers.add('hf-1');
    await expect(answer({ code: 126, stdout: '', stderr: 'Error executing command as another user: Not authorized', startError: null })).rejects.toMatchObject({ kind: 'file', text: { id: 'faxPrinters.permissionNotGiven' } });
    await expect(answer({ code: null, stdout: '', stderr: '', startError: 'ENOENT' })).rejects.toMatchObject({ text: { id: 'faxPrinters.noPkexec' } });
    await expect(answer({ code: 2, stdout: '', stderr: 'lpadmin: Raw queues are deprecated and will stop working in a future version of CUPS.\nlpadmin: Forbidden\n', startError: null })).rejects.toMatchObject({
      text: { id: 'faxPrinters.cupsRefused', values: { reason: 'lpadmin: Forbidden' } },
    });
  });

  it('refuses a hot folder that is not saved, and removing a printer that is not there changes nothing', async () => {
    const { printers, calls } = service(() => ok());
    await expect(printers.add('not-saved')).rejects.toMatchObject({ kind: 'not_found' });
    expect(await printers.remove('hf-1')).toEqual({ supported: true, kind: 'cups', problem: null, printers: [] });
    expect(calls.every((call) => call.command === 'lpstat')).toBe(true);
  });

  it('names queues as CUPS accepts them, after the folder, never taking another printer’s name', () => {
    expect(queueNameFor('/srv/fax/Front desk', new Set())).toBe('Fax-Desktop-Front-desk');
    expect(queueNameFor('/home/anna/Überweisungen (neu)', new Set())).toBe('Fax-Desktop-Uberweisungen-neu');
    expect(queueNameFor('/srv/fax/Front desk', new Set(['fax-desktop-front-desk']))).toBe('Fax-Desktop-Front-desk-2');
    expect(queueNameFor('/srv/fax/传真', new Set())).toBe('Fax-Desktop');
  });
});
