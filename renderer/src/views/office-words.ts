/**
 * The office hub's state in words, for the status bar, Settings → Office and the triage panel: what holds this
 * desk's actions back (since when, how many, the next try), and a removal from the office (who, when, whom to ask).
 */
import type { OfficeView } from '../../../preload/office';
import { clockTime, dateTime } from '../format';
import { t } from '../i18n';

type Joined = Extract<OfficeView, { joined: true }>;

/** The status bar's short words: the hub's state, and what waits on this desk. */
export function hubStatusWords(office: Joined): string {
  const since = office.hold?.since ?? office.unreachableSince;
  const state =
    office.state === 'removed'
      ? t('office.statusRemoved')
      : office.state === 'refused'
        ? t('office.statusPasswordRefused')
        : office.hold?.reason === 'full'
          ? t('office.statusFull', { time: clockTime(office.hold.since) })
          : office.hold?.reason === 'busy'
            ? t('office.statusBusy', { time: clockTime(office.hold.since) })
            : office.state === 'offline' && since !== null
              ? t('office.statusUnreachable', { time: clockTime(since) })
              : office.state === 'connected'
                ? t('office.hubConnected')
                : office.state === 'offline'
                  ? t('office.hubOffline')
                  : t('office.hubConnecting');
  if (office.pending === 0 || office.state === 'removed') return state;
  const waiting = office.hold === null && office.state === 'connected' ? t('office.sharingCount', { count: office.pending }) : t('office.notSharedCount', { count: office.pending });
  return `${state} · ${waiting}`;
}

/** Why this desk's actions wait, in a sentence (null while nothing holds them). */
export function holdExplanation(office: Joined): string | null {
  const hold = office.hold;
  if (hold === null || hold.reason === 'refused') return null;
  const next = hold.nextTryAt === null ? '' : t('office.nextTry', { time: clockTime(hold.nextTryAt) });
  const values = { time: clockTime(hold.since), count: office.pending, next };
  if (hold.reason === 'full') return t('office.holdFull', values);
  if (hold.reason === 'busy') return t('office.holdBusy', values);
  if (hold.reason === 'too_many') return t('office.holdTooMany', values);
  return t('office.holdUnreachable', values);
}

/** A removal from the office in a sentence: who removed this person when the hub said so, else whom to ask. */
export function removalWords(office: Joined): string | null {
  const removal = office.removal;
  if (office.state !== 'removed' || removal === null) return null;
  if (removal.by !== null) return t('office.removedBy', { name: removal.by.name, time: removal.at === null ? '' : dateTime(removal.at) });
  const [administrator] = removal.administrators;
  return administrator ? t('office.removedByUnknown', { name: administrator.name }) : t('office.removedNoAdmin');
}
