// The rule runner over a real encrypted cache: a fax still arriving waits (no try counted) and is saved once it
// has arrived; one that did not arrive whole is passed over with the reason; faxes from before the rule was turned
// on are left alone (but one stamped a little earlier by a slow service clock is not); a rule turned off before
// its action ran does not act; retries wait longer each time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Automation, InboundRule } from '../../../preload/automation';
import { createInboundRules, type OfficeTriageActions } from '../../../main/office/rules/inbound-rules';
import type { FaxIntake, IntakeField } from '../../../preload/intake';
import { createLogger } from '../../../main/log/logger';
import { createEventBus } from '../../../main/runtime/event-bus';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import type { FaxRecord } from '../../../main/api/read/fax-reader';
import { ruleActionViews } from '../../../main/store/cache/rule-action-repository';
import type { Timers } from '../../../main/runtime/timers';
import { translate } from '../../../preload/i18n/translator';

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});

const turnedOnAt = Date.parse('2026-11-23T10:00:00Z');
const idleTimers: Timers = { set: () => null, clear: () => undefined };

function inbound(id: number, minutesAfterRule: number, status = 'received'): FaxRecord {
  const createdMs = turnedOnAt + minutesAfterRule * 60_000;
  const createdAt = new Date(createdMs).toISOString();
  return { id: String(id), reference: `FX-${String(id)}`, direction: 'inbound', status, pages: 1, createdAt, createdMs, to: '+14155559000', from: '+14155550142', subject: null, senderName: null, cost: null, providerError: null, recipients: [] };
}

