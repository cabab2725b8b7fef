/**
 * Between the hub taking this desk's action and the desk reading the fax again, the desk showed what the hub said
 * before the action: "Nobody is on it yet" right after a claim went through (a whole-suite run caught it in
 * hub-room.test, on a visiting desk, whose read waits for a connection). The view now shows the action as the hub
 * answered it until that read is back.
 */
import { describe, expect, it } from 'vitest';
import type { ClaimResult, FaxTriage, HubSession } from '../../../main/hub/hub-session';
import { createLogger } from '../../../main/log/logger';
import type { SealedJournal } from '../../../main/store/sealed-journal';
import { createSharedTriage, type SharedTriage, type TriageView } from '../../../main/triage/shared-triage';
import type { TriageAction } from '../../../main/triage/triage-journal';

const faxId = '960000000000000001';
const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

/** A hub in memory whose reads of single faxes wait until the test lets them go. */
function heldHub(claimedBy: string | null) {
  const triage = new Map<string, FaxTriage>();
  const blank = (id: string): FaxTriage => ({ faxId: id, claim: null, assignee: null, handled: null, labelIds: [], notes: 0, sent: null, replyLink: null, filing: null });
  if (claimedBy) triage.set(faxId, { ...blank(faxId), claim: { by: claimedBy, since: 1 } });
  const heldReads: Array<() => void> = [];
  const copy = (ids?: readonly string[]): Map<string, FaxTriage> => new Map([...triage].filter(([id]) => !ids || ids.includes(id)).map(([id, value]) => [id, structuredClone(value)]));
  const session = {
    triage: (ids?: readonly string[]) => (ids ? new Promise<Map<string, FaxTriage>>((resolve) => heldReads.push(() => resolve(copy(ids)))) : Promise.resolve(copy())),
    claim: (id: string): Promise<ClaimResult> => {
      const current = triage.get(id) ?? blank(id);
      if (current.claim) return Promise.resolve({ won: false, by: current.claim.by, since: current.claim.since });
      triage.set(id, { ...current, claim: { by: 'ana', since: 500 } });
      return Promise.resolve({ won: true, since: 500 });
    },
    addNote: (id: string) => {
      const current = triage.get(id) ?? blank(id);
      triage.set(id, { ...current, notes: current.notes + 1 });
      return Promise.resolve();
    },
    stillMember: () => Promise.resolve(true),
    close: () => Promise.resolve(),
  } as unknown as HubSession;
  return { session, heldReads };
}

function memoryJournal(): SealedJournal<TriageAction> {
  const records = new Map<string, TriageAction>();
  return {
    write: (record) => Promise.resolve(void records.set(record.id, record)),
    readAll: () => Promise.resolve([...records.values()]),
    remove: (id) => Promise.resolve(void records.delete(id)),
    folder: () => '',
  };
}

function deskOn(session: HubSession) {
  /** What the window was told of each fax, as the view stood when it was told. */
  const told: Array<TriageView | null> = [];
  const triage: SharedTriage = createSharedTriage({
    journal: memoryJournal(),
    connect: () => Promise.resolve(session),
    reachable: () => true,
    login: 'ana',
    onChanged: (ids) => told.push(...ids.map((id) => triage.view(id))),
    onStatus: () => undefined,
    onLostClaim: () => undefined,
    log: createLogger({ sinks: [] }),
  });
  return { triage, told };
}

describe('a desk between the hub taking its action and reading the fax again', () => {
  it('a claim that went through shows as this person’s, not shared-yet, while the read is on its way and after', async () => {
    const hub = heldHub(null);
    const { triage, told } = deskOn(hub.session);
    await triage.start();
    expect(await triage.act({ faxId, kind: 'claim' })).toMatchObject({ queued: false, claim: { won: true } });
    expect(triage.status().pending).toBe(0);
    expect(hub.heldReads.length, 'the read after the claim is on its way').toBeGreaterThan(0);
    expect(triage.view(faxId)).toMatchObject({ claim: { by: 'ana' }, pending: 0 });
    // The window was told so already: "not shared yet", then shared — before the read came back.
    expect(told.map((view) => view?.pending)).toEqual([1, 0]);
    expect(triage.views().get(faxId)).toMatchObject({ claim: { by: 'ana' }, pending: 0 });
    for (const release of hub.heldReads.splice(0)) release();
    await settle();
    expect(triage.view(faxId)).toMatchObject({ claim: { by: 'ana', since: 500 }, pending: 0 });
    await triage.stop();
  });

  it('a claim another desk had first names that desk while the read is on its way, never nobody', async () => {
    const hub = heldHub('maria');
    const { triage } = deskOn(hub.session);
    await triage.start();
    expect(await triage.act({ faxId, kind: 'claim' })).toMatchObject({ queued: false, claim: { won: false, by: 'maria' } });
    expect(triage.view(faxId)).toMatchObject({ claim: { by: 'maria' }, pending: 0 });
    for (const release of hub.heldReads.splice(0)) release();
    await settle();
    expect(triage.view(faxId)).toMatchObject({ claim: { by: 'maria' }, pending: 0 });
    await triage.stop();
  });

  it('a note counts once: while the read is on its way and once the read brought it back', async () => {
    const hub = heldHub(null);
    const { triage } = deskOn(hub.session);
    await triage.start();
    await triage.act({ faxId, kind: 'note', text: 'Called back' });
    expect(triage.view(faxId)).toMatchObject({ notes: 1, pending: 0 });
    for (const release of hub.heldReads.splice(0)) release();
    await settle();
    expect(triage.view(faxId)).toMatchObject({ notes: 1, pending: 0 });
    await triage.stop();
  });
});

describe('a read that began before this desk’s action was taken', () => {
  it('does not count a note twice when it answers after the note was taken (it may or may not hold it)', async () => {
    const hub = heldHub(null);
    const { triage } = deskOn(hub.session);
    await triage.start();
    // A read of the fax is on its way (another desk's change was heard) when the person adds a note.
    const earlier = triage.refresh([faxId]);
    await settle();
    expect(hub.heldReads).toHaveLength(1);
    await triage.act({ faxId, kind: 'note', text: 'Called back' });
    expect(triage.view(faxId)).toMatchObject({ notes: 1, pending: 0 });
    // The earlier read answers now, the note already on the hub.
    hub.heldReads.shift()?.();
    await earlier;
    await settle();
    expect(triage.view(faxId)).toMatchObject({ notes: 1, pending: 0 });
    // The read the note asked for tells the hub's word.
    for (const release of hub.heldReads.splice(0)) release();
    await settle();
    expect(triage.view(faxId)).toMatchObject({ notes: 1, pending: 0 });
    expect(hub.heldReads).toHaveLength(0);
    await triage.stop();
  });
});
