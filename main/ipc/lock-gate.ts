/**
 * What the renderer may do and hear while the app is locked: unlock, say it is there, keep a draft from being
 * lost, and learn which fax a notification asked for. Every other request is refused with kind 'locked', and
 * every other event (they carry fax data) is held back; the renderer reloads what it shows after unlocking.
 */
import type { EventName, InvokeName } from '../../preload/contract';
import { AppError } from '../errors';
import type { EventBus, EventListener } from '../runtime/event-bus';
import type { LockService } from '../lock/lock-service';
import { msg } from '../../preload/i18n/translator';

export const servedWhileLocked: ReadonlySet<InvokeName> = new Set<InvokeName>([
  'getAppInfo',
  'getLockState',
  'lockNow',
  'unlock',
  'reportActivity',
  // Carries no data: whether the window is on screen (while locked, the app is not "in use" anyway).
  'reportPresence',
  // Write-only: the compose view saves its draft as it closes on locking, so no typing is lost.
  'saveDraft',
  // Commands check the lock themselves: only those that carry no data (diagnostics, the log folder…) run locked.
  'runCommand',
  'reportWindow',
  'getUpdateState',
  'takeRecoveryNotice',
]);

export const heardWhileLocked: ReadonlySet<EventName> = new Set<EventName>(['lockChanged', 'openFaxRequested', 'commandRequested', 'updateChanged']);

export function lockedError(): AppError {
  return new AppError('locked', msg('lockGate.faxDesktopIsLocked'));
}

export function lockGate(lock: Pick<LockService, 'isLocked'>, ready: () => Promise<void>) {
  return async (name: InvokeName): Promise<AppError | null> => {
    await ready();
    return lock.isLocked() && !servedWhileLocked.has(name) ? lockedError() : null;
  };
}

/** The events the renderer receives: all of them while unlocked, only the harmless ones while locked. */
export function rendererEvents(events: EventBus, lock: Pick<LockService, 'isLocked'>): Pick<EventBus, 'subscribe'> {
  return {
    subscribe(listener: EventListener) {
      return events.subscribe((name, payload) => {
        if (lock.isLocked() && !heardWhileLocked.has(name)) return;
        listener(name, payload);
      });
    },
  };
}