function setup(options: { failWrites?: () => boolean; recognizing?: boolean; officeTriage?: OfficeTriageActions } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rules-unit-'));
  const folder = path.join(dir, 'copies');
  fs.mkdirSync(folder);
  const cache: Cache = openCache(dir, 'cc'.repeat(32), createLogger({ sinks: [] }));
  cleanup.push(() => {
    cache.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  let now = turnedOnAt + 3_600_000;
  const rule: InboundRule = { id: 'save', enabled: true, action: 'save', folder, fileNameTemplate: '{reference}', printer: '', senders: [], activeSince: turnedOnAt };
  let automation: Automation = { hotFolders: [], inboundRules: [rule], reminderAt: null };
  const notices: string[] = [];
  const events = createEventBus();
  const rules = createInboundRules({
    cache,
    pdfs: {
      ensure: () => Promise.resolve(''),
      copyTo: async (_faxId, out) => {
        if (options.failWrites?.()) throw Object.assign(new Error('full'), { code: 'ENOSPC' });
        await new Promise<void>((resolve, reject) => (out).end(Buffer.from('%PDF-1.4 test'), () => resolve()).once('error', reject));
      },
    },
    pages: { renderPagePng: () => Promise.reject(new Error('not used')) },
    fileKey: Buffer.alloc(32),
    printer: { print: () => Promise.resolve() },
    automation: () => automation,
    events,
    log: createLogger({ sinks: [] }),
    notify: (title) => notices.push(title.id),
    now: () => now,
    timers: idleTimers,
    recognizing: () => options.recognizing ?? true,
    ...(options.officeTriage ? { officeTriage: options.officeTriage } : {}),
    kindName: (kind) => (kind === 'lab_results' ? 'Lab results' : kind),
  });
  return {
    cache,
    rules,
    events,
    folder,
    notices,
    files: () => fs.readdirSync(folder).sort(),
    views: (faxId: number) => ruleActionViews(cache.ruleActions.forFax(String(faxId)), (message) => translate('en', message)),
    advance: (ms: number) => (now += ms),
    setRules: (next: InboundRule[]) => (automation = { ...automation, inboundRules: next }),
    rule,
  };
}

describe('inbound rule runner', () => {
  it('waits for a fax still arriving, without counting a try, and saves it once it has arrived', async () => {
    const app = setup();
    app.cache.faxes.upsertMany([inbound(1, 1, 'receiving')], { markNewInboundUnread: true });
    await app.rules.run();
    expect(app.views(1)).toEqual([{ ruleId: 'save', action: 'save', state: 'pending', target: null, doneAt: null, attempts: 0, problem: null }]);
    expect(app.files()).toEqual([]);
    app.cache.faxes.upsertMany([inbound(1, 1, 'received')], { markNewInboundUnread: true });
    await app.rules.run();
    expect(app.views(1)[0]).toMatchObject({ state: 'done', target: path.join(app.folder, 'FX-1.pdf'), attempts: 0 });
    expect(app.files()).toEqual(['FX-1.pdf']);
  });

  it('passes over a fax that did not arrive whole, with the reason', async () => {
    const app = setup();
    app.cache.faxes.upsertMany([inbound(2, 1, 'failed')], { markNewInboundUnread: true });
    await app.rules.run();
    expect(app.views(2)).toMatchObject([{ state: 'skipped', problem: 'The fax did not arrive whole: there is nothing to save or print.' }]);
    expect(app.files()).toEqual([]);
  });

  it('acts on faxes from the moment the rule was turned on, allowing five minutes for the service’s clock', async () => {
    const app = setup();
    app.cache.faxes.upsertMany([inbound(3, -60), inbound(4, -4), inbound(5, 10)], { markNewInboundUnread: true });
    await app.rules.run();
    expect(app.files()).toEqual(['FX-4.pdf', 'FX-5.pdf']);
    expect(app.views(3)).toEqual([]);
  });

  it('a rule turned off before its turn does not act; the fax says why', async () => {
    const app = setup({ failWrites: () => true });
    app.cache.faxes.upsertMany([inbound(6, 1)], { markNewInboundUnread: true });
    await app.rules.run();
    expect(app.views(6)).toMatchObject([{ state: 'failed', attempts: 1, problem: 'The disk is full: free some space there.' }]);
    app.setRules([{ ...app.rule, enabled: false, activeSince: null }]);
    app.cache.ruleActions.retryNow();
    await app.rules.run();
    expect(app.views(6)).toMatchObject([{ state: 'skipped', problem: 'The rule was turned off or changed before it got to this fax.' }]);
    expect(app.files()).toEqual([]);
  });

  it('waits longer after each failed try, and notifies only the first time', async () => {
    let full = true;
    const app = setup({ failWrites: () => full });
    app.cache.faxes.upsertMany([inbound(7, 1)], { markNewInboundUnread: true });
    await app.rules.run();
    const first = app.cache.ruleActions.forFax('7')[0]?.nextTryMs ?? 0;
    app.advance(first - (turnedOnAt + 3_600_000));
    await app.rules.run();
    const second = app.cache.ruleActions.forFax('7')[0];
    expect(second?.attempts).toBe(2);
    expect((second?.nextTryMs ?? 0) - first).toBeGreaterThan(first - (turnedOnAt + 3_600_000));
    // Not due yet: a run does not try.
    await app.rules.run();
    expect(app.cache.ruleActions.forFax('7')[0]?.attempts).toBe(2);
    expect(app.notices).toEqual(['rules.aReceivedFaxCould']);
    full = false;
    app.advance((second?.nextTryMs ?? 0) - first);
    await app.rules.run();
    expect(app.views(7)[0]).toMatchObject({ state: 'done', problem: null });
    expect(app.files()).toEqual(['FX-7.pdf']);
  });

  it('an action the app stopped during twice is not run again at the next start, but after its wait, with the reason', async () => {
    const app = setup();
    app.cache.faxes.upsertMany([inbound(8, 1)], { markNewInboundUnread: true });
    // Journaled, then two tries that never reached an outcome (the app was killed during each).
    app.cache.ruleActions.journal([{ faxId: '8', ruleId: 'save', action: 'save', state: 'pending' }], 0);
    app.cache.ruleActions.tryStarted('8', 'save');
    app.cache.ruleActions.tryStarted('8', 'save');
    await app.rules.run();
    expect(app.files()).toEqual([]);
    expect(app.views(8)).toMatchObject([{ state: 'failed', attempts: 1, problem: expect.stringContaining('The app stopped twice while doing this') as unknown }]);
    const row = app.cache.ruleActions.forFax('8')[0];
    expect(row?.unfinishedTries).toBe(0);
    // Its wait over (or "Try again now"), it runs as any other action.
    app.advance((row?.nextTryMs ?? 0) - (turnedOnAt + 3_600_000));
    await app.rules.run();
    expect(app.views(8)[0]).toMatchObject({ state: 'done', problem: null });
    expect(app.files()).toEqual(['FX-8.pdf']);
  });

  it('one unfinished try is resumed at once (the ordinary restart after a kill)', async () => {
    const app = setup();
    app.cache.faxes.upsertMany([inbound(9, 1)], { markNewInboundUnread: true });
    app.cache.ruleActions.journal([{ faxId: '9', ruleId: 'save', action: 'save', state: 'pending' }], 0);
    app.cache.ruleActions.tryStarted('9', 'save');
    await app.rules.run();
    expect(app.views(9)[0]).toMatchObject({ state: 'done', attempts: 0 });
    expect(app.files()).toEqual(['FX-9.pdf']);
  });

  it('counts each try as started before it acts, and as finished when it fails or is done', async () => {
    let full = true;
    const app = setup({ failWrites: () => full });
    app.cache.faxes.upsertMany([inbound(10, 1)], { markNewInboundUnread: true });
    await app.rules.run();
    expect(app.cache.ruleActions.forFax('10')[0]).toMatchObject({ attempts: 1, unfinishedTries: 0 });
    expect(app.cache.ruleActions.failing()).toMatchObject({ count: 1, problem: { id: 'fileWrite.diskFull' } });
    full = false;
    app.cache.ruleActions.retryNow('10');
    await app.rules.run();
    expect(app.cache.ruleActions.forFax('10')[0]).toMatchObject({ state: 'done', unfinishedTries: 0 });
    expect(app.cache.ruleActions.failing()).toMatchObject({ count: 0, problem: null });
  });

  describe('a rule that looks for words in the fax', () => {
    const page = (number: number, text: string, confidence: number) => ({
      page: number,
      text,
      confidence,
      words: text.split(' ').map((word) => ({ text: word, confidence, box: [0.1, 0.1, 0.2, 0.12] as [number, number, number, number] })),
      outcome: 'text' as const,
    });

    it('acts only where the words were read surely; unsure readings are left to be checked by hand, either way', async () => {
      const app = setup();
      app.setRules([{ ...app.rule, contains: 'Doe 03/14/1961' }]);
      app.cache.faxes.upsertMany([inbound(20, 1), inbound(21, 2), inbound(22, 3), inbound(23, 4), inbound(24, 5)], { markNewInboundUnread: true });
      app.cache.faxText.savePage('20', 1, page(1, 'Patient Jane Doe DOB 03/14/1961', 93));
      // Found, but only in words read unsurely: never the only reason to act.
      app.cache.faxText.savePage('21', 1, page(1, 'Patient Jane Doe DOB 03/14/1961', 41));
      // Absent, the page read surely.
      app.cache.faxText.savePage('22', 1, page(1, 'Patient Maria Lopez DOB 11/02/1975', 95));
      // Absent, but the page was read unsurely: the words may be there.
      app.cache.faxText.savePage('23', 1, page(1, 'Pat1ent J4ne D0e', 35));
      // Two pages, the words split across them, one page unsure but each word read surely somewhere.
      app.cache.faxText.savePage('24', 2, page(1, 'Doe', 90));
      app.cache.faxText.savePage('24', 2, page(2, '03/14/1961 smudge', 88));
      await app.rules.run();
      expect(app.files()).toEqual(['FX-20.pdf', 'FX-24.pdf']);
      expect(app.views(21)).toMatchObject([{ state: 'skipped', problem: 'Check by hand: “Doe 03/14/1961” was read too unsurely on this fax for the rule to act on it.' }]);
      expect(app.views(22)).toMatchObject([{ state: 'skipped', problem: 'Not done: the fax does not contain “Doe 03/14/1961”.' }]);
      expect(app.views(23)).toMatchObject([{ state: 'skipped', problem: 'Check by hand: “Doe 03/14/1961” was read too unsurely on this fax for the rule to act on it.' }]);
    });

    it('waits for a fax still being read, then acts once it has been; with reading off, or a fax that cannot be read, it says so', async () => {
      const app = setup();
      app.setRules([{ ...app.rule, contains: 'authorization' }]);
      app.cache.faxes.upsertMany([inbound(30, 1), inbound(31, 2)], { markNewInboundUnread: true });
      app.cache.faxText.failed('31', 'password', { final: true, maxAttempts: 3 });
      await app.rules.run();
      expect(app.views(30)).toMatchObject([{ state: 'failed', problem: 'Waiting for the fax to be read on this computer (the rule looks for words in it).' }]);
      expect(app.views(31)).toMatchObject([{ state: 'skipped', problem: 'Check by hand: this rule looks for words, and this fax could not be read on this computer.' }]);
      app.cache.faxText.savePage('30', 1, page(1, 'Prior authorization request', 91));
      app.cache.ruleActions.retryNow('30');
      await app.rules.run();
      expect(app.files()).toEqual(['FX-30.pdf']);

      const off = setup({ recognizing: false });
      off.setRules([{ ...off.rule, contains: 'authorization' }]);
      off.cache.faxes.upsertMany([inbound(32, 1)], { markNewInboundUnread: true });
      await off.rules.run();
      expect(off.views(32)).toMatchObject([{ state: 'skipped', problem: 'Not done: this rule looks for words in the fax, and reading faxes is turned off in Settings.' }]);
    });
  });

  describe('a rule on what the fax is (intake)', () => {
    const field = (name: IntakeField['name'], value: string, needsLook = false): IntakeField => ({ name, value, confidence: needsLook ? 60 : 95, needsLook, page: 1, box: [0.1, 0.1, 0.3, 0.12] });
    const read = (kind: string, sure: boolean, fields: IntakeField[] = []): FaxIntake => ({ kind: { kind, confidence: sure ? 90 : 55, source: 'rules', sure }, fields, parts: [] });

    it('acts only on faxes surely of its kinds; an unsure kind is left to be checked by hand; names come from sure fields', async () => {
      const app = setup();
      app.setRules([{ ...app.rule, kinds: ['lab_results'], fileNameTemplate: '{patient} {dob} {kind}' }]);
      app.cache.faxes.upsertMany([inbound(50, 1), inbound(51, 2), inbound(52, 3), inbound(53, 4)], { markNewInboundUnread: true });
      app.cache.intake.save('50', read('lab_results', true, [field('patient', 'Jörg Weiß'), field('dob', '03/14/1961')]));
      app.cache.intake.save('51', read('lab_results', false));
      app.cache.intake.save('52', read('referral', true));
      // A person's kind is sure whatever the reading said; an unsure patient names no file.
      app.cache.intake.save('53', read('referral', false, [field('patient', 'Ann Lee', true)]));
      app.cache.intake.setKind('53', 'lab_results', [], 0);
      await app.rules.run();
      expect(app.files()).toEqual(['Jörg Weiß 1961-03-14 Lab results.pdf', 'unknown patient unknown birth date Lab results.pdf']);
      expect(app.views(51)).toMatchObject([{ state: 'skipped', problem: 'What the fax is was not read surely (it may be: Lab results): check it by hand.' }]);
      expect(app.views(52)).toMatchObject([{ state: 'skipped', problem: "The fax is not of the rule's kinds (it was read as: referral)." }]);

      // A person says what the two passed-over faxes are: the lab result is saved now, the other stays as it was.
      await app.rules.start();
      cleanup.push(() => void app.rules.stop());
      app.cache.intake.setKind('51', 'lab_results', [], 0);
      app.cache.intake.setKind('52', 'refill_request', [], 0);
      app.events.emit('faxKindSet', { faxId: '51' });
      app.events.emit('faxKindSet', { faxId: '52' });
      await app.rules.run();
      expect(app.views(51)).toMatchObject([{ state: 'done' }]);
      expect(app.files()).toHaveLength(3);
      expect(app.views(52)).toMatchObject([{ state: 'skipped', problem: "The fax is not of the rule's kinds (it was read as: refill_request)." }]);
    });

    it('a person’s kind never reopens an action passed over for another reason (not from the rule’s senders)', async () => {
      const app = setup();
      app.setRules([{ ...app.rule, kinds: ['lab_results'], senders: [{ number: '+14155550100' }] }]);
      app.cache.faxes.upsertMany([inbound(54, 1)], { markNewInboundUnread: true });
      await app.rules.start();
      cleanup.push(() => void app.rules.stop());
      await app.rules.run();
      const state = () => app.cache.ruleActions.forFax('54').map((row) => row.state);
      expect(state()).toEqual(['skipped']);
      app.cache.intake.setKind('54', 'lab_results', [], 0);
      app.events.emit('faxKindSet', { faxId: '54' });
      await app.rules.run();
      expect(state()).toEqual(['skipped']);
      expect(app.files()).toEqual([]);
    });

    it('an urgent-only rule tells this desk of surely urgent faxes, naming the kind and never the patient', async () => {
      const app = setup();
      app.setRules([{ ...app.rule, action: 'notify', urgentOnly: true }]);
      app.cache.faxes.upsertMany([inbound(60, 1), inbound(61, 2), inbound(62, 3)], { markNewInboundUnread: true });
      app.cache.intake.save('60', read('lab_results', true, [field('urgency', 'STAT'), field('patient', 'Jörg Weiß')]));
      app.cache.intake.save('61', read('lab_results', true, [field('urgency', 'urgent', true)]));
      app.cache.intake.save('62', read('lab_results', true));
      await app.rules.run();
      expect(app.notices).toEqual(['rules.urgentFaxArrived']);
      expect(app.views(60)).toMatchObject([{ state: 'done' }]);
      expect(app.views(61)).toMatchObject([{ state: 'skipped', problem: 'Whether the fax is urgent was not read surely: check it by hand.' }]);
      expect(app.views(62)).toMatchObject([{ state: 'skipped', problem: 'The fax does not say it is urgent.' }]);
    });

    it('waits for the fax to be read, and says so with reading off', async () => {
      const app = setup();
      app.setRules([{ ...app.rule, kinds: ['referral'] }]);
      app.cache.faxes.upsertMany([inbound(70, 1)], { markNewInboundUnread: true });
      await app.rules.run();
      expect(app.views(70)).toMatchObject([{ state: 'failed', problem: 'Waiting for the fax to be read on this computer (the rule acts on what it is).' }]);
      app.cache.intake.save('70', read('referral', true));
      app.cache.ruleActions.retryNow('70');
      await app.rules.run();
      expect(app.files()).toEqual(['FX-70.pdf']);
      const off = setup({ recognizing: false });
      off.setRules([{ ...off.rule, kinds: ['referral'] }]);
      off.cache.faxes.upsertMany([inbound(71, 1)], { markNewInboundUnread: true });
      await off.rules.run();
      expect(off.views(71)).toMatchObject([{ state: 'skipped', problem: 'Not done: this rule acts on what the fax is, and reading faxes is turned off in Settings.' }]);
    });

    it('labels and assigns through the office hub once; without an office it says so and does nothing', async () => {
      const given: string[] = [];
      let joined = true;
      const app = setup({
        officeTriage: {
          joined: () => joined,
          addLabel: (faxId, labelId) => {
            given.push(`label ${faxId} ${labelId}`);
            return Promise.resolve();
          },
          assign: (faxId, login) => {
            given.push(`assign ${faxId} ${login}`);
            return Promise.resolve();
          },
        },
      });
      app.setRules([
        { ...app.rule, id: 'label', action: 'label', labelId: 'lbl-referral', kinds: ['referral'] },
        { ...app.rule, id: 'assign', action: 'assign', assignTo: 'tom', kinds: ['referral'] },
      ]);
      app.cache.faxes.upsertMany([inbound(80, 1), inbound(81, 2)], { markNewInboundUnread: true });
      app.cache.intake.save('80', read('referral', true));
      app.cache.intake.save('81', read('lab_results', true));
      await app.rules.run();
      await app.rules.run();
      expect(given.sort()).toEqual(['assign 80 tom', 'label 80 lbl-referral']);
      joined = false;
      app.cache.faxes.upsertMany([inbound(82, 3)], { markNewInboundUnread: true });
      app.cache.intake.save('82', read('referral', true));
      await app.rules.run();
      expect(given).toHaveLength(2);
      expect(app.views(82).map((view) => view.problem)).toEqual(Array(2).fill("This desk is not in an office: labels and people are the office hub's."));
    });
  });
});
