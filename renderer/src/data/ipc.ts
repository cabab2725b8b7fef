/** The renderer's only door to the app: `window.fax`, typed from the IPC contract. */
import type { FaxApi } from '../../preload/bridge';
import type { IpcError, IpcResult } from '../../preload/ipc-result';

declare global {
  interface Window {
    readonly fax: FaxApi;
  }
}

export type { FaxApi, IpcError, IpcResult };

export function faxApi(): FaxApi {
  return window.fax;
}
