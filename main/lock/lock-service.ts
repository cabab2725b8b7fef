/**
 * The app lock. After `autoLockMinutes` without activity in the window (or at once on request, or when the OS
 * locks the screen) the app locks: main refuses every data request until it is unlocked, and the renderer drops
 * what it shows. Unlocking needs the local PIN, or — when no PIN is set — the API key the keychain holds.
 *
 * The locked state is kept in the keychain, so quitting and relaunching the app does not open it; wrong attempts
 * are counted there too and, after a few free ones, each next attempt waits longer (up to 5 minutes).
 */
import { z } from 'zod';
import type { LockState } from '../../preload/models';
import { AppError } from '../errors';
import type { EventBus } from '../runtime/event-bus';
import type { Logger } from '../log/logger';
import type { SecretStore } from '../store/secret-store';
import type { SettingsStore } from '../store/settings-store';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';
import { hashPin, pinMatches, pinRule, secretsEqual } from './pin-hash';
import { msg } from '../../preload/i18n/translator';

export type LockAuditAction = 'lock' | 'unlock' | 'unlock_failed' | 'pin_changed';

export interface LockService {
  state(): LockState;
  isLocked(): boolean;
  /** Reads the persisted lock and what can unlock it; starts the idle timer. */
  start(): Promise<void>;
  /** The user did something in the window. */
  noteActivity(): void;
  lockNow(): Promise<LockState>;
  unlock(credential: { pin?: string | undefined; apiKey?: string | undefined }): Promise<LockState>;
  /** Sets the PIN, typed twice (`repeat`); changing one needs the current PIN. */
  setPin(pin: string, repeat: string, currentPin?: string): Promise<LockState>;
  clearPin(currentPin: string): Promise<LockState>;
  dispose(): void;
}

export interface LockDeps {
  secrets: SecretStore;
  settings: SettingsStore;
  events: EventBus;
  log: Logger;
  audit: (action: LockAuditAction) => void;
  now?: () => number;
  timers?: Timers;
}

const persistedSchema = z.object({ locked: z.boolean(), failures: z.number().int().min(0), lastFailureAt: z.number() });
type Persisted = z.infer<typeof persistedSchema>;

export const freeAttempts = 3;
const maxWaitMs = 5 * 60_000;

/** After `failures` wrong attempts in a row, how long the next one must wait. */
export function waitAfterFailures(failures: number): number {
  if (failures < freeAttempts) return 0;
  return Math.min(maxWaitMs, 5_000 * 2 ** (failures - freeAttempts));
}

