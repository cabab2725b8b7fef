/**
 * The settings as the organization's policies leave them: a setting a policy sets reads as the policy says and
 * cannot be changed ("Set by your organization"); the lock timeout may be chosen up to the policy's maximum.
 * What the user chose is kept underneath, so it is back as it was if the policy goes.
 */
import type { Settings, SettingsPatch } from '../../preload/models';
import { chartLocks, lockedSettings, type Policies } from '../../preload/policy';
import { normaliseBaseUrl } from '../../preload/settings';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import type { SettingsStore } from '../store/settings-store';

function applied(settings: Settings, policies: Policies): Settings {
  return {
    ...settings,
    ...(policies.ServiceUrl !== undefined ? { baseUrl: policies.ServiceUrl } : {}),
    ...(policies.ServiceCaFile !== undefined ? { extraCaPath: policies.ServiceCaFile } : {}),
    ...(policies.Language !== undefined ? { language: policies.Language } : {}),
    ...(policies.UpdatesOff === true ? { autoUpdate: false } : {}),
    ...(policies.AutoLockMaxMinutes !== undefined ? { autoLockMinutes: Math.min(settings.autoLockMinutes, policies.AutoLockMaxMinutes) } : {}),
    chart: { ...settings.chart, ...chartLocks(policies) },
  };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const pick = <T extends object>(from: T, keys: readonly string[]): Partial<T> => Object.fromEntries(Object.entries(from).filter(([key]) => keys.includes(key))) as Partial<T>;

export function policedSettings(store: SettingsStore, policies: () => Policies): SettingsStore {
  return {
    get: () => applied(store.get(), policies()),
    update(patch: SettingsPatch) {
      const current = policies();
      const shown = applied(store.get(), current);
      // Compared as the settings keep them: an address sent back with a trailing slash is the same address.
      const sent = typeof patch.baseUrl === 'string' ? { ...patch, baseUrl: normaliseBaseUrl(patch.baseUrl) } : patch;
      for (const key of lockedSettings(current)) {
        if (key in sent && sent[key] !== shown[key]) throw new AppError('permission', msg('policy.setByOrganization'), { code: 'policy_locked' });
      }
      const chartLocked = chartLocks(current);
      if (sent.chart !== undefined) {
        for (const [key, value] of Object.entries(chartLocked)) {
          if (!same(sent.chart[key as keyof typeof chartLocked], value)) throw new AppError('permission', msg('policy.setByOrganization'), { code: 'policy_locked' });
        }
      }
      const max = current.AutoLockMaxMinutes;
      if (max !== undefined && patch.autoLockMinutes !== undefined && patch.autoLockMinutes > max) {
        throw new AppError('invalid_input', msg('policy.lockAtMost', { max }), { code: 'policy_lock_max' });
      }
      // A locked value sent back unchanged (a form saving all its fields) is not written under the user's own.
      const locked = new Set<string>(lockedSettings(current));
      const own = Object.fromEntries(Object.entries(patch).filter(([key]) => !locked.has(key))) as SettingsPatch;
      // The chart's locked fields too: the user's own values stay underneath.
      if (own.chart !== undefined) own.chart = { ...own.chart, ...pick(store.get().chart, Object.keys(chartLocked)) };
      return applied(store.update(own), current);
    },
  };
}
