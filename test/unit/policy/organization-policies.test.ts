/**
 * The policies in force, where they bind: a feature turned off is refused; a folder must be inside an allowed
 * root (not a sibling sharing its prefix, not a path that climbs out); an office hub must be the organization's;
 * policies read again are told to the window when, and only when, they changed.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReadPolicies } from '../../../main/policy/policy-values';
import { createOrganizationPolicies } from '../../../main/policy/organization-policies';
import { createEventBus } from '../../../main/runtime/event-bus';
import { silentLogger } from '../../../main/log/logger';
import type { PolicyView } from '../../../preload/policy';

function setUp(first: ReadPolicies['policies']) {
  let read: ReadPolicies = { policies: first, problems: [] };
  const events = createEventBus(() => undefined);
  const told: PolicyView[] = [];
  events.on('policiesChanged', (view) => told.push(view));
  const policies = createOrganizationPolicies({ source: { read: () => Promise.resolve(read) }, events, log: silentLogger });
  return { policies, told, set: (next: ReadPolicies) => (read = next) };
}

describe('organization policies', () => {
  it('a feature turned off is refused; without the policy it is allowed', async () => {
    const { policies } = setUp({ DisableCsvExport: true, DisableSavePdf: false });
    await policies.refresh();
    expect(() => policies.require('csvExport')).toThrow(expect.objectContaining({ kind: 'permission' }) as Error);
    expect(() => policies.require('savePdf')).not.toThrow();
    expect(() => policies.require('webhooksAdmin')).not.toThrow();
  });

  it('folders: inside a root only — not a sibling with the same prefix, not one that climbs out', async () => {
    const root = path.resolve('/srv/faxes');
    const { policies } = setUp({ RuleFolderRoots: [root, path.resolve('/mnt/scans')] });
    await policies.refresh();
    for (const allowed of [root, path.join(root, 'in'), path.join(root, 'a', 'b'), path.resolve('/mnt/scans/2026'), '']) expect(() => policies.checkFolder(allowed)).not.toThrow();
    for (const refused of [path.resolve('/srv/faxes-private'), path.join(root, '..', 'etc'), path.resolve('/srv'), path.resolve('/home/desk/Faxes'), 'relative/inside']) {
      expect(() => policies.checkFolder(refused), refused).toThrow(expect.objectContaining({ kind: 'permission', details: { code: 'policy_folder' } }) as Error);
    }
  });

  it('no roots set: any folder', async () => {
    const { policies } = setUp({});
    await policies.refresh();
    expect(() => policies.checkFolder('/anywhere/at/all')).not.toThrow();
  });

  it('the office hub must be the organization\'s (host any case; port and database when named)', async () => {
    const { policies } = setUp({ HubHost: 'hub.clinic.lan', HubDatabase: 'front_desk' });
    await policies.refresh();
    expect(() => policies.checkHub({ host: 'HUB.clinic.lan', port: 6543, database: 'front_desk' })).not.toThrow();
    for (const other of [{ host: 'evil.example.com', port: 5432, database: 'front_desk' }, { host: 'hub.clinic.lan', port: 5432, database: 'other' }]) {
      expect(() => policies.checkHub(other)).toThrow(expect.objectContaining({ details: { code: 'policy_hub' } }) as Error);
    }
  });

  it('read again: told when they changed, not when they did not; a source that fails keeps the last ones', async () => {
    const { policies, told, set } = setUp({ DisableSavePdf: true });
    expect(await policies.refresh()).toBe(true);
    expect(await policies.refresh()).toBe(false);
    set({ policies: { DisableSavePdf: true, PinRequired: true }, problems: [] });
    expect(await policies.refresh()).toBe(true);
    expect(told.map((view) => [view.savePdf, view.pinRequired])).toEqual([
      [false, false],
      [false, true],
    ]);
    const failing = createOrganizationPolicies({ source: { read: () => Promise.reject(new Error('reg.exe crashed')) }, events: createEventBus(() => undefined), log: silentLogger });
    expect(await failing.refresh()).toBe(false);
    expect(failing.current()).toEqual({});
  });
});
