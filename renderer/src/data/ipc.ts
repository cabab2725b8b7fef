/**
 * The renderer's only door to main: `window.fax`, typed from the IPC contract. Only the modules in data/ open it
 * (a lint rule says so); views call those modules.
 */
import type { FaxApi } from '../../../preload/bridge';
import type { IpcError, IpcResult } from '../../../preload/ipc-result';

declare global {
  interface Window {
    readonly fax: FaxApi;
  }
}

export type { FaxApi, IpcError, IpcResult };

export function faxApi(): FaxApi {
  return window.fax;
}
