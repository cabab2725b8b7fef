import { describe, expect, it, vi } from 'vitest';
import { invokeNames } from '../../../preload/contract';
import { createEventBus } from '../../../main/runtime/event-bus';
import { silentLogger } from '../../../main/log/logger';
import { FakeWebContents } from './fake-electron';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof import('./fake-electron').createFakeElectron> | null }));
vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./fake-electron');
  fake.current = createFakeElectron();
  return fake.current.electron;
});

const { forwardEvents, registerIpcHandlers } = await import('../../../main/shell/ipc');

function invokeEvent(options: { webContentsId: number; url: string | null; top: boolean }) {
  const frame = options.url === null ? null : { url: options.url, parent: options.top ? null : { url: 'app://fax/index.html' } };
  return { sender: { id: options.webContentsId }, senderFrame: frame };
}

describe('registerIpcHandlers', () => {
  const dispatch = vi.fn(async (name: string) => ({ ok: true as const, value: name }));
  const unregister = registerIpcHandlers(dispatch, new Set([42]), silentLogger);
  const handlers = fake.current?.ipcHandlers ?? new Map<string, (event: unknown, request: unknown) => Promise<unknown>>();

  it('registers exactly one handler per contract channel', () => {
    expect([...handlers.keys()].sort()).toEqual(invokeNames.map((name) => `fax:${name}`).sort());
  });

  it('dispatches a call from the top frame of our window at app://fax', async () => {
    const handler = handlers.get('fax:getAppInfo');
    await expect(handler?.(invokeEvent({ webContentsId: 42, url: 'app://fax/index.html', top: true }), undefined)).resolves.toEqual({
      ok: true,
      value: 'getAppInfo',
    });
  });

  it.each([
    ['a foreign window', { webContentsId: 99, url: 'app://fax/index.html', top: true }],
    ['a subframe', { webContentsId: 42, url: 'app://fax/index.html', top: false }],
    ['a navigated page', { webContentsId: 42, url: 'https://evil.example/', top: true }],
    ['a destroyed frame', { webContentsId: 42, url: null, top: true }],
  ])('refuses %s without dispatching', async (_label, facts) => {
    dispatch.mockClear();
    const reply = await handlers.get('fax:getConnection')?.(invokeEvent(facts), undefined);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('removes every handler on unregister', () => {
    unregister();
    expect(handlers.size).toBe(0);
  });
});

describe('forwardEvents', () => {
  it('sends each event on its channel to the live window only', () => {
    const bus = createEventBus();
    const contents = new FakeWebContents();
    const stop = forwardEvents(bus, () => contents as never);
    bus.emit('connectionChanged', { status: 'signed_out', baseUrl: '' });
    expect(contents.sent).toEqual([['fax-event:connectionChanged', { status: 'signed_out', baseUrl: '' }]]);
    contents.isDestroyed.mockReturnValue(true);
    bus.emit('connectionChanged', { status: 'connecting', baseUrl: '' });
    expect(contents.sent).toHaveLength(1);
    stop();
  });
});
