/**
 * Settings under the organization's policies: a policy's value is what the app reads and a change to it is
 * refused; the lock timeout may be chosen up to the maximum; the user's own choice is kept underneath and is back
 * when the policy goes.
 */
import { describe, expect, it } from 'vitest';
import type { Policies } from '../../../preload/policy';
import { policedSettings } from '../../../main/policy/policed-settings';
import { createSettingsStore } from '../../../main/store/settings-store';

function setUp(initial: Policies) {
  let policies = initial;
  const backing = { store: {} as Record<string, unknown> };
  const own = createSettingsStore(backing, { downloadFolder: '/home/desk/Downloads' });
  own.update({ baseUrl: 'https://mine.example.com/v1', language: 'en', autoLockMinutes: 30 });
  const settings = policedSettings(own, () => policies);
  return { settings, own, setPolicies: (next: Policies) => (policies = next) };
}

describe('policed settings', () => {
  it('reads what the policies set; refuses a change to it; lets the rest be changed', () => {
    const { settings, own } = setUp({ ServiceUrl: 'https://fax.example-clinic.com/v1', Language: 'de', UpdatesOff: true, ServiceCaFile: '/etc/ssl/clinic.pem' });
    expect(settings.get()).toMatchObject({ baseUrl: 'https://fax.example-clinic.com/v1', language: 'de', autoUpdate: false, extraCaPath: '/etc/ssl/clinic.pem' });
    for (const patch of [{ baseUrl: 'https://other.example.com/v1' }, { language: 'en' as const }, { autoUpdate: true }, { extraCaPath: null }]) {
      expect(() => settings.update(patch)).toThrow(expect.objectContaining({ kind: 'permission', message: 'Set by your organization.' }) as Error);
    }
    // A form that sends every field back, the locked ones unchanged, saves the others.
    const saved = settings.update({ baseUrl: 'https://fax.example-clinic.com/v1/', language: 'de', pollIntervalSeconds: 60 });
    expect(saved).toMatchObject({ baseUrl: 'https://fax.example-clinic.com/v1', pollIntervalSeconds: 60 });
    // The user's own choices stay underneath, unchanged by the policy.
    expect(own.get()).toMatchObject({ baseUrl: 'https://mine.example.com/v1', language: 'en', autoUpdate: true, pollIntervalSeconds: 60 });
  });

  it('the lock timeout: at most the maximum, fewer allowed; a longer own choice reads as the maximum', () => {
    const { settings, setPolicies } = setUp({ AutoLockMaxMinutes: 10 });
    expect(settings.get().autoLockMinutes).toBe(10);
    expect(() => settings.update({ autoLockMinutes: 11 })).toThrow(expect.objectContaining({ kind: 'invalid_input', message: 'Your organization allows at most 10 minutes.' }) as Error);
    expect(settings.update({ autoLockMinutes: 5 }).autoLockMinutes).toBe(5);
    setPolicies({ AutoLockMaxMinutes: 3 });
    expect(settings.get().autoLockMinutes).toBe(3);
    setPolicies({});
    expect(settings.get().autoLockMinutes).toBe(5);
  });

  it('when the policy goes, the user\'s own values are back', () => {
    const { settings, setPolicies } = setUp({ ServiceUrl: 'https://fax.example-clinic.com/v1', UpdatesOff: true });
    setPolicies({});
    expect(settings.get()).toMatchObject({ baseUrl: 'https://mine.example.com/v1', autoUpdate: true });
    expect(settings.update({ baseUrl: 'https://next.example.com/v1' }).baseUrl).toBe('https://next.example.com/v1');
  });

  it('"updates off" false locks nothing', () => {
    const { settings } = setUp({ UpdatesOff: false });
    expect(settings.update({ autoUpdate: false }).autoUpdate).toBe(false);
  });
});
