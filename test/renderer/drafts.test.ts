// Which draft a new fax starts from: a draft from earlier never comes back unannounced ("Draft from 10:42 —
// Continue / Start new"), "Fax" from a contact and files on a draft from earlier start a new fax with the old one
// set aside (one click takes it back), and nothing typed is ever lost — tested on cases and on random sequences
// of what a receptionist does (fast-check), against a main that keeps the draft and the drafts set aside.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { composeStore, draftRecipients, resetCompose, restoreDraft, sendBlocker, setField } from '../../renderer/src/data/compose';
import { addRecipients } from '../../renderer/src/data/compose-recipients';
import { connectionStore } from '../../renderer/src/data/connection';
import { continueDraft, draftsAsideStore, editHeldFax, openNewFax, resumeDraftAside, startFaxWith, startNewFax, staleDraftMs } from '../../renderer/src/data/drafts';
import { routeStore } from '../../renderer/src/data/navigation';
import type { Draft } from '../../preload/models';
import { at, pinClock } from '../helpers/clock';
import { installFakeFax, Refusal, type FakeFax } from './fake-fax';
import { connected } from './states';

/** Main's side as the renderer sees it: the current draft and the ones set aside (main/compose/drafts.ts). */
function fakeMain() {
  const state: { current: Draft | null; aside: Map<string, Draft> } = { current: null, aside: new Map() };
  const content = (draft: Draft) => draft.recipients.length > 0 || draft.files.length > 0 || draft.subject.trim() !== '' || draft.notes.trim() !== '' || draft.coverId.trim() !== '';
  const fax = installFakeFax({
    saveDraft: (draft) => {
      state.current = draft;
      return null;
    },
    getDraft: () => state.current,
    setDraftAside: () => {
      if (state.current && content(state.current)) state.aside.set(state.current.id, state.current);
      state.current = null;
      return null;
    },
    resumeDraft: ({ id }) => {
      const wanted = state.aside.get(id);
      if (!wanted) return new Refusal({ kind: 'not_found', message: 'This draft is no longer there.' });
      if (state.current && state.current.id !== id && content(state.current)) state.aside.set(state.current.id, state.current);
      state.current = wanted;
      state.aside.delete(id);
      return wanted;
    },
    discardDraft: ({ id }) => {
      state.aside.delete(id);
      return null;
    },
    listDraftsAside: () => [...state.aside.values()].sort((a, b) => b.updatedAt - a.updatedAt),
    checkRecipients: () => [],
  });
  return { state, fax };
}

let main: { state: { current: Draft | null; aside: Map<string, Draft> }; fax: FakeFax };
beforeEach(() => {
  pinClock('09:00');
  resetCompose();
  connectionStore.set(connected());
  routeStore.set({ screen: 'inbox', faxId: null });
  main = fakeMain();
  draftsAsideStore.set([]);
});
afterEach(() => vi.useRealTimers());

const numbers = () => composeStore.get().recipients.map((recipient) => recipient.e164);

