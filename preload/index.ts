/**
 * The Electron preload (sandboxed): plugs ipcRenderer into the bridge and exposes `window.fax` through
 * contextBridge. This is one of the two files allowed to touch ipcRenderer.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { createFaxApi, type BridgeTransport } from './bridge';

const transport: BridgeTransport = {
  invoke: (channel, request) => ipcRenderer.invoke(channel, request),
  subscribe(channel, listener) {
    // The Electron event object (sender, ports…) never reaches the renderer: only the payload does.
    const handler = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => {
      ipcRenderer.removeListener(channel, handler);
    };
  },
  pathsForFiles: (files) => Promise.resolve(files.map((file) => webUtils.getPathForFile(file))),
};

contextBridge.exposeInMainWorld('fax', createFaxApi(transport));
