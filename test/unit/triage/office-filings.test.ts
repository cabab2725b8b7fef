/**
 * The office's filings laid on a desk's own (office-filings.ts), driven with random sequences of what a desk has
 * (nothing, waiting for a person, decided and queued, filed itself, taken back) against what the hub says (filed by
 * another desk, taken back, filed with a place this desk cannot open) in any order, stale words included. What a desk
 * decided itself is never overwritten; a fax another desk filed never stays in "To file"; a withdrawal touches only a
 * filing that came from the office.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import { filedByTheOffice, type FilingRow } from '../../../main/store/cache/chart-filing-repository';
import { adoptOfficeFilings, filingToShare } from '../../../main/triage/office-filings';
import type { TriageView } from '../../../main/triage/triage-view';
import { filingPlaceSchema, type FilingPlace, type HubFiling } from '../../../main/hub/hub-triage-read';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-filings-'));
const cache: Cache = openCache(dir, crypto.randomBytes(32).toString('hex'), createLogger({ sinks: [] }));
afterAll(() => {
  cache.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const maria = { id: 'pat-1', name: 'Gonzalez, Maria', birthDate: '1980-03-04', mrn: '1001' };
const other = { id: 'pat-2', name: 'Okonkwo, Sarah', birthDate: null, mrn: null };
const documentType = { system: 'http://loinc.org', code: '11502-2', display: 'Laboratory report' };

type LocalStep = 'match' | 'queue' | 'fileHere' | 'withdrawHere';
type HubWord = 'filed' | 'withdrawn' | 'unopenable';

const viewWith = (faxId: string, filing: HubFiling): TriageView => ({ faxId, claim: null, assignee: null, handled: null, labelIds: [], notes: 0, sent: null, replyLink: null, filing, pending: 0 });

function local(faxId: string, step: LocalStep, at: number): void {
  const filings = cache.chartFilings;
  if (step === 'match') filings.recordMatch(faxId, { reason: 'not-automatic', candidates: [] }, at);
  if (step === 'queue') filings.queue(faxId, { patient: maria, documentType, target: 'fhir', filedBy: 'person' }, at);
  if (step === 'fileHere') {
    filings.queue(faxId, { patient: maria, documentType, target: 'fhir', filedBy: 'person' }, at);
    filings.filed(faxId, `DocumentReference/${faxId}`, at);
  }
  if (step === 'withdrawHere') filings.withdrawn(faxId, at);
}

function hub(faxId: string, word: HubWord, at: number): boolean {
  const filing: HubFiling = { by: 'tom', how: 'rule', at, withdrawn: word === 'withdrawn', place: word === 'unopenable' ? null : { target: 'mllp', patientId: other.id, patientName: other.name, documentType: 'Referral note' } };
  return adoptOfficeFilings(cache.chartFilings, [viewWith(faxId, filing), null], at + 1).includes(faxId);
}

describe("the office's filings on a desk", () => {
  it('random sequences: a desk\'s own decision stands, what another desk filed leaves To file, a withdrawal touches only the office\'s', () => {
    let faxNumber = 700_000;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.record({ local: fc.constantFrom<LocalStep>('match', 'queue', 'fileHere', 'withdrawHere') }), fc.record({ hub: fc.constantFrom<HubWord>('filed', 'withdrawn', 'unopenable') })), { minLength: 1, maxLength: 12 }),
        (steps) => {
          const faxId = String((faxNumber += 1));
          let at = 1_000;
          for (const step of steps) {
            at += 1_000;
            const before: FilingRow | null = cache.chartFilings.get(faxId);
            if ('local' in step) {
              local(faxId, step.local, at);
              continue;
            }
            const changed = hub(faxId, step.hub, at);
            const after = cache.chartFilings.get(faxId);
            // Something changed exactly when the row did.
            expect(changed).toBe(JSON.stringify(before) !== JSON.stringify(after));
            if (before !== null && (before.state === 'queued' || (before.state === 'filed' && before.remoteId !== filedByTheOffice))) {
              // This desk's own decision stands, whatever the hub says.
              expect(after).toEqual(before);
            } else if (step.hub === 'filed') {
              expect(after).toMatchObject({ state: 'filed', remoteId: filedByTheOffice, filedBy: 'rule', target: 'mllp', patient: { id: other.id, name: other.name } });
              expect(cache.chartFilings.toFile(1_000).map((row) => row.faxId)).not.toContain(faxId);
            } else if (step.hub === 'withdrawn') {
              if (before?.state === 'filed') expect(after).toMatchObject({ state: 'withdrawn', generation: before.generation + 1 });
              else expect(after).toEqual(before);
            } else {
              // A place this desk cannot open files nothing.
              expect(after).toEqual(before);
            }
            // What came from the office is never told back to it as this desk's own.
            if (after?.remoteId === filedByTheOffice) expect(filingToShare(after)).toBeNull();
          }
        },
      ),
      { numRuns: 300, seed: 5_512 },
    );
  });

  it("a desk's own filing is told to the office with how and where (the patient's id and name, the document's type)", () => {
    local('800001', 'fileHere', 5_000);
    const told = filingToShare(cache.chartFilings.get('800001'));
    expect(told).toEqual({ how: 'person', place: { target: 'fhir', patientId: maria.id, patientName: maria.name, documentType } });
    local('800002', 'queue', 5_000);
    expect(filingToShare(cache.chartFilings.get('800002'))).toBeNull();
    expect(filingToShare(null)).toBeNull();
  });

  it('the other desk keeps the type as filed — its LOINC code and system, not its words alone; a desk of an earlier round still tells words', () => {
    local('800001', 'fileHere', 5_000);
    const told = filingToShare(cache.chartFilings.get('800001'));
    if (told === null) throw new Error('nothing told');
    const place = filingPlaceSchema.parse(JSON.parse(JSON.stringify(told.place)));
    const view = (faxId: string, documentType: FilingPlace['documentType']): TriageView => viewWith(faxId, { by: 'tom', how: 'person', at: 6_000, withdrawn: false, place: { ...place, documentType } });
    expect(adoptOfficeFilings(cache.chartFilings, [view('800003', place.documentType)], 6_000)).toEqual(['800003']);
    expect(cache.chartFilings.get('800003')?.documentType).toEqual(documentType);
    expect(adoptOfficeFilings(cache.chartFilings, [view('800004', 'Laboratory report')], 6_000)).toEqual(['800004']);
    expect(cache.chartFilings.get('800004')?.documentType).toEqual({ system: '', code: '', display: 'Laboratory report' });
    expect(() => filingPlaceSchema.parse({ ...place, documentType: { ...documentType, extra: 1 } })).toThrow();
  });
});
