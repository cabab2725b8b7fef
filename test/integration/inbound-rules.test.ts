// Inbound rules against the sandbox: a received fax is saved into a folder under the template's name and printed
// (the harness's printer is a folder), each once per fax and rule; a sender filter passes other faxes over; faxes
// from before a rule was turned on are left alone; a full disk and a printer that is off end in a visible reason,
// a notice, and a retry that finishes the job — nothing written twice, no half-written file left.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Automation, InboundRule, RuleActionView } from '../../preload/automation';
import type { FaxDetail, FaxListPage } from '../../preload/models';
import type { ConnectedCore } from '../helpers/connected-core';
import { useSandbox } from '../helpers/sandbox-fixture';
import { value, type Reply } from '../helpers/ipc-value';
import { waitUntil } from '../helpers/wait';

const fixture = useSandbox();
const caller = '+14155550199';
const stranger = '+14155550100';

/** The disk fills up while `full` is set: every write fails as a full disk's does. */
const disk = { full: false };
function ruleOutput(file: string): Writable {
  if (!disk.full) return fs.createWriteStream(file, { mode: 0o600 });
  // The file is created, as on a real disk, before the first block fails.
  fs.writeFileSync(file, '');
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
    },
  });
}

function rule(overrides: Partial<InboundRule>): InboundRule {
  return { id: 'save', enabled: true, action: 'save', folder: '', fileNameTemplate: '{date} {time} {from} {pages}p {reference}', printer: '', senders: [], activeSince: null, ...overrides };
}

const pdfs = (folder: string): string[] => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);

