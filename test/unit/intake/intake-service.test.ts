// Intake over a real encrypted cache: a fax read to its end gets its kind and fields, the inbox filters by kind,
// a person's kind stays across a new reading and teaches the office's model (whose answers stay suggestions), the
// office's own kinds are kept apart from the app's, faxes read before intake existed are caught up, and
// forgetting the recognized text forgets what intake read from it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createIntakeService } from '../../../main/intake/intake-service';
import { createLogger } from '../../../main/log/logger';
import { createEventBus } from '../../../main/runtime/event-bus';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import type { FaxRecord } from '../../../main/api/read/fax-reader';
import { isAppError } from '../../../main/errors';
import { wordPage } from '../../helpers/word-pages';

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});

function inbound(id: number): FaxRecord {
  const createdMs = Date.parse('2026-11-23T10:00:00Z') + id * 60_000;
  return { id: String(id), reference: `FX-${String(id)}`, direction: 'inbound', status: 'received', pages: 1, createdAt: new Date(createdMs).toISOString(), createdMs, to: '+14155559000', from: '+14155550142', subject: null, senderName: null, cost: null, providerError: null, recipients: [] };
}

function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-unit-'));
  const cache: Cache = openCache(dir, 'dd'.repeat(32), createLogger({ sinks: [] }));
  cleanup.push(() => {
    cache.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const events = createEventBus();
  const changed: string[][] = [];
  events.on('faxesChanged', (change) => changed.push(change.updated));
  const kindSet: string[] = [];
  events.on('faxKindSet', ({ faxId }) => kindSet.push(faxId));
  const intake = createIntakeService({ cache, events, log: createLogger({ sinks: [] }) });
  const read = (id: number, lines: string[]) => {
    cache.faxes.upsertMany([inbound(id)], { markNewInboundUnread: true });
    const words = wordPage(lines);
    cache.faxText.savePage(String(id), 1, { page: 1, text: lines.join('\n'), confidence: 95, words, outcome: 'text' });
  };
  return { cache, intake, read, changed, kindSet };
}

describe('intake service', () => {
  it('reads a fax, lists it by kind, keeps a person’s kind across a new reading', () => {
    const { cache, intake, read, kindSet } = setup();
    read(1, ['Laboratory Report', 'Patient: Jane Doe   DOB: 03/14/1961', 'Reference range']);
    read(2, ['Referral', 'Patient: John Roe   DOB: 01/02/1950']);
    expect(intake.read('1')?.kind).toMatchObject({ kind: 'lab_results', sure: true });
    intake.read('2');
    expect(cache.intake.summaries(['1', '2'])).toEqual(
      new Map([
        ['1', { kind: 'lab_results', sure: true, urgent: false, patient: 'Jane Doe' }],
        ['2', { kind: 'referral', sure: true, urgent: false, patient: 'John Roe' }],
      ]),
    );
    expect(cache.faxes.list({ direction: 'inbound', kind: 'referral', offset: 0, limit: 10 }).items.map((fax) => fax.id)).toEqual(['2']);
    intake.setKind('1', 'records_request');
    // Rules passed over for the kind hear of it.
    expect(kindSet).toEqual(['1']);
    intake.read('1');
    expect(intake.get('1')?.kind).toEqual({ kind: 'records_request', confidence: 100, source: 'person', sure: true });
    expect(intake.get('1')?.fields.find((field) => field.name === 'patient')?.value).toBe('Jane Doe');
  });

  it('refuses a kind nobody made, and a sent fax', () => {
    const { cache, intake, read } = setup();
    read(3, ['Referral']);
    intake.read('3');
    const refused = (() => {
      try {
        intake.setKind('3', 'Workers comp');
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(isAppError(refused) && refused.details.code).toBe('intake_unknown_kind');
    cache.faxes.upsertMany([{ ...inbound(4), direction: 'outbound' }], { markNewInboundUnread: false });
    expect(() => intake.setKind('4', 'referral')).toThrow();
  });

  it('the office’s own kind is learned from people’s choices and only suggested', () => {
    const { intake, read } = setup();
    expect(intake.saveOfficeKinds(['Workers comp', 'referral', 'Workers comp'])).toEqual(['Workers comp']);
    expect(intake.kinds().office).toEqual(['Workers comp']);
    const comp = ['State Fund', 'Employer statement of injury', 'Adjuster contact enclosed', 'Date of injury'];
    const other = ['Community newsletter', 'Office hours during the holidays', 'Parking notice'];
    for (let id = 10; id < 14; id += 1) {
      read(id, comp);
      intake.read(String(id));
      intake.setKind(String(id), 'Workers comp');
    }
    for (let id = 20; id < 24; id += 1) {
      read(id, other);
      intake.read(String(id));
      intake.setKind(String(id), 'other');
    }
    read(30, ['State Fund', 'Employer statement of injury', 'Adjuster contact enclosed']);
    expect(intake.read('30')?.kind).toMatchObject({ kind: 'Workers comp', source: 'model', sure: false });
    // A fax the rules are sure of keeps the rules' kind.
    read(31, ['Laboratory Report', 'Reference range', 'State Fund']);
    expect(intake.read('31')?.kind).toMatchObject({ kind: 'lab_results', source: 'rules' });
  });

  it('catches up on faxes read before intake, and forgets with the text', async () => {
    const { cache, intake, read, changed } = setup();
    read(40, ['Refill Request', 'Patient: Jane Doe']);
    read(41, ['Explanation of Benefits', 'This is not a bill']);
    expect(await intake.catchUp()).toBe(2);
    expect(changed.flat().sort()).toEqual(['40', '41']);
    expect(await intake.catchUp()).toBe(0);
    expect(intake.get('41')?.kind.kind).toBe('claim_eob');
    intake.setKind('40', 'referral');
    cache.faxText.forgetAll();
    expect(intake.get('40')).toBeNull();
    expect(cache.intake.examples()).toEqual([]);
  });

  it('a desk with many faxes read before is caught up a few at a time, and the lists are told in batches', async () => {
    const { intake, read, changed } = setup();
    for (let id = 100; id < 550; id += 1) read(id, ['Referral', `Patient: Jane Doe${String(id)}`]);
    expect(await intake.catchUp()).toBe(450);
    expect(changed.map((ids) => ids.length)).toEqual([200, 200, 50]);
    expect(intake.get('549')?.kind.kind).toBe('referral');
  });

  it('a field a person corrects stands through every new reading; empty takes it off; a field not read can be given; the list shows the corrected patient', () => {
    const { cache, intake, read, changed } = setup();
    read(31, ['REFERRAL', 'Patient: Jane Dow', 'Date of birth:', '', 'MRN: 123456']);
    const first = intake.read('31');
    expect(first?.fields.find((field) => field.name === 'patient')?.value).toBe('Jane Dow');
    expect(first?.unread?.map((label) => label.name)).toEqual(['dob']);
    changed.length = 0;
    const corrected = intake.setField('31', 'patient', '  Jane Doe ');
    expect(corrected.fields.find((field) => field.name === 'patient')).toMatchObject({ value: 'Jane Doe', needsLook: false, byPerson: true, page: 1 });
    expect(changed).toEqual([['31']]);
    intake.setField('31', 'dob', '03/14/1961');
    intake.setField('31', 'mrn', '');
    const shown = (): Record<string, string> => Object.fromEntries((intake.get('31')?.fields ?? []).map((field) => [field.name, field.value]));
    expect(shown()).toMatchObject({ patient: 'Jane Doe', dob: '03/14/1961' });
    expect(shown().mrn).toBeUndefined();
    expect(intake.get('31')?.unread).toBeUndefined();
    expect(cache.intake.summaries(['31']).get('31')?.patient).toBe('Jane Doe');
    // Read again (a new reading, the same misread): the person's values stand, in the fields' order.
    expect(intake.read('31')?.fields.map((field) => `${field.name}=${field.value}`)).toEqual(['patient=Jane Doe', 'dob=03/14/1961']);
    expect(intake.get('31')?.fields.map((field) => field.name)).toEqual(['patient', 'dob']);
    // Only received faxes; another fax keeps what was read.
    read(32, ['Patient: Ann Lee']);
    intake.read('32');
    expect(intake.get('32')?.fields.find((field) => field.name === 'patient')?.value).toBe('Ann Lee');
    expect(() => intake.setField('999', 'patient', 'X')).toThrow();
  });
});