describe('a draft from earlier', () => {
  it('comes back under "New fax" with the question, never silently; "Continue" keeps it', () => {
    addRecipients([{ number: '+14155550103', name: 'Carla Diaz' }]);
    setField('subject', 'Referral for J. Doe');
    vi.setSystemTime(at('09:10'));
    openNewFax();
    expect(composeStore.get().notice).toBeNull(); // ten minutes: still this sitting's work
    vi.setSystemTime(at('11:30'));
    openNewFax();
    expect(routeStore.get().screen).toBe('compose');
    expect(composeStore.get().notice).toEqual({ kind: 'resumed', at: at('09:00') });
    // Not sent until the user said it is the one they mean.
    expect(sendBlocker(composeStore.get())).toBe('Choose “Continue this draft” or “Start a new fax” above first.');
    continueDraft();
    expect(sendBlocker(composeStore.get())).not.toMatch(/Continue this draft/);
    expect(composeStore.get()).toMatchObject({ notice: null, subject: 'Referral for J. Doe' });
  });

  it('"New fax" pressed while the draft kept with main is still on its way (just after the start): the question comes with it', async () => {
    const fromNine: Draft = { id: 'old-draft', recipients: [{ number: '+14155550103', name: 'Carla Diaz' }], subject: 'Referral for J. Doe', notes: '', coverId: '', files: [], updatedAt: at('09:00') };
    for (const [now, asked] of [['12:00', true], ['09:05', false]] as const) {
      resetCompose();
      routeStore.set({ screen: 'inbox', faxId: null });
      let reply: (draft: Draft) => void = () => undefined;
      installFakeFax({ getDraft: () => new Promise<Draft>((resolve) => (reply = resolve)), listDraftsAside: () => [] });
      vi.setSystemTime(at(now));
      const restoring = restoreDraft();
      openNewFax();
      expect(routeStore.get().screen).toBe('compose');
      reply(fromNine);
      await restoring;
      expect(composeStore.get().subject).toBe('Referral for J. Doe');
      expect(composeStore.get().notice).toEqual(asked ? { kind: 'resumed', at: at('09:00') } : null);
      if (asked) expect(sendBlocker(composeStore.get())).toBe('Choose “Continue this draft” or “Start a new fax” above first.');
    }
  });

  it('a fax from a contact or a held fax to edit, started while the draft kept with main is still on its way: the draft is set aside, not laid over them', async () => {
    const fromNine: Draft = { id: 'old-draft', recipients: [{ number: '+14155550103', name: 'Carla Diaz' }], subject: 'Referral for J. Doe', notes: '', coverId: '', files: [], updatedAt: at('09:00') };
    const held: Draft = { id: 'held-draft', recipients: [{ number: '+14155550177', name: 'Dev Patel' }], subject: 'Lab results for M. Roe', notes: '', coverId: '', files: [], updatedAt: at('11:50') };
    const starts = {
      contact: () => startFaxWith({ recipients: [{ number: '+14155550177', name: 'Dev Patel' }] }),
      heldFax: () => editHeldFax('submission-1'),
    };
    for (const [name, start] of Object.entries(starts)) {
      resetCompose();
      const setAside: string[] = [];
      let reply: (draft: Draft) => void = () => undefined;
      installFakeFax({
        getDraft: () => new Promise<Draft>((resolve) => (reply = resolve)),
        saveDraft: () => null,
        setDraftAside: () => {
          setAside.push(composeStore.get().draftId);
          return null;
        },
        editSubmission: () => held,
        listDraftsAside: () => [],
        checkRecipients: () => [],
      });
      vi.setSystemTime(at('12:00'));
      const restoring = restoreDraft();
      const started = start();
      reply(fromNine);
      await restoring;
      expect(await started, name).toBeNull();
      expect(numbers(), name).toEqual(['+14155550177']);
      expect(composeStore.get().subject, name).toBe(name === 'heldFax' ? 'Lab results for M. Roe' : '');
      expect(composeStore.get().notice, name).toMatchObject({ kind: 'setAside', draftId: 'old-draft' });
      if (name === 'contact') expect(setAside, name).toEqual(['old-draft']);
    }
  });

  it('"Start new" sets it aside with main (saved first) and starts empty; it can be opened again', async () => {
    addRecipients([{ number: '+14155550103', name: 'Carla Diaz' }]);
    setField('subject', 'Referral for J. Doe');
    const oldId = composeStore.get().draftId;
    vi.setSystemTime(at('12:00'));
    openNewFax();
    await startNewFax();
    expect(main.state.aside.get(oldId)).toMatchObject({ subject: 'Referral for J. Doe', recipients: [{ number: '+14155550103', name: 'Carla Diaz' }] });
    expect(composeStore.get()).toMatchObject({ recipients: [], subject: '', notice: { kind: 'setAside', draftId: oldId } });
    expect(draftsAsideStore.get().map((draft) => draft.id)).toEqual([oldId]);
    await resumeDraftAside(oldId);
    expect(composeStore.get()).toMatchObject({ draftId: oldId, subject: 'Referral for J. Doe' });
    expect(main.state.aside.size).toBe(0);
  });
});

