/**
 * A desk's actions reach the hub in the order the person made them, whatever their times say: several made in one
 * millisecond (a note, then "handled", journaled on a fast disk), made after the clock was set back, or left in the
 * journal by a run before a restart. The sender once ordered by time, then by the actions' random ids — a whole run
 * caught "handled" reaching the hub before the note made before it.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HubSession } from '../../../main/hub/hub-session';
import type { SealedJournal } from '../../../main/store/sealed-journal';
import { triageActionSchema, type TriageAction } from '../../../main/triage/triage-journal';
import type { TriageSender } from '../../../main/triage/triage-sender';
import { testTriageSender } from '../../helpers/triage-sender-stub';

type Made = Omit<TriageAction, 'order'>;

/** Random ids, given out in descending order: ordered by id, every action would go in reverse. */
function descendingIds(): () => string {
  const ids = Array.from({ length: 64 }, () => crypto.randomUUID()).sort().reverse();
  return () => ids.shift() ?? crypto.randomUUID();
}

function made(id: string, createdAt: number, kind: TriageAction['kind'], faxId: string): Made {
  return { version: 1, id, createdAt, faxId, kind, assignee: null, handled: kind === 'handled', text: kind === 'note' ? 'Called the lab back' : '', labelIds: [], replyDue: null, answers: null, audit: null, filing: null, attempts: 0, nextTryAt: 0 };
}

/** A journal kept as its files are: each action written out and read back through the schema. */
function storedJournal(files = new Map<string, string>()): { journal: SealedJournal<TriageAction>; files: Map<string, string> } {
  const journal: SealedJournal<TriageAction> = {
    write: (action) => {
      files.set(action.id, JSON.stringify(action));
      return Promise.resolve();
    },
    readAll: () => Promise.resolve([...files.values()].map((text) => triageActionSchema.parse(JSON.parse(text)))),
    remove: (id) => {
      files.delete(id);
      return Promise.resolve();
    },
    folder: () => '',
  };
  return { journal, files };
}

/** A sender whose hub takes everything (once `open`) and says what it got, in order. */
function senderTo(journal: SealedJournal<TriageAction>, open = true): { sender: TriageSender; got: string[]; open: () => void } {
  const got: string[] = [];
  let reachable = open;
  const take = (what: string) => (faxId: string) => {
    if (!reachable) return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    got.push(`${what} ${faxId}`);
    return Promise.resolve({ won: true, by: 'tom', since: 0 });
  };
  const session = { claim: take('claim'), release: take('release'), addNote: take('note'), setHandled: take('handled') } as unknown as HubSession;
  const sender = testTriageSender({ journal, session: () => Promise.resolve(session), reachable: () => reachable });
  return {
    sender,
    got,
    open: () => {
      reachable = true;
    },
  };
}

describe('the order a desk sends its actions in', () => {
  it('actions made in one millisecond go in the order they were made, whatever their ids', async () => {
    const nextId = descendingIds();
    const { journal } = storedJournal();
    const { sender, got } = senderTo(journal, false);
    const actions = [made(nextId(), 5_000, 'claim', 'A'), made(nextId(), 5_000, 'release', 'A'), made(nextId(), 5_000, 'note', 'B'), made(nextId(), 5_000, 'handled', 'B'), made(nextId(), 5_000, 'claim', 'C')];
    for (const action of actions) await sender.add(action);
    await sender.retryNow();
    expect(got).toEqual([]);
    const back = senderTo(journal);
    back.sender.load(await journal.readAll());
    await back.sender.drain();
    expect(back.got).toEqual(['claim A', 'release A', 'note B', 'handled B', 'claim C']);
  });

  it('after the clock was set back, and across a restart, later actions still go after earlier ones', async () => {
    for (let run = 0; run < 20; run += 1) {
      const nextId = descendingIds();
      const { journal } = storedJournal();
      const before = senderTo(journal, false);
      // Times that jump about, back as well as forward (a clock set by hand, then put right).
      const times = Array.from({ length: 8 }, () => 1_000_000 + Math.floor(Math.random() * 20_000) - 10_000);
      const kinds: Array<TriageAction['kind']> = ['claim', 'release', 'note', 'handled'];
      const expected: string[] = [];
      for (const [index, at] of times.entries()) {
        const kind = kinds[index % kinds.length] ?? 'claim';
        // The first half before a restart, the rest after it.
        if (index === times.length / 2) {
          const restarted = senderTo(journal, false);
          restarted.sender.load(await journal.readAll());
          Object.assign(before, restarted);
        }
        await before.sender.add(made(nextId(), at, kind, `F${String(index)}`));
        expected.push(`${kind} F${String(index)}`);
      }
      const back = senderTo(journal);
      back.sender.load(await journal.readAll());
      await back.sender.drain();
      expect(back.got, `times ${times.join(', ')}`).toEqual(expected);
    }
  });

  it('an action made before the desk read its journal (as it starts) still goes after what the journal held', async () => {
    const nextId = descendingIds();
    const { journal } = storedJournal();
    const before = senderTo(journal, false);
    await before.sender.add(made(nextId(), 9_000, 'claim', 'held-1'));
    await before.sender.add(made(nextId(), 9_000, 'release', 'held-1'));
    const restarted = senderTo(journal, false);
    await restarted.sender.add(made(nextId(), 8_000, 'note', 'new'));
    restarted.sender.load(await journal.readAll());
    restarted.open();
    await restarted.sender.drain();
    expect(restarted.got).toEqual(['claim held-1', 'release held-1', 'note new']);
  });

  it('actions journaled before the desk kept an order go first, oldest first, then the new ones in the order made', async () => {
    const nextId = descendingIds();
    const files = new Map<string, string>();
    // As an older version wrote them: no order, times apart.
    for (const [at, faxId] of [[2_000, 'old-2'], [1_000, 'old-1']] as const) {
      const old: Record<string, unknown> = { ...made(nextId(), at, 'claim', faxId) };
      files.set(String(old.id), JSON.stringify(old));
    }
    const { journal } = storedJournal(files);
    const desk = senderTo(journal, false);
    desk.sender.load(await journal.readAll());
    await desk.sender.add(made(nextId(), 500, 'note', 'new'));
    await desk.sender.add(made(nextId(), 500, 'handled', 'new'));
    desk.open();
    await desk.sender.drain();
    expect(desk.got).toEqual(['claim old-1', 'claim old-2', 'note new', 'handled new']);
  });
});
