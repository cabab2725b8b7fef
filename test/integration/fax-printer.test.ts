// The "Fax Desktop" printer against a real CUPS scheduler (the test's own) and the sandbox: added for a hot folder,
// a PDF printed to it from any program is faxed as the folder says; the job is written as the folder's owner,
// private to them; a PostScript job ends in Failed with the reason; a moved hot folder is flagged; removed, the
// printer and its backend are gone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Automation, FaxPrinterState, HotFolder } from '../../preload/automation';
import type { ConnectedCore } from '../helpers/connected-core';
import { useSandbox } from '../helpers/sandbox-fixture';
import { startPrivateCups, type PrivateCups } from '../helpers/private-cups';
import { value } from '../helpers/ipc-value';
import { waitUntil } from '../helpers/wait';
import { onePagePdf, type FaxJson, type ListJson } from '../fax-service/testkit';
import { setEnvFor } from '../helpers/process-env';

const fixture = useSandbox();
const scripts = fileURLToPath(new URL('../../assets/cups', import.meta.url));
const nobody = 65534;

const files = (folder: string): string[] => (fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => fs.statSync(path.join(folder, name)).isFile()).sort() : []);

describe('the Fax Desktop printer (CUPS)', () => {
  let cups: PrivateCups;
  let app: ConnectedCore;
  let folder: string;
  let restoreEnv = (): void => undefined;
  const hotFolder = (): HotFolder => ({ id: 'referrals-0001', enabled: true, path: folder, mode: 'send', recipients: [{ number: '+14155550142' }], subject: 'Printed', coverId: '' });
  const printers = async (): Promise<FaxPrinterState> => value<FaxPrinterState>(await app.call('getFaxPrinters'));
  const outbound = async (): Promise<FaxJson[]> => ((await fixture.t.api(app.key, 'GET', '/faxes?direction=outbound&limit=100')).json as ListJson<FaxJson>).data.data;

  beforeAll(async () => {
    cups = await startPrivateCups();
    // The app's calls of lpstat and of the set-up script reach the test's scheduler.
    restoreEnv = setEnvFor(cups.env);
    app = await fixture.connect({ extra: { hotFolderTiming: { stableMs: 300, scanMs: 100 }, faxPrinterScripts: scripts, cupsServerRoot: cups.serverRoot } });
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'printer-'));
    fs.chmodSync(parent, 0o755);
    folder = path.join(parent, 'Referrals');
    fs.mkdirSync(folder);
    fs.chownSync(folder, nobody, nobody);
    value<Automation>(await app.call('saveAutomation', { hotFolders: [hotFolder()], inboundRules: [], reminderAt: null }));
  });

  afterAll(async () => {
    restoreEnv();
    await cups.stop();
  });

  it('is offered with no printer yet; a hot folder not saved has none', async () => {
    expect(await printers()).toEqual({ supported: true, kind: 'cups', problem: null, printers: [] });
    const refused = await app.call('addFaxPrinter', { hotFolderId: 'not-saved' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'not_found', message: 'Save the hot folder first: the printer drops what is printed into it.' } });
  });

  it('added for a hot folder, faxes what any program prints to it, written as the folder’s owner', async () => {
    const added = value<FaxPrinterState>(await app.call('addFaxPrinter', { hotFolderId: 'referrals-0001' }));
    expect(added).toEqual({ supported: true, kind: 'cups', problem: null, printers: [{ hotFolderId: 'referrals-0001', queue: 'Fax-Desktop-Referrals', folderMatches: true }] });
    expect(await printers()).toEqual(added);
    expect(cups.tool('lpstat', ['-v'])).toContain('device for Fax-Desktop-Referrals: faxdesktop:/referrals-0001');
    const before = (await outbound()).length;
    const document = path.join(os.tmpdir(), `print-${String(process.pid)}.pdf`);
    fs.writeFileSync(document, onePagePdf);
    cups.tool('lp', ['-d', 'Fax-Desktop-Referrals', '-t', 'Referral for a patient', document]);
    const sent = await waitUntil(() => files(path.join(folder, 'Sent')), (names) => names.length === 1, { what: 'the printed job in Sent', timeoutMs: 30_000 });
    expect(sent[0]).toMatch(/^Printed \d{4}-\d{2}-\d{2} \d{2}\.\d{2}\.\d{2} job \d+\.pdf$/);
    const faxes = await waitUntil(outbound, (list) => list.length === before + 1, { what: 'the fax at the service' });
    expect(faxes[0]?.recipients.map((recipient) => recipient.to)).toEqual(['+14155550142']);
    const stat = fs.statSync(path.join(folder, 'Sent', sent[0] ?? ''));
    expect({ uid: stat.uid, mode: stat.mode & 0o777 }).toEqual({ uid: nobody, mode: 0o600 });
    expect(fs.readFileSync(path.join(folder, 'Sent', sent[0] ?? ''))).toEqual(Buffer.from(onePagePdf));
    // The job's title (it may name a patient) is in no file name and no log line.
    expect(sent[0]).not.toContain('patient');
    expect(app.logLines.join('\n')).not.toContain('Referrals');
  });

  it('a job printed while the folder is away (a network drive) waits in the queue and arrives when it is back', async () => {
    const before = (await outbound()).length;
    const away = `${folder}.away`;
    fs.renameSync(folder, away);
    const document = path.join(os.tmpdir(), `print-${String(process.pid)}.pdf`);
    fs.writeFileSync(document, onePagePdf);
    cups.tool('lp', ['-d', 'Fax-Desktop-Referrals', document]);
    await waitUntil(() => cups.tool('lpstat', ['-l', '-p', 'Fax-Desktop-Referrals']), (text) => text.includes('cannot be reached'), { what: 'the backend to say the folder is away' });
    expect(cups.tool('lpstat', ['-o', 'Fax-Desktop-Referrals'])).toMatch(/Fax-Desktop-Referrals-\d+/);
    fs.renameSync(away, folder);
    await waitUntil(() => files(path.join(folder, 'Sent')), (names) => names.length === 2, { what: 'the waiting job in Sent', timeoutMs: 60_000 });
    await waitUntil(outbound, (list) => list.length === before + 1, { what: 'the fax at the service' });
  });

  it('a PostScript job is not faxed: it ends in Failed, with the reason beside it', async () => {
    const before = (await outbound()).length;
    const document = path.join(os.tmpdir(), `print-${String(process.pid)}.ps`);
    fs.writeFileSync(document, '%!PS-Adobe-3.0\n/Helvetica findfont 12 scalefont setfont 72 720 moveto (Hello) show showpage\n');
    cups.tool('lp', ['-d', 'Fax-Desktop-Referrals', document]);
    // The reason is written first, then the job moved beside it: both are waited for.
    const failed = await waitUntil(() => files(path.join(folder, 'Failed')), (names) => names.some((name) => name.endsWith('.ps.txt')) && names.some((name) => name.endsWith('.ps')), { what: 'the job and its reason in Failed', timeoutMs: 30_000 });
    expect(failed.filter((name) => name.endsWith('.ps'))).toHaveLength(1);
    expect(fs.readFileSync(path.join(folder, 'Failed', failed.find((name) => name.endsWith('.ps.txt')) ?? ''), 'utf8').length).toBeGreaterThan(10);
    expect(await outbound()).toHaveLength(before);
  });

  it('says when the hot folder has moved since, and adding again follows it', async () => {
    const moved = fs.mkdtempSync(path.join(os.tmpdir(), 'printer-moved-'));
    value<Automation>(await app.call('saveAutomation', { hotFolders: [{ ...hotFolder(), path: moved }], inboundRules: [], reminderAt: null }));
    expect((await printers()).printers).toEqual([{ hotFolderId: 'referrals-0001', queue: 'Fax-Desktop-Referrals', folderMatches: false }]);
    const again = value<FaxPrinterState>(await app.call('addFaxPrinter', { hotFolderId: 'referrals-0001' }));
    // The same queue (programs keep their choice of printer), now dropping into the new folder.
    expect(again.printers).toEqual([{ hotFolderId: 'referrals-0001', queue: 'Fax-Desktop-Referrals', folderMatches: true }]);
    expect(fs.readFileSync(path.join(cups.serverRoot, 'fax-desktop', 'referrals-0001.folder'), 'utf8')).toBe(`${moved}\n`);
  });

  it('removed: the queue, its folder setting and the backend are gone', async () => {
    const after = value<FaxPrinterState>(await app.call('removeFaxPrinter', { hotFolderId: 'referrals-0001' }));
    expect(after).toEqual({ supported: true, kind: 'cups', problem: null, printers: [] });
    expect(() => cups.tool('lpstat', ['-v', 'Fax-Desktop-Referrals'])).toThrow(/Invalid destination name|No destinations/);
    expect(fs.existsSync(path.join(cups.serverRoot, 'fax-desktop', 'referrals-0001.folder'))).toBe(false);
    expect(fs.existsSync(path.join(cups.backendDir, 'faxdesktop'))).toBe(false);
  });
});