describe('a new fax from outside compose', () => {
  it('"Fax" from a contact starts a new fax, even with a draft in progress; the draft is one click away', async () => {
    addRecipients([{ number: '+14155550199' }]);
    setField('subject', 'Lab results for M. Roe');
    const oldId = composeStore.get().draftId;
    await startFaxWith({ recipients: [{ number: '+14155550103', name: 'Carla Diaz' }] });
    expect(numbers()).toEqual(['+14155550103']);
    expect(composeStore.get().subject).toBe('');
    expect(composeStore.get().notice).toMatchObject({ kind: 'setAside', draftId: oldId });
    // The user chooses the draft: Carla joins it, nothing is left behind or doubled.
    await resumeDraftAside(oldId, { bringRecipients: true });
    expect(composeStore.get()).toMatchObject({ draftId: oldId, subject: 'Lab results for M. Roe' });
    expect(numbers()).toEqual(['+14155550199', '+14155550103']);
    expect(main.state.aside.size).toBe(0);
  });

  it('files dropped while composing join that fax; on a draft from earlier they start a new one', async () => {
    main.fax.calls.length = 0;
    addRecipients([{ number: '+14155550199' }]);
    const staged = { staged: [{ id: 'f'.repeat(32), name: 'scan.pdf', kind: 'pdf' as const, size: 10, pages: 1, pagesEstimated: false }], rejected: [] };
    installFakeFax({ ...{}, stageFiles: () => staged, saveDraft: () => null, setDraftAside: () => null, listDraftsAside: () => [], checkRecipients: () => [] });
    const file = new File([new Uint8Array([37, 80, 68, 70])], 'scan.pdf', { type: 'application/pdf' });
    await startFaxWith({ files: [file] }, { joinRecentDraft: true });
    expect(numbers()).toEqual(['+14155550199']);
    expect(composeStore.get().files.map((item) => item.name)).toEqual(['scan.pdf']);
    vi.setSystemTime(at('10:00'));
    await startFaxWith({ files: [file] }, { joinRecentDraft: true });
    expect(numbers()).toEqual([]);
    expect(composeStore.get().files.map((item) => item.name)).toEqual(['scan.pdf']);
    expect(composeStore.get().notice?.kind).toBe('setAside');
  });
});

describe('random sequences of what a receptionist does (property)', () => {
  const action = fc.oneof(
    fc.record({ kind: fc.constant('type' as const), tail: fc.integer({ min: 100, max: 999 }) }),
    fc.record({ kind: fc.constant('subject' as const), text: fc.constantFrom('Referral', 'Lab results', 'Records request', '') }),
    fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 90 }) }),
    fc.constant({ kind: 'newFax' as const }),
    fc.constant({ kind: 'continue' as const }),
    fc.constant({ kind: 'startNew' as const }),
    fc.record({ kind: fc.constant('contact' as const), tail: fc.integer({ min: 100, max: 999 }) }),
    fc.constant({ kind: 'back' as const }),
    fc.nat({ max: 5 }).map((index) => ({ kind: 'openAside' as const, index })),
  );

  it('nothing typed is ever lost, a contact\'s new fax holds only the contact, and a draft from earlier is always announced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 25 }), async (actions) => {
        pinClock('09:00');
        resetCompose();
        main = fakeMain();
        draftsAsideStore.set([]);
        const typed = new Set<string>();
        for (const step of actions) {
          if (step.kind === 'type') {
            const number = `+1415555${String(step.tail).padStart(4, '0')}`;
            addRecipients([{ number }]);
            typed.add(number);
          } else if (step.kind === 'subject') setField('subject', step.text);
          else if (step.kind === 'wait') await vi.advanceTimersByTimeAsync(step.minutes * 60_000);
          else if (step.kind === 'newFax') {
            const before = composeStore.get();
            const earlier = before.recipients.length > 0 || before.subject.trim() !== '' ? Date.now() - (before.editedAt ?? Date.now()) > staleDraftMs : false;
            openNewFax();
            if (earlier) expect(composeStore.get().notice).not.toBeNull();
          } else if (step.kind === 'continue') continueDraft();
          else if (step.kind === 'startNew') await startNewFax();
          else if (step.kind === 'contact') {
            const number = `+1212555${String(step.tail).padStart(4, '0')}`;
            await startFaxWith({ recipients: [{ number, name: 'A contact' }] });
            typed.add(number);
            expect(numbers()).toEqual([number]);
            expect(composeStore.get().subject).toBe('');
          } else if (step.kind === 'back') {
            const notice = composeStore.get().notice;
            if (notice?.kind === 'setAside' && main.state.aside.has(notice.draftId)) await resumeDraftAside(notice.draftId, { bringRecipients: true });
          } else {
            const chosen = [...main.state.aside.keys()][step.index];
            if (chosen) await resumeDraftAside(chosen);
          }
          // Every number typed is in compose, in main's draft or in a draft set aside.
          await vi.advanceTimersByTimeAsync(500);
          const everywhere = new Set([
            ...draftRecipients(composeStore.get()).map((recipient) => recipient.number),
            ...(main.state.current?.recipients.map((recipient) => recipient.number) ?? []),
            ...[...main.state.aside.values()].flatMap((draft) => draft.recipients.map((recipient) => recipient.number)),
          ]);
          for (const number of typed) expect(everywhere.has(number), `${number} lost after ${step.kind}`).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
