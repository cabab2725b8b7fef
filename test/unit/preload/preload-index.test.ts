import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => {
  const handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  return {
    handlers,
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: {
      invoke: vi.fn(async () => ({ ok: true, value: 1 })),
      on: vi.fn((channel: string, handler: (...args: unknown[]) => void) => {
        handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      }),
      removeListener: vi.fn((channel: string, handler: (...args: unknown[]) => void) => {
        handlers.set(channel, (handlers.get(channel) ?? []).filter((item) => item !== handler));
      }),
    },
    webUtils: { getPathForFile: vi.fn((file: { name: string }) => `/real/${file.name}`) },
  };
});

vi.mock('electron', () => electron);

describe('preload/index.ts', () => {
  beforeEach(async () => {
    vi.resetModules();
    electron.contextBridge.exposeInMainWorld.mockClear();
    await import('../../../preload/index');
  });

  it('exposes the bridge as window.fax through contextBridge', () => {
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, Record<string, unknown>];
    expect(name).toBe('fax');
    expect(typeof api.getAppInfo).toBe('function');
  });

  it('invokes through ipcRenderer.invoke', async () => {
    const [, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, { getAppInfo(): Promise<unknown> }];
    await expect(api.getAppInfo()).resolves.toEqual({ ok: true, value: 1 });
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('fax:getAppInfo', undefined);
  });

  it('never hands the Electron event object to a listener, and unsubscribes', () => {
    const [, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [
      string,
      { on(name: string, listener: (...args: unknown[]) => void): () => void },
    ];
    const listener = vi.fn();
    const unsubscribe = api.on('connectionChanged', listener);
    const fakeEvent = { sender: { send: () => 'ipc internals' }, ports: [] };
    for (const handler of electron.handlers.get('fax-event:connectionChanged') ?? []) handler(fakeEvent, { status: 'signed_out' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toEqual([{ status: 'signed_out' }]);
    unsubscribe();
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith('fax-event:connectionChanged', expect.any(Function));
    expect(electron.handlers.get('fax-event:connectionChanged')).toEqual([]);
  });
});
