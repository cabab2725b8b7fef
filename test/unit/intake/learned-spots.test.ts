// A person's field correction teaches where the sender's form puts the field: the sender's next fax is read there —
// as a suggestion that needs a look, never a sure value — and only the sender's; a field read surely stays as read;
// a value not on the page teaches nothing; a learned value a person takes off forgets its spot. Attacked with random
// pages, spots and fields: a learned value is never sure and never replaces a sure reading.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { faxIntake } from '../../../main/intake/fax-intake';
import { sureField } from '../../../main/intake/intake-fields';
import { createIntakeService } from '../../../main/intake/intake-service';
import { readAtSpot, spotOf, withLearnedSpots, type SenderSpots } from '../../../main/intake/learned-spots';
import { createSenderSpotStore, maxSenders } from '../../../main/intake/sender-spots';
import { createLogger } from '../../../main/log/logger';
import { createEventBus } from '../../../main/runtime/event-bus';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import type { FaxRecord } from '../../../main/api/read/fax-reader';
import { intakeFieldNames, learnableFields } from '../../../preload/intake';
import { wordPage } from '../../helpers/word-pages';

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});

function inbound(id: number, from: string): FaxRecord {
  const createdMs = Date.parse('2026-11-23T10:00:00Z') + id * 60_000;
  return { id: String(id), reference: `FX-${String(id)}`, direction: 'inbound', status: 'received', pages: 1, createdAt: new Date(createdMs).toISOString(), createdMs, to: '+14155559000', from, subject: null, senderName: null, cost: null, providerError: null, recipients: [] };
}

function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'learned-spots-'));
  const cache: Cache = openCache(dir, 'ee'.repeat(32), createLogger({ sinks: [] }));
  cleanup.push(() => {
    cache.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const intake = createIntakeService({ cache, events: createEventBus(), log: createLogger({ sinks: [] }), now: () => Date.parse('2026-11-29T09:00:00Z') });
  const receive = (id: number, from: string, lines: string[]) => {
    cache.faxes.upsertMany([inbound(id, from)], { markNewInboundUnread: true });
    cache.faxText.savePage(String(id), 1, { page: 1, text: lines.join('\n'), confidence: 95, words: wordPage(lines), outcome: 'text' });
    return intake.read(String(id));
  };
  const field = (id: number, name: string) => intake.get(String(id))?.fields.find((entry) => entry.name === name);
  return { cache, intake, receive, field };
}

const lakeside = '+14155550142';
const northgate = '+14155550199';
// A form whose chart number stands under a label intake does not know ("Kartei"): intake reads no MRN on it.
const form = (patient: string, chart: string) => ['REFERRAL', `Patient: ${patient}`, 'Kartei', chart, 'Thank you'];

describe('a sender’s spots, learned from a correction', () => {
  it('the sender’s next fax is read at the learned spot, as a suggestion; another sender’s is not', () => {
    const { intake, receive, field } = setup();
    expect(receive(1, lakeside, form('Jane Doe', '0045821'))?.fields.some((entry) => entry.name === 'mrn')).toBe(false);
    intake.setField('1', 'mrn', '0045821');
    receive(2, lakeside, form('Max Roe', '0099313'));
    expect(field(2, 'mrn')).toMatchObject({ value: '0099313', needsLook: true, learned: true, page: 1 });
    expect(field(2, 'mrn')?.confidence).toBeLessThan(sureField);
    // The same form from another line: nothing learned there.
    receive(3, northgate, form('Ann Lee', '0077777'));
    expect(field(3, 'mrn')).toBeUndefined();
  });

  it('a misread value is found with a letter off; a value not on the page teaches nothing', () => {
    const { intake, receive, field } = setup();
    receive(1, lakeside, form('Jane Doe', '0O45821'));
    intake.setField('1', 'mrn', '0045821');
    receive(2, lakeside, form('Max Roe', '0099313'));
    expect(field(2, 'mrn')?.value).toBe('0099313');
    receive(3, northgate, form('Ann Lee', '0012345'));
    intake.setField('3', 'mrn', '5550001');
    receive(4, northgate, form('Bo Kim', '0054321'));
    expect(field(4, 'mrn')).toBeUndefined();
  });

  it('a field read surely stays as read; a learned value taken off by a person forgets the spot', () => {
    const { intake, receive, field } = setup();
    receive(1, lakeside, form('Jane Doe', '0045821'));
    intake.setField('1', 'mrn', '0045821');
    receive(2, lakeside, ['REFERRAL', 'Patient: Max Roe', 'MRN: 7654321', '0099313']);
    expect(field(2, 'mrn')).toMatchObject({ value: '7654321', needsLook: false });
    expect(field(2, 'mrn')?.learned).toBeUndefined();
    receive(3, lakeside, form('Ann Lee', '0011223'));
    expect(field(3, 'mrn')?.learned).toBe(true);
    // "Not on this fax": the spot misfired and is forgotten.
    intake.setField('3', 'mrn', '');
    receive(4, lakeside, form('Bo Kim', '0054321'));
    expect(field(4, 'mrn')).toBeUndefined();
  });

  it('a learned birth date must be a plausible date, a learned name letters', () => {
    const { intake, receive, field } = setup();
    receive(1, lakeside, ['LAB REPORT', 'Kartei', 'Jane Doe', 'Tag', '03/14/1961']);
    expect(field(1, 'dob')).toBeUndefined();
    intake.setField('1', 'dob', '03/14/1961');
    receive(2, lakeside, ['LAB REPORT', 'Kartei', 'Max Roe', 'Tag', '99/99/2099']);
    expect(field(2, 'dob')).toBeUndefined();
    receive(3, lakeside, ['LAB REPORT', 'Kartei', 'Max Roe', 'Tag', '07/01/1975']);
    expect(field(3, 'dob')).toMatchObject({ value: '07/01/1975', learned: true, needsLook: true });
    // The name under a label intake does not know: learned; digits at its spot are no name.
    expect(field(1, 'patient')).toBeUndefined();
    intake.setField('1', 'patient', 'Jane Doe');
    receive(4, lakeside, ['LAB REPORT', 'Kartei', '4417 2290', 'Tag', '07/01/1975']);
    expect(field(4, 'patient')).toBeUndefined();
    receive(5, lakeside, ['LAB REPORT', 'Kartei', 'Max Roe', 'Tag', '07/01/1975']);
    expect(field(5, 'patient')).toMatchObject({ value: 'Max Roe', learned: true, needsLook: true });
  });

  it('keeps the spots of the most recent senders past its limit', () => {
    const { cache } = setup();
    const store = createSenderSpotStore(cache);
    for (let index = 0; index <= maxSenders; index += 1) store.learn(`+1415555${String(index).padStart(4, '0')}`, 'mrn', { page: 1, box: [0.1, 0.1, 0.2, 0.12], learnedAt: index });
    // As kept in the cache: a store opened afresh reads the same.
    const reopened = createSenderSpotStore(cache);
    expect(reopened.of('+14155550000')).toEqual({});
    expect(reopened.of(`+1415555${String(maxSenders).padStart(4, '0')}`).mrn?.learnedAt).toBe(maxSenders);
    expect(store.of('+14155550000')).toEqual({});
  });
});

const word = fc.stringMatching(/^[A-Za-z0-9/.:-]{1,9}$/);
const line = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));
const box = fc.tuple(fc.double({ min: 0, max: 0.9, noNaN: true }), fc.double({ min: 0, max: 0.9, noNaN: true }), fc.double({ min: 0.01, max: 0.3, noNaN: true }), fc.double({ min: 0.01, max: 0.1, noNaN: true })).map(([left, top, width, height]): [number, number, number, number] => [left, top, left + width, top + height]);
const spots = fc.dictionary(fc.constantFrom(...intakeFieldNames), fc.record({ page: fc.constant(1), box, learnedAt: fc.nat() })) as fc.Arbitrary<SenderSpots>;

