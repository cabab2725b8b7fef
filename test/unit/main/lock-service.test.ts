import { describe, expect, it } from 'vitest';
import type { LockState } from '../../../preload/models';
import { AppError } from '../../../main/errors';
import { createEventBus } from '../../../main/runtime/event-bus';
import { createLockService, waitAfterFailures, type LockAuditAction } from '../../../main/lock/lock-service';
import { createLogger } from '../../../main/log/logger';
import { memorySecretStore, type SecretName } from '../../../main/store/secret-store';
import { createSettingsStore } from '../../../main/store/settings-store';
import { virtualTime } from '../../helpers/virtual-time';

const minute = 60_000;
const apiKey = 'sk_live_lock_test_key_0123456789';

function setup(initial: Partial<Record<SecretName, string>> = { 'api-key': apiKey }, secrets = memorySecretStore(initial)) {
  const time = virtualTime();
  const events = createEventBus();
  const settings = createSettingsStore({ store: {} }, { downloadFolder: '/tmp' });
  const audit: LockAuditAction[] = [];
  const lockEvents: LockState[] = [];
  events.subscribe((name, payload) => {
    if (name === 'lockChanged') lockEvents.push(payload as LockState);
  });
  const lock = createLockService({ secrets, settings, events, log: createLogger({ sinks: [] }), audit: (action) => audit.push(action), now: time.now, timers: time.timers });
  return { lock, time, events, settings, secrets, audit, lockEvents };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error('expected an AppError');
  return error;
}

