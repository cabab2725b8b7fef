/**
 * `window.fax` for renderer unit tests: the real bridge (preload/bridge.ts) over a transport that answers from
 * the test's handlers, records every call, and lets the test emit main's events.
 */
import { createFaxApi } from '../../preload/bridge';
import { eventChannelPrefix, invokeChannelPrefix } from '../../preload/contract-kit';
import type { EventContract, InvokeContract } from '../../preload/contract';
import type { PayloadOf, RendererRequestOf, ResponseOf } from '../../preload/contract-kit';
import type { IpcError } from '../../preload/ipc-result';

type Reply<K extends keyof InvokeContract> = ResponseOf<InvokeContract[K]> | Refusal;

/** What a handler returns to make the call fail as main would. */
export class Refusal {
  constructor(readonly error: IpcError) {}
}
export type FakeHandlers = { [K in keyof InvokeContract]?: (request: RendererRequestOf<InvokeContract[K]>) => Reply<K> | Promise<Reply<K>> };

export interface FakeFax {
  calls: Array<{ name: string; request: unknown }>;
  callsOf(name: keyof InvokeContract): unknown[];
  emit<K extends keyof EventContract>(name: K, payload: PayloadOf<EventContract[K]>): void;
}

export function installFakeFax(handlers: FakeHandlers): FakeFax {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: FakeFax['calls'] = [];
  const api = createFaxApi({
    async invoke(channel, request) {
      const name = channel.slice(invokeChannelPrefix.length) as keyof InvokeContract;
      calls.push({ name, request });
      const handler = handlers[name] as ((request: unknown) => unknown) | undefined;
      if (!handler) return { ok: false, error: { kind: 'internal', message: `no fake for ${name}` } };
      const value = await handler(request);
      if (value instanceof Refusal) return { ok: false, error: value.error };
      return { ok: true, value: value ?? null };
    },
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
    pathsForFiles: (files) => Promise.resolve(files.map((file) => `/dropped/${file.name}`)),
  });
  Object.defineProperty(window, 'fax', { value: api, configurable: true });
  return {
    calls,
    callsOf: (name) => calls.filter((call) => call.name === name).map((call) => call.request),
    emit(name, payload) {
      for (const listener of listeners.get(`${eventChannelPrefix}${name}`) ?? []) listener(payload);
    },
  };
}
