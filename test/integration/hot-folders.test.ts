// Hot folders against the sandbox: a file saved into a watched folder is faxed once and moved to Sent; the bad
// cases (a file still being written, a locked file, an unreadable file, a refused send, a vanished folder, links,
// temporary names) each end in a visible reason, with nothing lost and nothing sent twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Automation, HotFolder, HotFolderStatus } from '../../preload/automation';
import type { StageResult } from '../../preload/models';
import type { ConnectedCore } from '../helpers/connected-core';
import { useSandbox } from '../helpers/sandbox-fixture';
import { value, type Reply } from '../helpers/ipc-value';
import { waitUntil } from '../helpers/wait';
import { onePagePdf, type FaxJson, type ListJson } from '../fax-service/testkit';

const fixture = useSandbox();
const timing = { stableMs: 300, scanMs: 100 };
/** The app's clock runs ahead of the real one by this much: a quiet time passes without the test sleeping. */
let skew = 0;

const listing = (folder: string): string[] => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);
const files = (folder: string): string[] => listing(folder).filter((name) => fs.statSync(path.join(folder, name)).isFile());

async function outbound(app: ConnectedCore): Promise<Array<FaxJson & { subject: string | null }>> {
  return ((await fixture.t.api(app.key, 'GET', '/faxes?direction=outbound&limit=100')).json as ListJson<FaxJson & { subject: string | null }>).data.data;
}

function hotFolder(folder: string, overrides: Partial<HotFolder> = {}): HotFolder {
  return { id: 'front-desk', enabled: true, path: folder, mode: 'send', recipients: [{ number: '+14155550142', name: 'Lab' }], subject: 'From the hot folder', coverId: '', ...overrides };
}

async function watchFolder(app: ConnectedCore, ...folders: HotFolder[]): Promise<void> {
  value<Automation>(await app.call('saveAutomation', { hotFolders: folders, inboundRules: [], reminderAt: null }));
}

const statusOf = async (app: ConnectedCore): Promise<HotFolderStatus[]> => value<HotFolderStatus[]>(await app.call('getHotFolderStatus'));

