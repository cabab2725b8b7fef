import { describe, expect, it, vi } from 'vitest';
import { invokeNames } from '../../../preload/contract';
import { AppError } from '../../../main/errors';
import { createDispatcher, type Handlers } from '../../../main/ipc/dispatcher';
import { verbatim } from '../../../preload/i18n/translator';
import { createLogger, memorySink } from '../../../main/log/logger';

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const unused = Object.fromEntries(invokeNames.map((name) => [name, vi.fn(() => Promise.reject(new Error(`${name} not expected`)))])) as unknown as Handlers;
  return {
    ...unused,
    getAppInfo: vi.fn(async () => ({ name: 'Fax Desktop', version: '1', runtime: 'harness' as const, platform: 'linux', versions: { node: '24' } })),
    getConnection: vi.fn(async () => ({ status: 'signed_out' as const, baseUrl: '' })),
    getSettings: vi.fn(async () => {
      throw new Error('disk exploded at /home/alice/faxes/patient.pdf');
    }),
    ...overrides,
  };
}

describe('createDispatcher', () => {
  it('calls the handler and wraps its value', async () => {
    const dispatch = createDispatcher(handlers(), createLogger({ sinks: [] }));
    await expect(dispatch('getConnection', undefined)).resolves.toEqual({ ok: true, value: { status: 'signed_out', baseUrl: '' } });
  });

  it('refuses unknown channels, including prototype names', async () => {
    const dispatch = createDispatcher(handlers(), createLogger({ sinks: [] }));
    for (const name of ['nope', '__proto__', 'constructor', 'toString']) {
      await expect(dispatch(name, undefined)).resolves.toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    }
  });

  it('validates the argument with the contract schema before the handler runs', async () => {
    const all = handlers();
    const dispatch = createDispatcher(all, createLogger({ sinks: [] }));
    const result = await dispatch('getAppInfo', { unexpected: true });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(all.getAppInfo).not.toHaveBeenCalled();
  });

  it('maps an AppError to its kind, message and request id', async () => {
    const dispatch = createDispatcher(
      handlers({
        getConnection: async () => {
          throw new AppError('authentication', verbatim('The API key was revoked.'), { requestId: 'req_1', status: 401, code: 'authentication_error' });
        },
      }),
      createLogger({ sinks: [] }),
    );
    await expect(dispatch('getConnection', undefined)).resolves.toEqual({
      ok: false,
      error: { kind: 'authentication', message: 'The API key was revoked.', requestId: 'req_1', status: 401, code: 'authentication_error' },
    });
  });

  it('turns a crash into an internal error and logs it without the path', async () => {
    const sink = memorySink();
    const dispatch = createDispatcher(handlers(), createLogger({ sinks: [sink] }));
    const result = await dispatch('getSettings', undefined);
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
    if (result.ok) return;
    expect(result.error.message).not.toContain('/home/alice');
    expect(sink.lines.join('\n')).toContain('ipc.handler_crashed');
    expect(sink.lines.join('\n')).not.toContain('alice');
    expect(sink.lines.join('\n')).not.toContain('patient.pdf');
  });
});
