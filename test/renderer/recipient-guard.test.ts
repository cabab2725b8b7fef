// The misdirected-fax guard's renderer side: main's findings follow the recipients (a late reply for recipients
// that changed is dropped), the one-click fix replaces the recipient, a confirmation is kept with the draft, and a
// send asks only about what was not confirmed.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecipientWarning } from '../../preload/models';
import { composeStore, resetCompose, saveNow } from '../../renderer/src/data/compose';
import { addRecipients } from '../../renderer/src/data/compose-recipients';
import { applySuggestion, checkRecipientsNow, confirmWarning, guardStore, startRecipientGuard, warningsBeforeSend } from '../../renderer/src/data/recipient-guard';
import { installFakeFax, Refusal } from './fake-fax';

const nearMiss: RecipientWarning = {
  key: 'near_miss:+14155550130:+14155550103',
  kind: 'near_miss',
  number: '+14155550130',
  message: 'Did you mean Carla Diaz, +1 415 555 0103?',
  suggestion: { number: '+14155550103', name: 'Carla Diaz' },
};

let stop: (() => void) | null = null;
beforeEach(() => resetCompose());
afterEach(() => {
  stop?.();
  stop = null;
  guardStore.set({ warnings: [], checkedFor: '[]' });
});

describe('the guard in compose', () => {
  it('checks whenever the recipients change, and shows main\'s findings', async () => {
    const fax = installFakeFax({ saveDraft: () => null, checkRecipients: ({ recipients }) => (recipients.some((recipient) => recipient.number === nearMiss.number) ? [nearMiss] : []) });
    stop = startRecipientGuard();
    addRecipients([{ number: '+1 415 555 0130' }]);
    await expect.poll(() => guardStore.get().warnings).toEqual([nearMiss]);
    expect(fax.callsOf('checkRecipients')).toEqual([{ recipients: [{ number: '+14155550130' }] }]);
  });

  it('looks again when the cached faxes change: a number faxed meanwhile is no longer new', async () => {
    let faxed = false;
    const fresh: RecipientWarning = { key: 'new_number:+14155550177', kind: 'new_number', number: '+14155550177', message: 'New' };
    const fax = installFakeFax({ saveDraft: () => null, checkRecipients: () => (faxed ? [] : [fresh]) });
    stop = startRecipientGuard();
    addRecipients([{ number: '+14155550177' }]);
    await expect.poll(() => guardStore.get().warnings).toEqual([fresh]);
    faxed = true;
    fax.emit('faxesChanged', { added: [], updated: [], unreadInbound: 0 });
    expect(fax.callsOf('checkRecipients')).toHaveLength(1);
    fax.emit('faxesChanged', { added: ['1'], updated: [], unreadInbound: 0 });
    await expect.poll(() => guardStore.get().warnings).toEqual([]);
    expect(fax.callsOf('checkRecipients')).toHaveLength(2);
  });

  it('a reply for recipients that have changed since is dropped', async () => {
    const replies: Array<(value: RecipientWarning[]) => void> = [];
    installFakeFax({ checkRecipients: () => new Promise<RecipientWarning[]>((resolve) => replies.push(resolve)) });
    addRecipients([{ number: '+14155550130' }]);
    const first = checkRecipientsNow();
    composeStore.set({ ...composeStore.get(), recipients: [] });
    addRecipients([{ number: '+14155550103' }]);
    const second = checkRecipientsNow();
    replies[1]?.([]);
    await second;
    replies[0]?.([nearMiss]);
    await first;
    expect(guardStore.get().warnings).toEqual([]);
  });

  it('the fix puts the suggested contact in the recipient\'s place, with its name', () => {
    installFakeFax({ saveDraft: () => null });
    addRecipients([{ number: '+14155550100' }, { number: '+1 415 555 0130' }]);
    applySuggestion(nearMiss);
    expect(composeStore.get().recipients.map((recipient) => [recipient.e164, recipient.name])).toEqual([
      ['+14155550100', ''],
      ['+14155550103', 'Carla Diaz'],
    ]);
  });

  it('a confirmation is saved with the draft, and a send asks only about findings not confirmed', async () => {
    const fresh: RecipientWarning = { key: 'new_number:+14155550177', kind: 'new_number', number: '+14155550177', message: 'New' };
    const fax = installFakeFax({ saveDraft: () => null, checkRecipients: () => [nearMiss, fresh] });
    addRecipients([{ number: '+14155550130' }, { number: '+14155550177' }]);
    confirmWarning(fresh);
    await saveNow();
    expect(fax.callsOf('saveDraft').at(-1)).toMatchObject({ confirmedWarnings: [fresh.key] });
    await expect(warningsBeforeSend()).resolves.toEqual({ open: [nearMiss] });
  });

  it('when the check cannot run, the send is not made blind: the reason comes back', async () => {
    installFakeFax({ checkRecipients: () => new Refusal({ kind: 'internal', message: 'The cache could not be read.' }) });
    addRecipients([{ number: '+14155550130' }]);
    await expect(warningsBeforeSend()).resolves.toEqual({ error: { kind: 'internal', message: 'The cache could not be read.' } });
  });

  it('a fix changes only the recipient it was found for, whatever the list around it (property)', () => {
    installFakeFax({ saveDraft: () => null });
    const number = fc.integer({ min: 100, max: 140 }).map((tail) => `+1415555${String(tail).padStart(4, '0')}`);
    fc.assert(
      fc.property(fc.uniqueArray(number, { minLength: 1, maxLength: 8 }), number, number, fc.boolean(), (numbers, about, fix, removeFirst) => {
        resetCompose();
        addRecipients(numbers.map((entry) => ({ number: entry })));
        // Stale state: the list may have changed since the finding was made (the first recipient removed).
        if (removeFirst) composeStore.set({ ...composeStore.get(), recipients: composeStore.get().recipients.slice(1) });
        const before = composeStore.get().recipients;
        applySuggestion({ key: `near_miss:${about}:${fix}`, kind: 'near_miss', number: about, message: '', suggestion: { number: fix, name: 'Carla Diaz' } });
        const after = composeStore.get().recipients;
        const target = before.findIndex((recipient) => recipient.e164 === about);
        if (target < 0) {
          // Not (or no longer) a recipient: nothing changes.
          expect(after).toEqual(before);
          return;
        }
        const others = before.filter((_, index) => index !== target);
        if (others.some((recipient) => recipient.e164 === fix)) {
          // The fix is already a recipient: this one goes, nobody else moves.
          expect(after).toEqual(others);
        } else {
          expect(after.filter((_, index) => index !== target)).toEqual(others);
          expect(after[target]).toMatchObject({ e164: fix, name: 'Carla Diaz' });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a number typed without a name gets its contact’s name on the chip; one typed with a name keeps it', async () => {
    const fax = installFakeFax({ saveDraft: () => null, checkRecipients: () => [], contactNames: ({ numbers }) => numbers.filter((number) => number === '+14155550103').map((number) => ({ number, name: 'Carla Diaz' })) });
    addRecipients([{ number: '+1 415 555 0103' }, { number: '+14155550177', name: 'Front desk' }]);
    await checkRecipientsNow();
    expect(composeStore.get().recipients.map((recipient) => [recipient.e164, recipient.name])).toEqual([
      ['+14155550103', 'Carla Diaz'],
      ['+14155550177', 'Front desk'],
    ]);
    expect(fax.callsOf('contactNames')).toEqual([{ numbers: ['+14155550103'] }]);
  });
});