describe('hot folders', () => {
  let app: ConnectedCore;
  let folder: string;
  beforeAll(async () => {
    app = await fixture.connect({ extra: { hotFolderTiming: timing, now: () => Date.now() + skew } });
  });

  const fresh = async (overrides: Partial<HotFolder> = {}): Promise<string> => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hot-folder-'));
    await watchFolder(app, hotFolder(folder, overrides));
    return folder;
  };

  it('a PDF saved into the folder is faxed once to its recipients, then moved to Sent', async () => {
    await fresh();
    const before = (await outbound(app)).length;
    fs.writeFileSync(path.join(folder, 'referral.pdf'), onePagePdf);
    await waitUntil(() => files(path.join(folder, 'Sent')), (names) => names.includes('referral.pdf'), { what: 'the file in Sent' });
    const faxes = await outbound(app);
    expect(faxes).toHaveLength(before + 1);
    expect(faxes[0]?.subject).toBe('From the hot folder');
    expect(faxes[0]?.recipients.map((recipient) => recipient.to)).toEqual(['+14155550142']);
    expect(files(folder)).toEqual([]);
    expect(files(path.join(folder, 'Sending'))).toEqual([]);
    const record = (await app.core.services()).outbox.list().find((item) => item.faxId === String(faxes[0]?.id));
    expect(record?.origin).toBe('hotfolder');
    // The same file saved again later is a new fax (under a free name in Sent).
    fs.writeFileSync(path.join(folder, 'referral.pdf'), onePagePdf);
    await waitUntil(() => files(path.join(folder, 'Sent')), (names) => names.includes('referral (2).pdf'), { what: 'the second file in Sent' });
    expect(await outbound(app)).toHaveLength(before + 2);
    // The file names never reach the log.
    expect(app.logLines.join('\n')).not.toContain('referral');
  });

  it('a file still being written is taken only once it stops growing, whole', async () => {
    await fresh();
    const before = (await outbound(app)).length;
    const target = path.join(folder, 'scan.pdf');
    const handle = fs.openSync(target, 'w');
    const half = Math.floor(onePagePdf.length / 2);
    fs.writeSync(handle, onePagePdf.subarray(0, half));
    // Another program holds it open for writing and pauses longer than the folder's quiet time: not taken.
    const hotFolders = (await app.core.services()).hotFolders;
    await hotFolders.tick();
    skew += timing.stableMs * 4;
    await hotFolders.tick();
    await hotFolders.tick();
    expect(files(folder)).toEqual(['scan.pdf']);
    expect((await statusOf(app))[0]?.waiting).toBe(1);
    fs.writeSync(handle, onePagePdf.subarray(half));
    fs.closeSync(handle);
    await waitUntil(() => files(path.join(folder, 'Sent')), (names) => names.includes('scan.pdf'), { what: 'the file in Sent' });
    const faxes = await outbound(app);
    expect(faxes).toHaveLength(before + 1);
    expect(faxes[0]?.pages).toBe(1);
    expect(files(path.join(folder, 'Failed'))).toEqual([]);
  });

  it('programs’ temporary files and links out of the folder are left alone', async () => {
    await fresh();
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
    fs.writeFileSync(path.join(outside, 'secret.pdf'), onePagePdf);
    fs.symlinkSync(path.join(outside, 'secret.pdf'), path.join(folder, 'link.pdf'));
    for (const name of ['~$letter.docx', 'upload.pdf.part', 'page.pdf.crdownload', '.hidden.pdf']) fs.writeFileSync(path.join(folder, name), onePagePdf);
    const before = (await outbound(app)).length;
    const hotFolders = (await app.core.services()).hotFolders;
    await hotFolders.tick();
    skew += timing.stableMs * 3;
    await hotFolders.tick();
    await hotFolders.tick();
    expect(listing(folder)).toEqual(['.hidden.pdf', 'link.pdf', 'page.pdf.crdownload', 'upload.pdf.part', '~$letter.docx']);
    expect(fs.readFileSync(path.join(outside, 'secret.pdf'))).toEqual(onePagePdf);
    expect(await outbound(app)).toHaveLength(before);
  });

  it('a file that is not a readable document goes to Failed with its reason beside it, and a notice says so', async () => {
    await fresh();
    const before = (await outbound(app)).length;
    const noticesBefore = app.events.filter((event) => event.name === 'notice').length;
    fs.writeFileSync(path.join(folder, 'broken.pdf'), 'this is not a PDF at all');
    fs.writeFileSync(path.join(folder, 'empty.pdf'), '');
    const failed = path.join(folder, 'Failed');
    await waitUntil(() => files(failed), (names) => names.length === 4, { what: 'both files in Failed' });
    expect(files(failed)).toEqual(['broken.pdf', 'broken.pdf.txt', 'empty.pdf', 'empty.pdf.txt']);
    expect(fs.readFileSync(path.join(failed, 'broken.pdf.txt'), 'utf8')).toMatch(/not a PDF/i);
    expect(fs.readFileSync(path.join(failed, 'empty.pdf.txt'), 'utf8')).toMatch(/empty/i);
    expect(fs.readFileSync(path.join(failed, 'broken.pdf'), 'utf8')).toBe('this is not a PDF at all');
    expect(await outbound(app)).toHaveLength(before);
    // Each notice follows its file's move to Failed: on a loaded machine the second may come a moment after.
    const notices = await waitUntil(() => app.events.filter((event) => event.name === 'notice').slice(noticesBefore), (told) => told.length >= 2, { what: 'a notice for each file' });
    expect(notices.length).toBe(2);
    expect(JSON.stringify(notices)).not.toContain('broken');
    expect((await statusOf(app))[0]?.failed).toBe(2);
  });

  it('a send the service refuses for good goes to Failed with the service’s reason', async () => {
    await fresh();
    await fixture.t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 422, times: 1 });
    fs.writeFileSync(path.join(folder, 'claim.pdf'), onePagePdf);
    const failed = path.join(folder, 'Failed');
    // The reason is written before the file is moved beside it: both are waited for.
    await waitUntil(() => files(failed), (names) => names.includes('claim.pdf.txt') && names.includes('claim.pdf'), { what: 'the file and its refusal in Failed' });
    expect(files(failed)).toEqual(['claim.pdf', 'claim.pdf.txt']);
    expect(fs.readFileSync(path.join(failed, 'claim.pdf.txt'), 'utf8').trim().length).toBeGreaterThan(10);
    const item = (await app.core.services()).outbox.list().find((entry) => entry.origin === 'hotfolder' && entry.state === 'failed');
    expect(item).toBeDefined();
  });

  it('a folder that goes away (an unplugged drive) is reported once and watched again when it is back', async () => {
    await fresh();
    const away = `${folder}-away`;
    const noticesBefore = app.events.filter((event) => event.name === 'notice').length;
    fs.renameSync(folder, away);
    const gone = await waitUntil(() => statusOf(app), (status) => status[0]?.state === 'unavailable', { what: 'unavailable' });
    expect(gone[0]?.problem).toMatch(/cannot be reached/);
    // Looked at again and again while it is away: still one notice.
    for (let look = 0; look < 4; look += 1) await (await app.core.services()).hotFolders.tick();
    expect(app.events.filter((event) => event.name === 'notice').length).toBe(noticesBefore + 1);
    fs.renameSync(away, folder);
    await waitUntil(() => statusOf(app), (status) => status[0]?.state === 'watching', { what: 'watching again' });
    fs.writeFileSync(path.join(folder, 'after.pdf'), onePagePdf);
    await waitUntil(() => files(path.join(folder, 'Sent')), (names) => names.includes('after.pdf'), { what: 'sent after the folder came back' });
  });

  it('a review-first folder opens each file in compose and keeps the original in Opened', async () => {
    await fresh({ mode: 'review', recipients: [] });
    const shown = app.desktop.windowShown;
    const before = (await outbound(app)).length;
    fs.writeFileSync(path.join(folder, 'to-check.pdf'), onePagePdf);
    await waitUntil(() => files(path.join(folder, 'Opened')), (names) => names.includes('to-check.pdf'), { what: 'the file in Opened' });
    const opened = value<StageResult>(await app.call('takeOpenedFiles'));
    expect(opened.staged.map((file) => ({ name: file.name, pages: file.pages }))).toEqual([{ name: 'to-check.pdf', pages: 1 }]);
    expect(app.events.some((event) => event.name === 'filesOpened')).toBe(true);
    expect(app.desktop.windowShown).toBe(shown + 1);
    expect(await outbound(app)).toHaveLength(before);
  });

  it('refuses a folder inside the app’s data folder, a folder watched twice, and a sending folder without recipients', async () => {
    const inside = (await app.call('saveAutomation', { hotFolders: [hotFolder(path.join(app.dataDir, 'scans'))], inboundRules: [], reminderAt: null })) as Reply<Automation>;
    expect(inside.ok ? '' : inside.error.message).toMatch(/data folder/);
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'hot-twice-'));
    const twice = (await app.call('saveAutomation', { hotFolders: [hotFolder(base), hotFolder(path.join(base, 'inner'), { id: 'other' })], inboundRules: [], reminderAt: null })) as Reply<Automation>;
    expect(twice.ok ? '' : twice.error.message).toMatch(/already a hot folder/);
    const nobody = (await app.call('saveAutomation', { hotFolders: [hotFolder(base, { recipients: [] })], inboundRules: [], reminderAt: null })) as Reply<Automation>;
    expect(nobody.ok ? '' : nobody.error.message).toMatch(/at least one recipient/);
    const badNumber = (await app.call('saveAutomation', { hotFolders: [hotFolder(base, { recipients: [{ number: '12' }] })], inboundRules: [], reminderAt: null })) as Reply<Automation>;
    expect(badNumber.ok).toBe(false);
    // What was saved before stays.
    expect(value<Automation>(await app.call('getAutomation')).hotFolders[0]?.path).toBe(folder);
  });
});