describe('inbound rules', () => {
  let app: ConnectedCore;
  let saveFolder: string;
  let printerFolder: string;

  async function arrive(from: string, pages: number): Promise<FaxDetail> {
    const before = value<FaxListPage>(await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 100 })).total;
    await fixture.t.control('POST', `/accounts/${app.accountId}/inbound`, { pages, from });
    await value(await app.call('syncNow'));
    const list = await waitUntil(async () => value<FaxListPage>(await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 100 })), (page) => page.total === before + 1, { what: 'the fax arriving' });
    const newest = list.items[0];
    if (!newest) throw new Error('no fax');
    return value<FaxDetail>(await app.call('getFax', { id: newest.id }));
  }

  const actionsOf = async (id: number | string): Promise<RuleActionView[]> => value<FaxDetail>(await app.call('getFax', { id: String(id) })).ruleActions ?? [];
  const settled = (actions: RuleActionView[]) => actions.length > 0 && actions.every((action) => action.state === 'done' || action.state === 'failed');

  beforeAll(async () => {
    app = await fixture.connect({ extra: { openRuleOutput: ruleOutput } });
    saveFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'rules-save-'));
    printerFolder = path.join(value<{ downloadFolder: string }>(await app.call('getSettings')).downloadFolder, 'Printers', 'Front Desk');
  });

  it('saves every received fax under its template name and prints those from the chosen sender, once each', async () => {
    // A fax from before the rules were turned on is history: no rule touches it.
    await fixture.t.control('POST', `/accounts/${app.accountId}/faxes`, { direction: 'inbound', count: 1, spacing_seconds: 5, newest_at: new Date(Date.now() - 3_600_000).toISOString() });
    await value(await app.call('syncNow'));

    const saved = value<Automation>(
      await app.call('saveAutomation', {
        hotFolders: [],
        inboundRules: [rule({ folder: saveFolder }), rule({ id: 'print', action: 'print', printer: 'Front Desk', senders: [{ number: '+1 (415) 555-0199' }] })],
        reminderAt: null,
      }),
    );
    expect(saved.inboundRules.every((each) => each.activeSince !== null && each.activeSince > Date.now() - 60_000)).toBe(true);

    const fromCaller = await arrive(caller, 2);
    const fromStranger = await arrive(stranger, 1);
    const callerActions = await waitUntil(() => actionsOf(fromCaller.id), (actions) => actions.length === 2 && actions.every((action) => action.state === 'done'), { what: 'saved and printed' });
    await waitUntil(() => actionsOf(fromStranger.id), (actions) => actions.length === 1 && actions[0]?.state === 'done', { what: 'the stranger’s fax saved' });

    const files = pdfs(saveFolder);
    expect(files).toHaveLength(2);
    const callerFile = files.find((name) => name.includes(`${caller} 2p ${fromCaller.reference}`));
    expect(callerFile, files.join(', ')).toMatch(/^\d{4}-\d\d-\d\d \d\d\.\d\d \+14155550199 2p .+\.pdf$/);
    expect(fs.readFileSync(path.join(saveFolder, callerFile ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfs(printerFolder)).toEqual([`Fax ${fromCaller.reference}.pdf`]);
    expect(callerActions.map((action) => [action.action, action.state, action.target])).toEqual([
      ['save', 'done', path.join(saveFolder, callerFile ?? '')],
      ['print', 'done', 'Front Desk'],
    ]);
    expect(callerActions[0]?.doneAt).toBeGreaterThan(Date.now() - 60_000);

    // Another sync, another look, the rules saved again: nothing is done twice.
    await value(await app.call('syncNow'));
    value(await app.call('saveAutomation', { ...saved, reminderAt: '17:00' }));
    await (await app.core.services()).rules.run();
    expect(pdfs(saveFolder)).toHaveLength(2);
    expect(pdfs(printerFolder)).toHaveLength(1);
    // The log names neither the folder nor the sender.
    expect(app.logLines.join('\n')).not.toContain(saveFolder);
    expect(app.logLines.join('\n')).not.toContain('5550199');
  });

  it('a full disk: the reason shows, one notice, no half-written file, and the copy is made when there is room', async () => {
    disk.full = true;
    const notices = app.events.filter((event) => event.name === 'notice').length;
    const fax = await arrive(stranger, 1);
    const failed = await waitUntil(() => actionsOf(fax.id), settled, { what: 'the save failing' });
    expect(failed).toMatchObject([{ action: 'save', state: 'failed', attempts: 1, target: null }]);
    expect(failed[0]?.problem).toMatch(/disk is full/i);
    expect(pdfs(saveFolder).filter((name) => name.endsWith('.part'))).toEqual([]);
    expect(pdfs(saveFolder)).toHaveLength(2);
    expect(app.events.filter((event) => event.name === 'notice').slice(notices)).toEqual([
      { name: 'notice', payload: { title: 'A received fax could not be saved by a rule', body: 'The app tries again by itself; the fax’s details say why.' } },
    ]);
    expect(app.events.some((event) => event.name === 'ruleActionsChanged' && (event.payload as { faxIds: string[] }).faxIds.includes(fax.id))).toBe(true);

    // Still full when tried again: the attempts count, no second notice.
    value(await app.call('retryRuleActions', { id: fax.id }));
    expect((await actionsOf(fax.id))[0]).toMatchObject({ state: 'failed', attempts: 2 });
    expect(app.events.filter((event) => event.name === 'notice').length).toBe(notices + 1);

    disk.full = false;
    value(await app.call('retryRuleActions', { id: fax.id }));
    const done = await actionsOf(fax.id);
    expect(done).toMatchObject([{ action: 'save', state: 'done', problem: null }]);
    expect(pdfs(saveFolder)).toHaveLength(3);
    expect(fs.existsSync(done[0]?.target ?? '')).toBe(true);
  });

  it('a printer that is off, and a folder that went away: retried until they are back', async () => {
    app.desktop.offlinePrinters.push('Front Desk');
    const moved = `${saveFolder}-away`;
    fs.renameSync(saveFolder, moved);
    const fax = await arrive(caller, 1);
    const failed = await waitUntil(() => actionsOf(fax.id), (actions) => actions.length === 2 && settled(actions), { what: 'both failing' });
    expect(failed.map((action) => [action.action, action.state])).toEqual([
      ['save', 'failed'],
      ['print', 'failed'],
    ]);
    expect(failed[0]?.problem).toMatch(/cannot be reached/);
    expect(failed[1]?.problem).toMatch(/“Front Desk” is not available/);

    fs.renameSync(moved, saveFolder);
    app.desktop.offlinePrinters.length = 0;
    value(await app.call('retryRuleActions', { id: fax.id }));
    expect((await actionsOf(fax.id)).map((action) => action.state)).toEqual(['done', 'done']);
    expect(pdfs(printerFolder)).toHaveLength(2);
    expect(pdfs(saveFolder)).toHaveLength(4);
  });

  it('refuses a template with an unknown field, a sender that is not a number, and a copy into a hot folder', async () => {
    const current = value<Automation>(await app.call('getAutomation'));
    const refused = async (next: Automation): Promise<string> => {
      const reply = (await app.call('saveAutomation', next)) as Reply<Automation>;
      return reply.ok ? 'saved' : reply.error.message;
    };
    expect(await refused({ ...current, inboundRules: [rule({ folder: saveFolder, fileNameTemplate: '{date} {surname}' })] })).toMatch(/\{surname\}, which is not a field/);
    expect(await refused({ ...current, inboundRules: [rule({ folder: saveFolder, senders: [{ number: 'Dr. Lee' }] })] })).toMatch(/“Dr\. Lee” is not a fax number/);
    const hot = fs.mkdtempSync(path.join(os.tmpdir(), 'rules-hot-'));
    expect(await refused({ ...current, hotFolders: [{ id: 'hot', enabled: true, path: hot, mode: 'review', recipients: [], subject: '', coverId: '' }], inboundRules: [rule({ folder: path.join(hot, 'copies') })] })).toMatch(/hot folder/i);
    expect(value<Automation>(await app.call('getAutomation'))).toEqual(current);

    // Turned off and on again: the rule counts from the new time (faxes in between are not its business).
    const off = value<Automation>(await app.call('saveAutomation', { ...current, inboundRules: current.inboundRules.map((each) => ({ ...each, enabled: false })) }));
    expect(off.inboundRules.map((each) => each.activeSince)).toEqual([null, null]);
  });
});
