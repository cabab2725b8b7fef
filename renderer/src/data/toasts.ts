/**
 * Short messages in the corner. A message that carries a request id stays until it is dismissed (the user may
 * need to quote the id to support); the others go after a few seconds.
 */
import type { IpcError } from './ipc';
import { createStore } from './store';

export interface Toast {
  id: number;
  tone: 'info' | 'success' | 'error';
  text: string;
  requestId?: string;
  /** Stays until dismissed. */
  sticky: boolean;
  /** A message that takes the place of the shown one with the same key (a count going up), not one more. */
  key?: string;
  /** One thing to do about it ("Show in the outbox"); the message then stays a little longer. */
  action?: { label: string; run: () => void };
}

export const toastStore = createStore<Toast[]>([]);
const maxShown = 4;
let toastSeq = 0;

export function toast(tone: Toast['tone'], text: string, requestId?: string): void {
  show({ tone, text, sticky: requestId !== undefined, ...(requestId ? { requestId } : {}) });
}

/** A message with one thing to do about it, for the person to take or leave (nothing is done for them). */
export function actionToast(tone: Toast['tone'], text: string, action: NonNullable<Toast['action']>): void {
  show({ tone, text, sticky: false, action });
}

/** A message in place of the shown one with the same key, for its full time again; the newest at the end. */
export function keyedToast(key: string, tone: Toast['tone'], text: string): void {
  show({ tone, text, sticky: false, key });
}

const gathered = new Map<string, unknown[]>();

/**
 * A message about things that happen while it shows (faxes arriving, replies falling due): each joins it and it
 * says all of them, in place; once it has gone, the next starts afresh.
 */
export function gatheredToast<T>(key: string, item: T, text: (items: readonly T[]) => string): void {
  const shown = toastStore.get().some((message) => message.key === key);
  const items = [...(shown ? ((gathered.get(key) ?? []) as T[]) : []), item];
  gathered.set(key, items);
  keyedToast(key, 'info', text(items));
}

function show(message: Omit<Toast, 'id'>): void {
  toastSeq += 1;
  const id = toastSeq;
  toastStore.set((current) => [...current.filter((item) => message.key === undefined || item.key !== message.key).slice(-(maxShown - 1)), { id, ...message }]);
  if (!message.sticky) setTimeout(() => dismissToast(id), message.tone === 'error' || message.action ? 9000 : 4500);
}

/** A failure from main as an error toast, with its request id when the Fax Service gave one. */
export function toastError(error: IpcError): void {
  toast('error', error.message, error.requestId);
}

export function dismissToast(id: number): void {
  toastStore.set((current) => current.filter((item) => item.id !== id));
}

export function clearToasts(): void {
  toastStore.set([]);
}
