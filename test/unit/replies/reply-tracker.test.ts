// Replies tracked over the real cache: a received fax from a recipient's number is linked to the latest earlier
// sent fax that expects a reply; "Awaiting reply" turns "Overdue" (announced once); links set or removed by hand
// stay as set; a number's faxes in both directions, newest first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaxRecord } from '../../../main/api/read/fax-reader';
import { createFaxDetails } from '../../../main/faxes/fax-details';
import { createLogger } from '../../../main/log/logger';
import { createReplyTracker } from '../../../main/replies/reply-tracker';
import { createEventBus } from '../../../main/runtime/event-bus';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import type { ConnectionService } from '../../../main/connection/connection-service';
import type { PdfStore } from '../../../main/pdf/pdf-store';
import { virtualTime } from '../../helpers/virtual-time';

const day = 86_400_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replies-'));
  const time = virtualTime();
  const cache: Cache = openCache(dir, 'ab'.repeat(32), createLogger({ sinks: [] }), time.now);
  const events = createEventBus();
  const announced: Array<{ faxId: string; reference: string }> = [];
  events.subscribe((name, payload) => {
    if (name === 'replyOverdue') announced.push(payload as { faxId: string; reference: string });
  });
  const tracker = createReplyTracker({ cache, events, log: createLogger({ sinks: [] }), now: time.now, timers: time.timers });
  tracker.start();
  const details = createFaxDetails({ cache, pdfs: { isCached: () => false } as unknown as PdfStore, connection: { usable: () => false } as unknown as ConnectionService, events, now: time.now });
  cleanups.push(() => {
    tracker.stop();
    cache.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  let nextId = 100;
  /** A fax this app sent now (as the outbox records it), expecting a reply within `days`. */
  const send = (to: string, days: number | null): string => {
    const id = String(nextId++);
    cache.faxes.recordSent({ id, reference: `FX-${id}`, status: 'queued', pages: 1, recipients: [{ to, name: null, status: 'queued', error: null, reason: null }], subject: null, submissionId: `s${id}` });
    if (days !== null) cache.replies.expect(id, time.now() + days * day);
    return id;
  };
  /** A fax received now from `from` (null: the service did not say), arriving through a sync. */
  const receive = (from: string | null, atMs = time.now()): string => {
    const id = String(nextId++);
    const record: FaxRecord = { id, reference: `FX-${id}`, direction: 'inbound', status: 'received', pages: 1, createdAt: new Date(atMs).toISOString(), createdMs: atMs, to: null, from, subject: null, senderName: null, cost: null, providerError: null, recipients: [] };
    const outcome = cache.faxes.upsertMany([record], { markNewInboundUnread: true });
    events.emit('faxesChanged', { added: outcome.added, updated: [], unreadInbound: 1 });
    return id;
  };
  const reply = (id: string) => details.list({ direction: 'outbound', offset: 0, limit: 50 }).items.find((item) => item.id === id)?.reply;
  const replyTo = (id: string) => details.list({ direction: 'inbound', offset: 0, limit: 50 }).items.find((item) => item.id === id)?.replyTo;
  return { cache, time, tracker, details, announced, send, receive, reply, replyTo };
}

describe('replies tracked', () => {
  it('a fax from a recipient\'s number answers the latest earlier sent fax that expects a reply; others stay unlinked', async () => {
    const app = setup();
    const older = app.send('+14155550101', 5);
    await app.time.advance(60_000);
    const latest = app.send('+1 415 555 0101', 5);
    const noExpectation = app.send('+14155550102', null);
    expect(app.reply(latest)).toMatchObject({ state: 'awaiting', replies: [] });
    expect(app.reply(noExpectation)).toBeUndefined();

    await app.time.advance(3_600_000);
    const answer = app.receive('+14155550101');
    const stranger = app.receive('+14155550199');
    const fromNoExpectation = app.receive('+14155550102');
    expect(app.replyTo(answer)).toEqual({ id: latest, reference: `FX-${latest}` });
    expect(app.reply(latest)).toMatchObject({ state: 'replied', replies: [{ id: answer, reference: `FX-${answer}` }] });
    expect(app.reply(older)?.state).toBe('awaiting');
    expect(app.replyTo(stranger)).toBeUndefined();
    expect(app.replyTo(fromNoExpectation)).toBeUndefined();
  });

  it('a fax received before the sent one is not its reply', () => {
    const app = setup();
    const before = app.time.now() - day;
    const sent = app.send('+14155550101', 2);
    const earlier = app.receive('+14155550101', before);
    expect(app.replyTo(earlier)).toBeUndefined();
    expect(app.reply(sent)?.state).toBe('awaiting');
  });

  it('past its due time an unanswered fax is "Overdue", announced once; an answered one never is', async () => {
    const app = setup();
    const waiting = app.send('+14155550101', 2);
    const answered = app.send('+14155550102', 2);
    app.receive('+14155550102');
    await app.time.advance(2 * day + 5_000);
    expect(app.reply(waiting)?.state).toBe('overdue');
    expect(app.reply(answered)?.state).toBe('replied');
    expect(app.announced).toEqual([{ faxId: waiting, reference: `FX-${waiting}` }]);
    await app.time.advance(3 * 3_600_000);
    app.tracker.checkOverdue();
    expect(app.announced).toHaveLength(1);
  });

  it('the office\'s expectations turn "Overdue" on every desk, but only the desk that sent the fax is told', async () => {
    const app = setup();
    const othersFax = app.send('+14155550101', null);
    const mineViaOffice = app.send('+14155550102', null);
    const mineHere = app.send('+14155550103', 2);
    app.cache.replies.adopt(othersFax, app.time.now() + 2 * day, false);
    app.cache.replies.adopt(mineViaOffice, app.time.now() + 2 * day, true);
    // The office calls a fax this desk sent someone else's (a stale view): this desk still tells.
    app.cache.replies.adopt(mineHere, app.time.now() + 2 * day, false);
    await app.time.advance(2 * day + 5_000);
    expect(app.reply(othersFax)?.state).toBe('overdue');
    expect(app.reply(mineViaOffice)?.state).toBe('overdue');
    expect(app.reply(mineHere)?.state).toBe('overdue');
    expect(app.announced.map((fax) => fax.faxId).sort()).toEqual([mineViaOffice, mineHere].sort());
    // A new due time for another desk's fax makes it due again: overdue again, still not told here.
    app.cache.replies.adopt(othersFax, app.time.now() + day, false);
    expect(app.reply(othersFax)?.state).toBe('awaiting');
    await app.time.advance(day + 5_000);
    expect(app.reply(othersFax)?.state).toBe('overdue');
    expect(app.announced).toHaveLength(2);
  });

  it('linked by hand when the sender\'s number is missing; a link removed by hand is never made again on its own', () => {
    const app = setup();
    const sent = app.send('+14155550101', 3);
    const anonymous = app.receive(null);
    expect(app.replyTo(anonymous)).toBeUndefined();
    expect(app.tracker.awaiting(10).map((fax) => fax.id)).toEqual([sent]);
    app.tracker.linkByHand(anonymous, sent);
    expect(app.replyTo(anonymous)?.id).toBe(sent);
    expect(app.tracker.awaiting(10)).toEqual([]);

    const automatic = app.receive('+14155550101');
    expect(app.replyTo(automatic)?.id).toBe(sent);
    app.tracker.linkByHand(automatic, null);
    expect(app.replyTo(automatic)).toBeUndefined();
    expect(app.cache.replies.linkNewReplies([automatic])).toEqual([]);
    expect(app.replyTo(automatic)).toBeUndefined();

    expect(() => app.tracker.linkByHand(sent, null)).toThrow('Only a received fax can be linked as a reply.');
    expect(() => app.tracker.linkByHand(anonymous, automatic)).toThrow('A reply can be linked only to a sent fax.');
  });

  it('a number\'s faxes in both directions, newest first', async () => {
    const app = setup();
    const first = app.send('+14155550101', null);
    await app.time.advance(1000);
    const received = app.receive('+14155550101');
    await app.time.advance(1000);
    const second = app.send('+14155550101', null);
    app.send('+14155550102', null);
    const page = app.details.withNumber('+14155550101', 0, 10);
    expect(page.total).toBe(3);
    expect(page.items.map((item) => [item.id, item.direction])).toEqual([
      [second, 'outbound'],
      [received, 'inbound'],
      [first, 'outbound'],
    ]);
  });
});
