/**
 * The hub answering again sends what waits at once — also when it answers while the sender is still writing down
 * the try that just failed (the link's reconnect runs right after that try on the same queue, so the two meet
 * whenever the journal's fsync is slow). CI caught the old sender waiting out its full unreachable wait there.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HubSession } from '../../../main/hub/hub-session';
import { createLogger, memorySink } from '../../../main/log/logger';
import type { Timers } from '../../../main/runtime/timers';
import type { SealedJournal } from '../../../main/store/sealed-journal';
import { testTriageSender } from '../../helpers/triage-sender-stub';
import type { TriageAction } from '../../../main/triage/triage-journal';

function action(faxId: string, createdAt: number): TriageAction {
  return { version: 1, id: crypto.randomUUID(), createdAt, faxId, kind: 'claim', assignee: null, handled: false, text: '', labelIds: [], replyDue: null, answers: null, audit: null, filing: null, attempts: 0, nextTryAt: 0, order: 0 };
}

/** Timers on a clock the test moves. */
function manualClock(): { timers: Timers; now: () => number; advance: (ms: number) => void } {
  let time = 1_000_000;
  const due = new Map<number, { at: number; callback: () => void }>();
  let next = 0;
  return {
    now: () => time,
    timers: {
      set(callback, milliseconds) {
        next += 1;
        due.set(next, { at: time + milliseconds, callback });
        return next;
      },
      clear(handle) {
        due.delete(handle as number);
      },
    },
    advance(ms) {
      time += ms;
      for (const [handle, timer] of [...due]) {
        if (timer.at > time) continue;
        due.delete(handle);
        timer.callback();
      }
    },
  };
}

const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('the triage sender when the hub answers again', () => {
  it('sends at once when the hub is back, also while the failed try is still being written', async () => {
    for (const backDuringWrite of [true, false]) {
      const clock = manualClock();
      const sink = memorySink();
      let reachable = false;
      const writes: Array<() => void> = [];
      const journal: SealedJournal<TriageAction> = {
        write: () => new Promise<void>((resolve) => writes.push(resolve)),
        readAll: () => Promise.resolve([]),
        remove: () => Promise.resolve(),
        folder: () => '',
      };
      const claimed: string[] = [];
      const session = {
        claim: (faxId: string) => {
          if (!reachable) return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
          claimed.push(faxId);
          return Promise.resolve({ won: true, by: 'ana', since: clock.now() });
        },
      } as unknown as HubSession;
      const sender = testTriageSender({ journal, session: () => Promise.resolve(session), reachable: () => reachable, log: createLogger({ sinks: [sink] }), now: clock.now, timers: clock.timers });
      const first = action('950000000000000001', 1);
      const second = action('950000000000000002', 2);
      sender.load([first, second]);
      const pass = sender.drain();
      await settle();
      // The try failed; its "try later" is being written.
      expect(sink.lines, 'nothing went wrong in the pass').toEqual([]);
      expect(writes).toHaveLength(1);
      if (!backDuringWrite) {
        writes.shift()?.();
        await settle();
      }
      reachable = true;
      const retried = sender.retryNow();
      await settle();
      for (const resolve of writes.splice(0)) resolve();
      await Promise.all([pass, retried]);
      clock.advance(1);
      await settle();
      expect(claimed, backDuringWrite ? 'back during the write' : 'back after it').toEqual([first.faxId, second.faxId]);
      expect(sender.pending()).toEqual([]);
      expect(sender.hold()).toBeNull();
    }
  });

  it('a note the hub refuses as one too many (its limit per person) is kept, with what came after it, and sent once the hub takes it', async () => {
    const clock = manualClock();
    const journal: SealedJournal<TriageAction> = { write: () => Promise.resolve(), readAll: () => Promise.resolve([]), remove: () => Promise.resolve(), folder: () => '' };
    let full = true;
    const applied: string[] = [];
    const dropped: string[] = [];
    const session = {
      addNote: (faxId: string) => {
        if (full) return Promise.reject(Object.assign(new Error('too many notes at once'), { code: '54000' }));
        applied.push(`note ${faxId}`);
        return Promise.resolve({ id: crypto.randomUUID(), faxId, author: 'ana', at: clock.now(), text: 'x' });
      },
      claim: (faxId: string) => {
        applied.push(`claim ${faxId}`);
        return Promise.resolve({ won: true, by: 'ana', since: clock.now() });
      },
    } as unknown as HubSession;
    const sender = testTriageSender({ journal, session: () => Promise.resolve(session), reachable: () => true, now: clock.now, timers: clock.timers, dropped: (refused) => dropped.push(refused.faxId) });
    const note: TriageAction = { ...action('950000000000000011', 1), kind: 'note', text: 'Called back' };
    const later = action('950000000000000012', 2);
    sender.load([note, later]);
    await sender.drain();
    await settle();
    expect(dropped).toEqual([]);
    expect(applied).toEqual([]);
    expect(sender.pending().map((waiting) => waiting.id)).toEqual([note.id, later.id]);
    expect(sender.hold()?.failure.details.code).toBe('hub_too_many');
    full = false;
    clock.advance(3_600_000);
    await settle();
    expect(applied).toEqual([`note ${note.faxId}`, `claim ${later.faxId}`]);
    expect(sender.pending()).toEqual([]);
    expect(sender.hold()).toBeNull();
  });
});
