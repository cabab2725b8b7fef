// The daily "not handled" reminder on a virtual clock: it comes at the set time each day, says how many of
// today's faxes are not handled, stays quiet when all are, and follows a changed time at once.
import { describe, expect, it } from 'vitest';
import { createDailyReminder, nextOccurrence, startOfLocalDay } from '../../../main/office/daily-reminder';
import type { OfficeJobs } from '../../../main/office/office-jobs';
import { translate, type Message } from '../../../preload/i18n/translator';
import { virtualTime } from '../../helpers/virtual-time';
import { localTime } from '../../helpers/clock';

describe('daily reminder', () => {
  it('finds the next time the local clock shows HH:MM', () => {
    expect(nextOccurrence(localTime(23, 9), '17:00')).toBe(localTime(23, 17));
    expect(nextOccurrence(localTime(23, 17), '17:00')).toBe(localTime(24, 17));
    expect(nextOccurrence(localTime(23, 18, 30), '08:15')).toBe(localTime(24, 8, 15));
    expect(startOfLocalDay(localTime(23, 18, 30))).toBe(localTime(23, 0));
  });

  it('reminds at the set time with today’s counts, each day, and not when everything is handled', async () => {
    const clock = virtualTime(localTime(23, 9));
    let at: string | null = '17:00';
    let counts = { arrived: 5, notHandled: 2 };
    const asked: number[] = [];
    const notices: Array<{ title: string; body: string }> = [];
    const reminder = createDailyReminder({
      at: () => at,
      counts: (sinceMs) => {
        asked.push(sinceMs);
        return counts;
      },
      notify: (title: Message, body: Message) => notices.push({ title: translate('en', title), body: translate('en', body) }),
      now: clock.now,
      timers: clock.timers,
    });
    reminder.schedule();
    await clock.advance(7 * 3_600_000 + 59 * 60_000);
    expect(notices).toEqual([]);
    await clock.advance(60_000);
    expect(notices).toEqual([{ title: '2 faxes from today are not handled', body: '5 faxes arrived today; 2 are not marked handled yet.' }]);
    expect(asked).toEqual([localTime(23, 0)]);
    counts = { arrived: 3, notHandled: 0 };
    await clock.advance(24 * 3_600_000);
    expect(notices).toHaveLength(1);
    at = '08:00';
    reminder.schedule();
    counts = { arrived: 1, notHandled: 1 };
    await clock.advance(15 * 3_600_000);
    expect(notices.at(-1)).toEqual({ title: '1 fax from today is not handled', body: '1 fax arrived today; 1 is not marked handled yet.' });
    at = null;
    reminder.schedule();
    await clock.advance(48 * 3_600_000);
    expect(notices).toHaveLength(2);
    reminder.stop();
  });

  it("in an office, one desk reminds each day (the first to take the day's lease); a hub out of reach lets each desk remind", async () => {
    const clock = virtualTime(localTime(23, 9));
    const leases = new Map<string, 'taken' | 'done'>();
    let hubUp = true;
    const officeJobs: OfficeJobs = {
      take: (job) => {
        if (!hubUp) return Promise.reject(new Error('hub unreachable'));
        const held = leases.get(job);
        if (held) return Promise.resolve({ turn: held, target: null });
        leases.set(job, 'taken');
        return Promise.resolve({ turn: 'mine', target: null });
      },
      name: () => Promise.resolve(),
      renew: () => Promise.resolve(true),
      finish: (job) => {
        leases.set(job, 'done');
        return Promise.resolve();
      },
    };
    const notices: number[] = [];
    const desks = [0, 1, 2].map((desk) =>
      createDailyReminder({ at: () => '17:00', counts: () => ({ arrived: 4, notHandled: 1 }), notify: () => notices.push(desk), officeJobs, now: clock.now, timers: clock.timers }),
    );
    for (const desk of desks) desk.schedule();
    await clock.advance(8 * 3_600_000);
    expect(notices).toHaveLength(1);
    expect([...leases.entries()]).toEqual([[`reminder:${new Date(localTime(23, 0)).toISOString().slice(0, 10)}`, 'done']]);
    hubUp = false;
    await clock.advance(24 * 3_600_000);
    expect(notices).toHaveLength(4);
    for (const desk of desks) desk.stop();
  });
});
