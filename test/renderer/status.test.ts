// The status bar puts main's status into words: never "up to date" but after a sync that succeeded, the rate
// limit and unreadable replies with since when and the next try; and the window says whether it is in use.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPresenceReports } from '../../renderer/src/data/presence';
import { statusWords } from '../../renderer/src/data/status';
import { installFakeFax } from './fake-fax';

const at = (time: string) => new Date(`2026-11-23T${time}`).getTime();

describe('status words', () => {
  it('each status says what the app is doing, with the times that matter', () => {
    vi.setSystemTime(at('10:40:00'));
    expect(statusWords({ kind: 'up_to_date', lastSuccessAt: at('10:39:58') })).toMatchObject({ tone: 'ok', text: expect.stringMatching(/^Up to date · synced 10:39/) as unknown });
    expect(statusWords({ kind: 'syncing', lastSuccessAt: null })).toEqual({ text: 'Syncing…', tone: 'idle' });
    const limited = statusWords({ kind: 'rate_limited', retryAt: at('10:42:15'), byService: true, lastSuccessAt: null });
    expect(limited.tone).toBe('warn');
    expect(limited.text).toMatch(/^Waiting for the Fax Service’s rate limit — next try at 10:42:15/);
    expect(statusWords({ kind: 'unreadable', since: at('10:31:00'), retryAt: at('10:33:00'), requestId: null, lastSuccessAt: null })).toEqual({
      text: expect.stringMatching(/^Can’t read the Fax Service’s replies since 10:31( AM)? — retrying at 10:33/) as unknown,
      tone: 'bad',
    });
    expect(statusWords({ kind: 'offline', since: at('10:20:00'), retryAt: null, lastSuccessAt: null }).text).toMatch(/^Offline since 10:20/);
    vi.useRealTimers();
  });
});

describe('presence', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reports visible and focused at start, and each change once', () => {
    const fax = installFakeFax({ reportPresence: () => null });
    let focused = true;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    const stop = startPresenceReports(window);
    expect(fax.callsOf('reportPresence')).toEqual([{ visible: true, focused: true }]);
    focused = false;
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('blur'));
    expect(fax.callsOf('reportPresence')).toEqual([
      { visible: true, focused: true },
      { visible: true, focused: false },
    ]);
    stop();
  });
});
