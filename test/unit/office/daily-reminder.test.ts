// The daily "not handled" reminder on a virtual clock: it comes at the set time each day, says how many of
// today's faxes are not handled, stays quiet when all are, and follows a changed time at once.
import { describe, expect, it } from 'vitest';
import { createDailyReminder, nextOccurrence, startOfLocalDay } from '../../../main/office/daily-reminder';
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
});
