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
}

export const toastStore = createStore<Toast[]>([]);
const maxShown = 4;
let toastSeq = 0;

export function toast(tone: Toast['tone'], text: string, requestId?: string): void {
  toastSeq += 1;
  const id = toastSeq;
  const sticky = requestId !== undefined;
  toastStore.set((current) => [...current.slice(-(maxShown - 1)), { id, tone, text, sticky, ...(requestId ? { requestId } : {}) }]);
  if (!sticky) setTimeout(() => dismissToast(id), tone === 'error' ? 9000 : 4500);
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
