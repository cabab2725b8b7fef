/**
 * The harness's stand-in for preload/index.ts: the same bridge (preload/bridge.ts), over Playwright bindings
 * instead of ipcRenderer. Injected before any page script; the renderer sees only `window.fax`.
 */
import { createFaxApi, type BridgeTransport } from '../../preload/bridge';
import { decodeBytes, decodeReply, encodeBytes } from './wire';

declare const __FAX_HARNESS__: { invoke: string; stage: string; emit: string };

type Binding = (...args: unknown[]) => Promise<unknown>;
const scope = window as unknown as Record<string, unknown>;
const invokeBinding = scope[__FAX_HARNESS__.invoke] as Binding;
const stageBinding = scope[__FAX_HARNESS__.stage] as Binding;

const listeners = new Map<string, Set<(payload: unknown) => void>>();
Object.defineProperty(window, __FAX_HARNESS__.emit, {
  enumerable: false,
  value: (channel: string, payload: unknown) => {
    for (const listener of [...(listeners.get(channel) ?? [])]) listener(decodeBytes(payload));
  },
});

const chunkSize = 4 * 1024 * 1024;

async function stageFile(file: File): Promise<string> {
  let token = '';
  for (let offset = 0; offset < file.size || offset === 0; offset += chunkSize) {
    const chunk = new Uint8Array(await file.slice(offset, offset + chunkSize).arrayBuffer());
    token = (await stageBinding({ token, name: file.name, chunk: encodeBytes(chunk), last: offset + chunkSize >= file.size })) as string;
    if (file.size === 0) break;
  }
  return token;
}

async function fetchBlob(path: string): Promise<Uint8Array> {
  const response = await fetch(path, { cache: 'no-store' });
  if (!response.ok) throw new Error('the reply could not be read');
  return new Uint8Array(await response.arrayBuffer());
}

const transport: BridgeTransport = {
  invoke: async (channel, request) => decodeReply(await invokeBinding(channel, encodeBytes(request)), fetchBlob),
  subscribe(channel, listener) {
    const set = listeners.get(channel) ?? new Set();
    set.add(listener);
    listeners.set(channel, set);
    return () => {
      set.delete(listener);
    };
  },
  pathsForFiles: async (files) => {
    const paths: string[] = [];
    for (const file of files) paths.push(await stageFile(file));
    return paths;
  },
};

Object.defineProperty(window, 'fax', { value: createFaxApi(transport), enumerable: true, writable: false, configurable: false });
