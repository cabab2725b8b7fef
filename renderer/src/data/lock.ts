/** The app lock: its state from main, locking, unlocking, and the PIN. */
import type { LockState } from '../../../preload/models';
import { faxApi, type IpcError, type IpcResult } from './ipc';
import { createStore } from './store';
import { toast } from './toasts';

/** Null until main has said whether the app is locked: nothing with data is shown before that. */
export const lockStore = createStore<LockState | null>(null);

const lockListeners = new Set<(locked: boolean) => void>();

/** Runs `listener` whenever the app locks (true) or unlocks (false). */
export function onLockChange(listener: (locked: boolean) => void): () => void {
  lockListeners.add(listener);
  return () => {
    lockListeners.delete(listener);
  };
}

export function applyLockState(state: LockState): void {
  const wasLocked = lockStore.get()?.locked ?? null;
  lockStore.set(state);
  if (wasLocked === state.locked) return;
  for (const listener of [...lockListeners]) listener(state.locked);
}

export async function loadLockState(): Promise<void> {
  const result = await faxApi().getLockState();
  // Main enforces the lock whatever the renderer shows, so an unreadable answer need not hide the app.
  applyLockState(result.ok ? result.value : { locked: false, unlockWith: 'none', retryAt: null, keyFallback: false });
}

/** Locks the app now (the sidebar's Lock, Ctrl/⌘ L). */
export async function lockNow(): Promise<void> {
  const result = await faxApi().lockNow();
  if (!result.ok) toast('error', result.error.message);
}

export function unlock(credential: { pin: string } | { apiKey: string }): Promise<IpcResult<LockState>> {
  return faxApi().unlock(credential);
}

export async function setPin(pin: string, repeat: string, currentPin: string | null): Promise<IpcError | null> {
  const result = await faxApi().setLockPin({ pin, repeat, ...(currentPin !== null ? { currentPin } : {}) });
  if (!result.ok) return result.error;
  lockStore.set(result.value);
  return null;
}

export async function clearPin(currentPin: string): Promise<IpcError | null> {
  const result = await faxApi().clearLockPin({ currentPin });
  if (!result.ok) return result.error;
  lockStore.set(result.value);
  return null;
}
