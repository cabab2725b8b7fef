import { describe, expect, it, vi } from 'vitest';
import { createFaxApi, faxApiMemberNames, type BridgeTransport } from '../../../preload/bridge';
import { eventChannelName, invokeChannelName } from '../../../preload/contract-kit';
import { eventNames, invokeNames } from '../../../preload/contract';

function fakeTransport(overrides: Partial<BridgeTransport> = {}) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const transport: BridgeTransport = {
    invoke: vi.fn(async () => ({ ok: true, value: 'reply' })),
    subscribe: vi.fn((channel: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    }),
    pathsForFiles: vi.fn(async (files: readonly File[]) => files.map((file) => `/dropped/${file.name}`)),
    ...overrides,
  };
  const emit = (channel: string, payload: unknown) => listeners.get(channel)?.forEach((listener) => listener(payload));
  return { transport, emit, listeners };
}

describe('createFaxApi', () => {
  it('exposes exactly one method per invoke channel of the contract, plus `on`', () => {
    const api = createFaxApi(fakeTransport().transport);
    expect(Object.keys(api).sort()).toEqual([...invokeNames, 'on'].sort());
    expect([...faxApiMemberNames].sort()).toEqual(Object.keys(api).sort());
    for (const name of Object.keys(api)) expect(typeof (api as unknown as Record<string, unknown>)[name]).toBe('function');
  });

  it('is frozen, so the renderer cannot replace a method', () => {
    const api = createFaxApi(fakeTransport().transport);
    expect(Object.isFrozen(api)).toBe(true);
    expect(() => {
      (api as unknown as Record<string, unknown>).getAppInfo = () => 'evil';
    }).toThrow(TypeError);
  });

  it('sends each call on its own prefixed channel with the request, and returns main\'s result', async () => {
    const { transport } = fakeTransport();
    const api = createFaxApi(transport);
    const result = await api.getAppInfo();
    expect(transport.invoke).toHaveBeenCalledWith(invokeChannelName('getAppInfo'), undefined);
    expect(invokeChannelName('getAppInfo')).toBe('fax:getAppInfo');
    expect(result).toEqual({ ok: true, value: 'reply' });
  });

  it('turns a transport failure into an internal error without leaking its message', async () => {
    const { transport } = fakeTransport({
      invoke: vi.fn(async () => {
        throw new Error("Error invoking remote method 'fax:getAppInfo': secret internals at /home/user/x.pdf");
      }),
    });
    const result = await createFaxApi(transport).getAppInfo();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('internal');
    expect(result.error.message).not.toMatch(/secret|home|pdf|remote method/);
  });

  it.each([null, 42, 'text', { ok: 'yes' }, { ok: true }, { ok: false }, { ok: false, error: { kind: 'made_up', message: 'x' } }])(
    'refuses a malformed reply from main (%j)',
    async (reply) => {
      const { transport } = fakeTransport({ invoke: vi.fn(async () => reply) });
      const result = await createFaxApi(transport).getAppInfo();
      expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
    },
  );

  it('passes through a well-formed failure from main, request id included', async () => {
    const failureReply = { ok: false, error: { kind: 'authentication', message: 'The key was revoked.', requestId: 'req_abc' } };
    const { transport } = fakeTransport({ invoke: vi.fn(async () => failureReply) });
    expect(await createFaxApi(transport).getConnection()).toEqual(failureReply);
  });
});

describe('event subscriptions', () => {
  it('deliver the payload only, on the prefixed channel, until unsubscribed', () => {
    const { transport, emit } = fakeTransport();
    const api = createFaxApi(transport);
    const seen: unknown[] = [];
    const unsubscribe = api.on('connectionChanged', (payload) => seen.push(payload));
    expect(transport.subscribe).toHaveBeenCalledWith(eventChannelName('connectionChanged'), expect.any(Function));
    emit('fax-event:connectionChanged', { status: 'signed_out', baseUrl: '' });
    expect(seen).toEqual([{ status: 'signed_out', baseUrl: '' }]);
    unsubscribe();
    emit('fax-event:connectionChanged', { status: 'connecting', baseUrl: '' });
    expect(seen).toHaveLength(1);
    expect(() => unsubscribe()).not.toThrow();
  });

  it('each subscription is independent', () => {
    const { transport, emit } = fakeTransport();
    const api = createFaxApi(transport);
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = api.on('settingsChanged', first);
    api.on('settingsChanged', second);
    stopFirst();
    emit('fax-event:settingsChanged', { pollIntervalSeconds: 30 });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('rejects unknown event names and non-function listeners', () => {
    const api = createFaxApi(fakeTransport().transport);
    expect(() => api.on('notAnEvent' as never, () => undefined)).toThrow('Unknown event name');
    expect(() => api.on('__proto__' as never, () => undefined)).toThrow('Unknown event name');
    expect(() => api.on('connectionChanged', 'nope' as never)).toThrow('Listener must be a function');
    expect(eventNames.length).toBeGreaterThan(0);
  });
});