export function createLockService(deps: LockDeps): LockService {
  const now = deps.now ?? Date.now;
  let persisted: Persisted = { locked: false, failures: 0, lastFailureAt: 0 };
  let pinSet = false;
  let keyStored = false;
  let lastActivity = now();
  const idleTimer = createOneTimer(deps.timers ?? realTimers);
  let disposed = false;
  let stopListening: (() => void) | null = null;

  const unlockWith = (): LockState['unlockWith'] => (pinSet ? 'pin' : keyStored ? 'api_key' : 'none');
  const retryAt = (): number | null => {
    const wait = waitAfterFailures(persisted.failures);
    return wait > 0 && persisted.locked ? persisted.lastFailureAt + wait : null;
  };
  const state = (): LockState => ({ locked: persisted.locked, unlockWith: unlockWith(), retryAt: retryAt(), keyFallback: pinSet && keyStored });
  const emit = (): void => deps.events.emit('lockChanged', state());

  async function persist(next: Persisted): Promise<void> {
    await deps.secrets.set('lock-state', JSON.stringify(next));
    persisted = next;
  }

  async function readCredentials(): Promise<void> {
    pinSet = (await deps.secrets.get('lock-pin')) !== null;
    keyStored = (await deps.secrets.get('api-key')) !== null;
  }

  function scheduleIdleCheck(): void {
    idleTimer.cancel();
    if (disposed || persisted.locked) return;
    const idleMs = deps.settings.get().autoLockMinutes * 60_000;
    idleTimer.after(Math.max(1_000, lastActivity + idleMs - now()), () => {
      if (now() - lastActivity >= idleMs) void lock('idle');
      else scheduleIdleCheck();
    });
  }

  async function lock(reason: 'idle' | 'manual'): Promise<LockState> {
    if (persisted.locked) return state();
    await readCredentials();
    if (unlockWith() === 'none') {
      if (reason === 'manual') throw new AppError('invalid_input', msg('lockService.setAPinIn'));
      scheduleIdleCheck();
      return state();
    }
    await persist({ ...persisted, locked: true });
    idleTimer.cancel();
    deps.audit('lock');
    deps.log.info('lock.locked', { reason });
    emit();
    return state();
  }

  function refuseWhileWaiting(): void {
    const at = retryAt();
    if (at !== null && now() < at) {
      const seconds = Math.ceil((at - now()) / 1000);
      throw new AppError('locked', msg('lockService.tooManyWrongAttempts', { seconds }), { retryAt: at });
    }
  }

  async function credentialMatches(credential: { pin?: string | undefined; apiKey?: string | undefined }): Promise<boolean> {
    // The way back from a forgotten PIN is the account's API key, as the keychain holds it (unlockWithKey).
    if (pinSet && credential.apiKey === undefined) {
      const stored = await deps.secrets.get('lock-pin');
      return credential.pin !== undefined && stored !== null && (await pinMatches(credential.pin, stored));
    }
    const key = await deps.secrets.get('api-key');
    return credential.apiKey !== undefined && key !== null && secretsEqual(credential.apiKey.trim(), key);
  }

  async function recordFailure(): Promise<never> {
    await persist({ ...persisted, failures: persisted.failures + 1, lastFailureAt: now() });
    deps.audit('unlock_failed');
    deps.log.warn('lock.unlock_refused', { failures: persisted.failures });
    emit();
    const wait = waitAfterFailures(persisted.failures);
    throw new AppError(
      'locked',
      wait > 0 ? msg(pinSet ? 'lockService.wrongPinWait' : 'lockService.wrongKeyWait', { seconds: Math.ceil(wait / 1000) }) : msg(pinSet ? 'lockService.wrongPin' : 'lockService.wrongKey'),
      wait > 0 ? { retryAt: now() + wait } : {},
    );
  }

  return {
    state,
    isLocked: () => persisted.locked,

    async start() {
      try {
        const stored = await deps.secrets.get('lock-state');
        if (stored !== null) persisted = persistedSchema.parse(JSON.parse(stored));
      } catch (error) {
        // An unreadable lock record must not open the app: treat it as locked.
        if (error instanceof AppError) throw error;
        persisted = { locked: true, failures: 0, lastFailureAt: 0 };
      }
      await readCredentials();
      if (persisted.locked && unlockWith() === 'none') persisted = { ...persisted, locked: false };
      stopListening = deps.events.subscribe((name) => {
        if (name === 'settingsChanged') scheduleIdleCheck();
        if (name === 'connectionChanged') void readCredentials().catch(() => undefined);
      });
      lastActivity = now();
      scheduleIdleCheck();
      emit();
    },

    noteActivity() {
      if (persisted.locked) return;
      lastActivity = now();
    },

    lockNow: () => lock('manual'),

    async unlock(credential) {
      if (!persisted.locked) return state();
      refuseWhileWaiting();
      await readCredentials();
      if (!(await credentialMatches(credential))) return recordFailure();
      if (pinSet && credential.apiKey !== undefined) {
        // Unlocked with the key instead of a forgotten PIN: the PIN goes, and the person sets a new one.
        await deps.secrets.delete('lock-pin');
        pinSet = false;
        deps.audit('pin_changed');
        deps.log.info('lock.pin_removed_by_key');
      }
      await persist({ locked: false, failures: 0, lastFailureAt: 0 });
      lastActivity = now();
      scheduleIdleCheck();
      deps.audit('unlock');
      deps.log.info('lock.unlocked');
      emit();
      return state();
    },

    async setPin(pin, repeat, currentPin) {
      if (!pinRule.pattern.test(pin)) throw new AppError('invalid_input', msg(pinRule.message));
      // Typed twice, so one slip when setting it does not lock the desk with a PIN nobody knows.
      if (repeat !== pin) throw new AppError('invalid_input', msg('lockService.pinsDiffer'));
      const stored = await deps.secrets.get('lock-pin');
      if (stored !== null && (currentPin === undefined || !(await pinMatches(currentPin, stored)))) {
        throw new AppError('invalid_input', msg('lockService.enterTheCurrentPin'));
      }
      await deps.secrets.set('lock-pin', await hashPin(pin));
      pinSet = true;
      deps.audit('pin_changed');
      emit();
      return state();
    },

    async clearPin(currentPin) {
      const stored = await deps.secrets.get('lock-pin');
      if (stored === null) return state();
      if (!(await pinMatches(currentPin, stored))) throw new AppError('invalid_input', msg('lockService.thatIsNotThe'));
      await deps.secrets.delete('lock-pin');
      pinSet = false;
      deps.audit('pin_changed');
      emit();
      return state();
    },

    dispose() {
      disposed = true;
      stopListening?.();
      idleTimer.cancel();
    },
  };
}
