// The compose draft: recipients checked as typed, limits with specific messages, totals, and a send that hands
// the draft (with its id) to main — and on failure loses nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { faxLimits } from '../../preload/fax-limits';
import { composeStore, draftRecipients, emptyCompose, pageTotals, resetCompose, saveNow, sendBlocker, sendDraft, setField } from '../../renderer/src/data/compose';
import { replaceFileWith } from '../../renderer/src/data/compose-files';
import { addPasted, addRecipients } from '../../renderer/src/data/compose-recipients';
import { connectionStore } from '../../renderer/src/data/connection';
import { filtersStore, setFilters } from '../../renderer/src/data/list-filters';
import { routeStore } from '../../renderer/src/data/navigation';
import type { SubmissionView } from '../../preload/models';
import { installFakeFax, Refusal } from './fake-fax';
import { connected } from './states';

const file = { id: 'a'.repeat(32), name: 'referral.pdf', kind: 'pdf' as const, size: 1000, pages: 3, pagesEstimated: false, source: null };

function submission(overrides: Partial<SubmissionView> = {}): SubmissionView {
  return {
    id: 'sub-1',
    state: 'pending',
    createdAt: 0,
    scheduledAt: null,
    recipients: [],
    subject: '',
    fileCount: 1,
    pages: 3,
    attempts: 0,
    faxId: null,
    bytesSent: 0,
    bytesTotal: 0,
    error: null,
    nextAttemptAt: null,
    origin: 'compose',
    outcomeUnknown: false,
    ...overrides,
  };
}

beforeEach(() => {
  resetCompose();
  connectionStore.set(connected());
  routeStore.set({ screen: 'compose', faxId: null });
});

describe('compose state', () => {
  it('a new draft gets a fresh id each time it starts over', () => {
    const first = composeStore.get().draftId;
    resetCompose();
    expect(composeStore.get().draftId).not.toBe(first);
    expect(emptyCompose().draftId).not.toBe(composeStore.get().draftId);
  });

  it('recipients: checked as typed, the same number once, a pasted list becomes several, at most 20', () => {
    installFakeFax({ saveDraft: () => null });
    expect(addRecipients([{ number: '+1 (415) 555-0100', name: 'Dr. Lee' }, { number: '+14155550100' }, { number: '4155550101' }])).toBe(2);
    const [valid, invalid] = composeStore.get().recipients;
    expect(valid).toMatchObject({ e164: '+14155550100', name: 'Dr. Lee', error: null });
    expect(invalid).toMatchObject({ e164: null, error: expect.stringMatching(/country code/) as unknown });
    expect(sendBlocker(composeStore.get())).toMatch(/“4155550101”: Add the country code/);
    expect(addPasted(Array.from({ length: 25 }, (_, index) => `+1415555${String(1000 + index)}`).join('\n'))).toBe(18);
    expect(composeStore.get().recipients).toHaveLength(20);
    expect(composeStore.get().problems[0]).toMatch(/at most 20 recipients/);
  });

  it('pages per recipient (a cover sheet adds one) times valid recipients; estimates are marked', () => {
    composeStore.set({ ...composeStore.get(), files: [file, { ...file, id: 'b'.repeat(32), kind: 'docx', pages: 4, pagesEstimated: true }], coverId: 'cov_1' });
    addRecipients([{ number: '+14155550100' }, { number: '+442079460958' }]);
    expect(pageTotals(composeStore.get())).toEqual({ perRecipient: 8, recipients: 2, total: 16, estimated: true });
  });

  it('what is sent and what is saved carry the same recipients, E.164 where valid', async () => {
    const fax = installFakeFax({ saveDraft: () => null });
    addRecipients([{ number: '+1 415 555 0100', name: 'Lab' }, { number: 'not a number' }]);
    expect(draftRecipients(composeStore.get())).toEqual([{ number: '+14155550100', name: 'Lab' }, { number: 'not a number' }]);
    await saveNow();
    expect(fax.callsOf('saveDraft')[0]).toMatchObject({ id: composeStore.get().draftId, recipients: [{ number: '+14155550100', name: 'Lab' }, { number: 'not a number' }] });
  });

  it('a send hands the draft\'s id to main, starts over, and shows the outbox unfiltered', async () => {
    const fax = installFakeFax({ saveDraft: () => null, sendFax: () => submission() });
    setFilters('outbound', { search: 'would hide it' });
    composeStore.set({ ...composeStore.get(), files: [file] });
    addRecipients([{ number: '+14155550100' }]);
    setField('subject', 'Referral');
    const draftId = composeStore.get().draftId;
    expect(await sendDraft()).toBeNull();
    expect(fax.callsOf('sendFax')).toEqual([
      { draftId, recipients: [{ number: '+14155550100' }], subject: 'Referral', notes: '', coverId: '', fileIds: [file.id], scheduledAt: null },
    ]);
    expect(composeStore.get().recipients).toEqual([]);
    expect(composeStore.get().draftId).not.toBe(draftId);
    expect(routeStore.get().screen).toBe('outbox');
    expect(filtersStore('outbound').get().search).toBe('');
  });

  it('a refused send keeps the draft exactly as it was and returns main\'s reason', async () => {
    installFakeFax({ saveDraft: () => null, sendFax: () => new Refusal({ kind: 'file', message: 'A file of this draft is no longer available. Add it again.' }) });
    composeStore.set({ ...composeStore.get(), files: [file] });
    addRecipients([{ number: '+14155550100' }]);
    const before = composeStore.get();
    expect(await sendDraft()).toMatchObject({ kind: 'file', message: /no longer available/ });
    expect(composeStore.get()).toEqual(before);
    expect(routeStore.get().screen).toBe('compose');
  });

  it('documents made of a file\'s pages take its place in order; refused whole when the fax would carry too many or the file is gone', async () => {
    const released: string[] = [];
    installFakeFax({ saveDraft: () => null, releaseStagedFiles: ({ ids }) => {
      released.push(...ids);
      return null;
    } });
    const staged = (tag: string, index: number) => ({ ...file, id: `${tag}${String(index).padStart(4, '0')}`.padEnd(32, '0'), name: `${tag}-${String(index)}.pdf`, pages: index + 1 });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: faxLimits.maxFiles }), fc.nat(), fc.integer({ min: 0, max: faxLimits.maxFiles + 3 }), fc.boolean(), async (count, at, parts, gone) => {
        resetCompose();
        released.length = 0;
        const files = Array.from({ length: count }, (_, index) => staged('f', index));
        composeStore.set({ ...composeStore.get(), files });
        const target = files[at % count] ?? files[0];
        const made = Array.from({ length: parts }, (_, index) => staged('m', index));
        const id = gone ? 'e'.repeat(32) : (target?.id ?? '');
        const outcome = replaceFileWith(id, made);
        await Promise.resolve();
        const after = composeStore.get().files.map((one) => one.id);
        if (gone) {
          expect(outcome).toBe('gone');
        } else if (count - 1 + parts > faxLimits.maxFiles) {
          expect(outcome).toBe('tooMany');
        } else {
          expect(outcome).toBe('replaced');
          const index = files.findIndex((one) => one.id === id);
          expect(after).toEqual([...files.slice(0, index).map((one) => one.id), ...made.map((one) => one.id), ...files.slice(index + 1).map((one) => one.id)]);
          expect(released).toEqual([id]);
          return;
        }
        // Refused: the draft is as it was and only the new copies are released.
        expect(after).toEqual(files.map((one) => one.id));
        expect(released).toEqual(made.map((one) => one.id));
      }),
      { numRuns: 200 },
    );
  });
});
