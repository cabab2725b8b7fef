/**
 * The daily reminder: at the time set in Settings, a notice says how many faxes arrived today and how many of
 * them nobody has marked handled yet (nothing when all are). It runs on main's timer, so it comes with the window
 * closed; a time changed in Settings takes effect at once.
 */
import { msg } from '../../preload/i18n/translator';
import type { Message } from '../../preload/i18n/translator';
import { createOneTimer } from '../runtime/one-timer';
import { deskOnItsOwn, type OfficeJobs } from './office-jobs';
import { realTimers, type Timers } from '../runtime/timers';

export interface DailyReminderDeps {
  /** "HH:MM" in local time, or null for no reminder. */
  at: () => string | null;
  counts: (sinceMs: number) => { arrived: number; notHandled: number };
  notify: (title: Message, body: Message) => void;
  /** In an office, one desk reminds for the office each day (the others would say the same). */
  officeJobs?: OfficeJobs;
  now?: () => number;
  timers?: Timers;
}

export interface DailyReminder {
  /** (Re)schedules from the current setting. */
  schedule(): void;
  stop(): void;
}

/** The next moment (after `now`) the local clock shows `at`. */
export function nextOccurrence(now: number, at: string): number {
  const [hours = 0, minutes = 0] = at.split(':').map(Number);
  const next = new Date(now);
  next.setHours(hours, minutes, 0, 0);
  if (next.getTime() <= now) next.setDate(next.getDate() + 1);
  return next.getTime();
}

export function startOfLocalDay(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

export function createDailyReminder(deps: DailyReminderDeps): DailyReminder {
  const now = deps.now ?? Date.now;
  const timer = createOneTimer(deps.timers ?? realTimers);

  async function fire(): Promise<void> {
    const day = startOfLocalDay(now());
    const counts = deps.counts(day);
    if (counts.notHandled === 0) return;
    const jobs = deps.officeJobs ?? deskOnItsOwn;
    const job = `reminder:${new Date(day).toISOString().slice(0, 10)}`;
    // An office whose hub cannot be reached is reminded on each desk rather than on none.
    const lease = await jobs.take(job).catch(() => ({ turn: 'mine' as const }));
    if (lease.turn !== 'mine') return;
    deps.notify(msg('dailyReminder.faxesNotHandled', { notHandled: counts.notHandled }), msg('dailyReminder.arrivedToday', { arrived: counts.arrived, notHandled: counts.notHandled }));
    await jobs.finish(job).catch(() => undefined);
  }

  const reminder: DailyReminder = {
    schedule() {
      timer.cancel();
      const at = deps.at();
      if (at === null) return;
      // Long waits are cut in hours: a computer that slept wakes to a timer that is re-checked soon.
      const due = nextOccurrence(now(), at);
      timer.after(Math.min(due - now(), 3_600_000), () => {
        if (now() >= due - 1000) void fire();
        reminder.schedule();
      });
    },
    stop() {
      timer.cancel();
    },
  };
  return reminder;
}
