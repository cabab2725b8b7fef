/**
 * The renderer's view of the app, fed by `window.fax`: one initial read of each slice, then events from main.
 * Views read slices with useStore; nothing here talks to the network.
 */
import type {
  AccountView,
  ConnectionState,
  FaxesChanged,
  LockState,
  Settings,
  SubmissionView,
  SyncState,
  UploadProgress,
} from '../../../preload/models';
import { faxApi, type IpcError } from '../fax-api';
import { createStore } from './store';

export type ViewName = 'inbox' | 'outbox' | 'compose' | 'contacts' | 'numbers' | 'account' | 'webhooks' | 'settings' | 'about';

export interface Route {
  view: ViewName;
  /** The fax open in the detail pane of the inbox or outbox. */
  faxId: number | null;
}

export interface Toast {
  id: number;
  tone: 'info' | 'success' | 'error';
  text: string;
  requestId?: string;
}

export const connectionStore = createStore<ConnectionState | null>(null);
export const settingsStore = createStore<Settings | null>(null);
export const syncStore = createStore<SyncState | null>(null);
export const outboxStore = createStore<SubmissionView[]>([]);
export const accountStore = createStore<AccountView | null>(null);
export const unreadStore = createStore<number>(0);
export const progressStore = createStore<Record<string, UploadProgress>>({});
export const routeStore = createStore<Route>({ view: 'inbox', faxId: null });
export const toastStore = createStore<Toast[]>([]);
/** Null until main has said whether the app is locked: nothing with data is shown before that. */
export const lockStore = createStore<LockState | null>(null);
/** True from the moment the app is signed out until the user leaves the onboarding screen. */
export const onboardingStore = createStore<boolean>(false);
/** Bumped whenever faxes change, so lists know to refetch their window. */
export const faxesVersionStore = createStore<{ version: number; last: FaxesChanged | null }>({ version: 0, last: null });

let toastSeq = 0;

export function toast(tone: Toast['tone'], text: string, requestId?: string): void {
  toastSeq += 1;
  const id = toastSeq;
  toastStore.set((current) => [...current.slice(-3), { id, tone, text, ...(requestId ? { requestId } : {}) }]);
  setTimeout(() => toastStore.set((current) => current.filter((item) => item.id !== id)), tone === 'error' ? 9000 : 4500);
}

/** A failure from main as an error toast, with its request id when the Fax Service gave one. */
export function toastError(error: IpcError): void {
  toast('error', error.message, error.requestId);
}

export function navigate(view: ViewName, faxId: number | null = null): void {
  routeStore.set({ view, faxId });
}

let started = false;

/** Reads every slice of data from main (at start, and again after unlocking). */
function loadSlices(): void {
  const fax = faxApi();
  void fax.getConnection().then((result) => {
    if (!result.ok) return;
    connectionStore.set(result.value);
    if (result.value.status === 'signed_out') onboardingStore.set(true);
  });
  void fax.getSettings().then((result) => result.ok && settingsStore.set(result.value));
  void fax.getSyncState().then((result) => result.ok && syncStore.set(result.value));
  void fax.listOutbox().then((result) => result.ok && outboxStore.set(result.value));
  void fax.getAccount().then((result) => result.ok && accountStore.set(result.value));
  void fax.markRead({ ids: [], read: true }).then((result) => result.ok && unreadStore.set(result.value.unreadInbound));
}

/** Forgets every slice that holds account or fax data (on locking). */
function clearSlices(): void {
  connectionStore.set(null);
  outboxStore.set([]);
  accountStore.set(null);
  progressStore.set({});
  toastStore.set([]);
  faxesVersionStore.set((current) => ({ version: current.version + 1, last: null }));
}

const lockListeners = new Set<(locked: boolean) => void>();

/** Runs `listener` whenever the app locks (true) or unlocks (false). */
export function onLockChange(listener: (locked: boolean) => void): () => void {
  lockListeners.add(listener);
  return () => {
    lockListeners.delete(listener);
  };
}

function applyLockState(state: LockState): void {
  const wasLocked = lockStore.get()?.locked ?? null;
  lockStore.set(state);
  if (wasLocked === state.locked) return;
  if (state.locked) clearSlices();
  else loadSlices();
  for (const listener of [...lockListeners]) listener(state.locked);
}

export function startAppState(): void {
  if (started) return;
  started = true;
  const fax = faxApi();
  void fax.getLockState().then((result) => {
    // Main enforces the lock whatever the renderer shows, so an unreadable answer need not hide the app.
    applyLockState(result.ok ? result.value : { locked: false, unlockWith: 'none', retryAt: null });
  });
  fax.on('lockChanged', applyLockState);
  fax.on('connectionChanged', (state) => {
    if (state.status === 'signed_out') onboardingStore.set(true);
    connectionStore.set(state);
    if (state.status === 'connected' && state.account) accountStore.set(state.account);
  });
  fax.on('settingsChanged', (settings) => settingsStore.set(settings));
  fax.on('syncStateChanged', (state) => syncStore.set(state));
  fax.on('outboxChanged', (items) => outboxStore.set(items));
  fax.on('accountChanged', (account) => accountStore.set(account));
  fax.on('faxesChanged', (change) => {
    unreadStore.set(change.unreadInbound);
    faxesVersionStore.set((current) => ({ version: current.version + 1, last: change }));
  });
  fax.on('uploadProgress', (progress) => progressStore.set((current) => ({ ...current, [progress.submissionId]: progress })));
  fax.on('faxReceived', () => {
    toast('info', 'A new fax arrived.');
  });
  fax.on('openFaxRequested', ({ faxId }) => navigate('inbox', faxId));
}

/** Locks the app now (the sidebar's Lock, Ctrl/⌘ L). */
export async function lockNow(): Promise<void> {
  const result = await faxApi().lockNow();
  if (!result.ok) toast('error', result.error.message);
}