describe('auto-lock', () => {
  it('locks after the configured idle time (default 15 minutes), counted from the last activity', async () => {
    const { lock, time, audit, lockEvents } = setup();
    await lock.start();
    expect(lock.state()).toEqual({ locked: false, unlockWith: 'api_key', retryAt: null, keyFallback: false });
    await time.advance(10 * minute);
    lock.noteActivity();
    await time.advance(14 * minute);
    expect(lock.isLocked()).toBe(false);
    await time.advance(1 * minute);
    expect(lock.isLocked()).toBe(true);
    expect(lockEvents.at(-1)).toMatchObject({ locked: true });
    expect(audit).toEqual(['lock']);
  });

  it('follows a change of the idle time at once', async () => {
    const { lock, time, settings, events } = setup();
    await lock.start();
    events.emit('settingsChanged', settings.update({ autoLockMinutes: 1 }));
    await time.advance(1 * minute);
    expect(lock.isLocked()).toBe(true);
  });

  it('does not lock when nothing could unlock it (no PIN, no key), and says so when asked to', async () => {
    const { lock, time } = setup({});
    await lock.start();
    await time.advance(60 * minute);
    expect(lock.state()).toEqual({ locked: false, unlockWith: 'none', retryAt: null, keyFallback: false });
    expect((await refusal(lock.lockNow())).message).toMatch(/Set a PIN/);
  });

  it('without a PIN, only the API key from the keychain unlocks', async () => {
    const { lock, audit } = setup();
    await lock.start();
    await lock.lockNow();
    const wrong = await refusal(lock.unlock({ apiKey: 'sk_live_something_else' }));
    expect(wrong.kind).toBe('locked');
    expect(wrong.message).toBe('That API key is not right.');
    expect(lock.isLocked()).toBe(true);
    expect((await refusal(lock.unlock({ pin: '1234' }))).kind).toBe('locked');
    expect(await lock.unlock({ apiKey: `  ${apiKey}\n` })).toEqual({ locked: false, unlockWith: 'api_key', retryAt: null, keyFallback: false });
    expect(audit).toEqual(['lock', 'unlock_failed', 'unlock_failed', 'unlock']);
  });

  it('a PIN (4–12 digits, stored only as a scrypt hash) replaces the key; changing or removing it needs the current PIN', async () => {
    const { lock, secrets } = setup();
    await lock.start();
    expect((await refusal(lock.setPin('12a4', '12a4'))).message).toBe('A PIN is 4 to 12 digits.');
    expect((await refusal(lock.setPin('123', '123'))).message).toBe('A PIN is 4 to 12 digits.');
    expect(await lock.setPin('2468', '2468')).toMatchObject({ unlockWith: 'pin' });
    const stored = secrets.values.get('lock-pin') ?? '';
    expect(stored).not.toContain('2468');
    expect(JSON.parse(stored)).toMatchObject({ v: 1, n: 2 ** 15 });

    expect((await refusal(lock.setPin('1357', '1357'))).message).toMatch(/current PIN/);
    expect((await refusal(lock.setPin('1357', '1357', '0000'))).message).toMatch(/current PIN/);
    await lock.setPin('1357', '1357', '2468');

    await lock.lockNow();
    expect((await refusal(lock.unlock({ pin: '2468' }))).kind).toBe('locked');
    expect(await lock.unlock({ pin: '1357' })).toMatchObject({ locked: false });

    expect((await refusal(lock.clearPin('2468'))).message).toMatch(/not the current PIN/);
    expect(await lock.clearPin('1357')).toMatchObject({ unlockWith: 'api_key' });
    expect(secrets.values.has('lock-pin')).toBe(false);
  });

  it('a PIN is typed twice: two that differ are refused and nothing is set, whatever the two are', async () => {
    const { lock, secrets } = setup();
    await lock.start();
    expect((await refusal(lock.setPin('2468', '2486'))).message).toBe('The two PINs are not the same. Type the new PIN again in both fields.');
    expect((await refusal(lock.setPin('2468', ''))).kind).toBe('invalid_input');
    expect(secrets.values.has('lock-pin')).toBe(false);
    expect(lock.state().unlockWith).toBe('api_key');
    await lock.setPin('2468', '2468');
    // A change typed wrongly the second time keeps the PIN there was.
    expect((await refusal(lock.setPin('1357', '1375', '2468'))).kind).toBe('invalid_input');
    await lock.lockNow();
    expect(await lock.unlock({ pin: '2468' })).toMatchObject({ locked: false });
  });

  it("a forgotten PIN: the account's API key unlocks instead, removes the PIN, and counts as an attempt when wrong", async () => {
    const { lock, secrets, audit } = setup();
    await lock.start();
    await lock.setPin('2468', '2468');
    expect(lock.state()).toMatchObject({ unlockWith: 'pin', keyFallback: true });
    await lock.lockNow();
    expect((await refusal(lock.unlock({ apiKey: 'fax_live_not_it' }))).kind).toBe('locked');
    expect(lock.state()).toMatchObject({ locked: true, unlockWith: 'pin' });
    expect(await lock.unlock({ apiKey })).toEqual({ locked: false, unlockWith: 'api_key', retryAt: null, keyFallback: false });
    expect(secrets.values.has('lock-pin')).toBe(false);
    expect(audit.slice(-3)).toEqual(['unlock_failed', 'pin_changed', 'unlock']);
  });

  it('after three wrong attempts each next one waits longer; the wait holds even for the right PIN', async () => {
    const { lock, time } = setup();
    await lock.start();
    await lock.setPin('2468', '2468');
    await lock.lockNow();
    for (let attempt = 1; attempt <= 2; attempt += 1) expect((await refusal(lock.unlock({ pin: '0000' }))).details.retryAt).toBeUndefined();
    const third = await refusal(lock.unlock({ pin: '0000' }));
    expect(third.message).toBe('That PIN is not right. Try again in 5 seconds.');
    expect(third.details.retryAt).toBe(time.now() + 5_000);
    expect(lock.state().retryAt).toBe(time.now() + 5_000);
    const early = await refusal(lock.unlock({ pin: '2468' }));
    expect(early.message).toMatch(/Too many wrong attempts/);
    await time.advance(5_000);
    expect((await refusal(lock.unlock({ pin: '0000' }))).details.retryAt).toBe(time.now() + 10_000);
    await time.advance(10_000);
    expect(await lock.unlock({ pin: '2468' })).toEqual({ locked: false, unlockWith: 'pin', retryAt: null, keyFallback: true });
    expect([0, 1, 2, 3, 4, 5, 20].map(waitAfterFailures)).toEqual([0, 0, 0, 5_000, 10_000, 20_000, 300_000]);
  });

  it('a relaunch does not open a locked app, and does not forget wrong attempts', async () => {
    const first = setup();
    await first.lock.start();
    await first.lock.lockNow();
    for (let attempt = 0; attempt < 4; attempt += 1) await refusal(first.lock.unlock({ apiKey: 'wrong' }));
    first.lock.dispose();

    const second = setup(undefined, first.secrets);
    await second.lock.start();
    expect(second.lock.state().locked).toBe(true);
    expect((await refusal(second.lock.unlock({ apiKey }))).message).toMatch(/Too many wrong attempts/);
  });

  it('an unreadable lock record counts as locked', async () => {
    const { lock } = setup({ 'api-key': apiKey, 'lock-state': '{"locked": "maybe"' });
    await lock.start();
    expect(lock.isLocked()).toBe(true);
  });
});
