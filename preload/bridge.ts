/**
 * Builds the `window.fax` API from the contract over an abstract transport. Pure: no Electron here, so the
 * same code runs in the Electron preload (transport = ipcRenderer) and in the browser harness (transport =
 * a Playwright binding).
 */
import {
  eventChannelName,
  invokeChannelName,
  type EventSubscriptions,
  type InvokeMethods,
} from './contract-kit';
import { eventContract, eventNames, invokeContract, invokeNames, type EventContract, type InvokeContract } from './contract';
import { ipcErrorKinds, type IpcResult } from './ipc-result';

export interface BridgeTransport {
  /** Sends one request on a channel and resolves with main's reply (an IpcResult). */
  invoke(channel: string, request: unknown): Promise<unknown>;
  /** Listens to an event channel; the listener receives the payload only. Returns the unsubscribe function. */
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
  /** Resolves files the user dropped or picked to paths main can read (Electron: webUtils.getPathForFile). */
  pathsForFiles(files: readonly File[]): Promise<string[]>;
}

export type FaxApi = InvokeMethods<InvokeContract> & EventSubscriptions<EventContract>;

/** The names `window.fax` exposes: one per invoke channel, plus `on`. */
export const faxApiMemberNames: readonly string[] = [...invokeNames, 'on'];

const knownKinds: readonly string[] = ipcErrorKinds;

function isIpcResult(value: unknown): value is IpcResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { ok?: unknown; value?: unknown; error?: unknown };
  if (candidate.ok === true) return 'value' in candidate;
  if (candidate.ok !== false || typeof candidate.error !== 'object' || candidate.error === null) return false;
  const error = candidate.error as { kind?: unknown; message?: unknown };
  return typeof error.kind === 'string' && knownKinds.includes(error.kind) && typeof error.message === 'string';
}

function bridgeFailure(message: string): IpcResult<never> {
  return { ok: false, error: { kind: 'internal', message } };
}

async function call(transport: BridgeTransport, channel: string, request: unknown): Promise<IpcResult<unknown>> {
  try {
    const reply = await transport.invoke(channel, request);
    return isIpcResult(reply) ? reply : bridgeFailure('The app returned an unreadable reply. Please restart it.');
  } catch {
    // Transport failures carry Electron internals in their message; the renderer gets a plain one.
    return bridgeFailure('The app could not complete the request. Please restart it.');
  }
}

async function callWithFiles(transport: BridgeTransport, channel: string, request: unknown): Promise<IpcResult<unknown>> {
  const { files, ...rest } = (request ?? {}) as { files?: unknown };
  if (!Array.isArray(files) || !files.every((file) => typeof File !== 'undefined' && file instanceof File)) {
    return { ok: false, error: { kind: 'invalid_input', message: 'No files were given.' } };
  }
  let paths: string[];
  try {
    paths = await transport.pathsForFiles(files as File[]);
  } catch {
    return { ok: false, error: { kind: 'file', message: 'The dropped files could not be read. Try picking them again.' } };
  }
  return call(transport, channel, { ...rest, paths });
}

export function createFaxApi(transport: BridgeTransport): FaxApi {
  const members: Record<string, unknown> = {};
  for (const name of invokeNames) {
    const channel = invokeChannelName(name);
    const spec = invokeContract[name];
    members[name] = spec.takesFiles
      ? (request?: unknown) => callWithFiles(transport, channel, request)
      : (request?: unknown) => call(transport, channel, request);
  }
  members.on = (name: unknown, listener: unknown): (() => void) => {
    if (typeof name !== 'string' || !(eventNames as readonly string[]).includes(name) || !(name in eventContract)) {
      throw new TypeError('Unknown event name');
    }
    if (typeof listener !== 'function') throw new TypeError('Listener must be a function');
    let active = true;
    const unsubscribe = transport.subscribe(eventChannelName(name), (payload) => {
      if (active) (listener as (payload: unknown) => void)(payload);
    });
    return () => {
      if (!active) return;
      active = false;
      unsubscribe();
    };
  };
  return Object.freeze(members) as unknown as FaxApi;
}