describe('learned spots, attacked', () => {
  it('a learned value is never sure, never replaces a sure reading, and only learnable fields are learned', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 25 }), spots, (lines, learned) => {
        const pages = [{ page: 1, words: wordPage(lines) }];
        const read = faxIntake(pages);
        const result = withLearnedSpots(read, pages, learned, 2026);
        for (const entry of result.fields) {
          const before = read.fields.find((field) => field.name === entry.name);
          if (entry.learned) {
            expect(entry.needsLook).toBe(true);
            expect(entry.confidence).toBeLessThan(sureField);
            expect(learnableFields).toContain(entry.name);
            expect(before === undefined || before.needsLook || before.confidence < sureField).toBe(true);
          } else {
            expect(entry).toEqual(before);
          }
        }
        for (const field of read.fields) if (!field.needsLook && field.confidence >= sureField) expect(result.fields).toContainEqual(field);
        expect(withLearnedSpots(read, pages, {}, 2026)).toBe(read);
      }),
      { numRuns: 300 },
    );
  });

  it('a value on the page is found where it stands, and read back from that spot', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 0, maxLength: 12 }), fc.stringMatching(/^[A-Z][0-9]{6,9}$/), fc.nat(12), (lines, value, at) => {
        const placed = [...lines.slice(0, at), value, ...lines.slice(at)];
        const pages = [{ page: 1, words: wordPage(placed) }];
        const spot = spotOf(pages, value);
        expect(spot).not.toBeNull();
        const back = readAtSpot(pages, { page: 1, box: spot?.box ?? [0, 0, 0, 0], learnedAt: 0 });
        // The earliest run that reads as the value (with one misread allowed) is where it is learned.
        expect(back?.value.replace(/[^A-Za-z0-9]/g, '').length).toBeGreaterThanOrEqual(value.length - 1);
      }),
      { numRuns: 300 },
    );
  });
});
