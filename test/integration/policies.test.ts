/**
 * A desk under its organization's policies (a real policy file, as Linux keeps it), through the app's own IPC:
 * what is turned off is refused with its reason, locked settings read as the policy says and cannot be changed,
 * folders outside the allowed roots and another office hub are refused, the PIN cannot be removed — and the
 * policies changing while the app runs are told to the window.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filePolicySource } from '../../main/policy/policy-source';
import type { PolicyView } from '../../preload/policy';
import type { Settings } from '../../preload/models';
import { value } from '../helpers/ipc-value';
import { useSandbox } from '../helpers/sandbox-fixture';
import { waitUntil } from '../helpers/wait';

const fixture = useSandbox();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'policies-'));
const policyFile = path.join(dir, 'policies.json');
const allowed = path.join(dir, 'allowed');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a desk under policies', () => {
  it('refuses what is turned off or outside the rules, with the reason; reads locked settings as set', async () => {
    fs.mkdirSync(allowed);
    fs.writeFileSync(
      policyFile,
      JSON.stringify({ DisableSavePdf: true, DisableCsvExport: true, DisableWebhooksAdmin: true, PinRequired: true, Language: 'de', AutoLockMaxMinutes: 10, RuleFolderRoots: [allowed], HubHost: 'hub.clinic.lan', UpdatesOff: 'not a boolean' }),
    );
    const app = await fixture.connect({ extra: { policySource: filePolicySource(policyFile) } });
    await fixture.t.control('POST', `/accounts/${app.accountId}/faxes`, { direction: 'inbound', count: 1 });
    value(await app.call('syncNow'));
    const faxId = (await waitUntil(async () => value<{ items: Array<{ id: string }> }>(await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 5 })).items, (items) => items.length === 1, { what: 'a fax' }))[0]?.id ?? '';

    const view = value<PolicyView>(await app.call('getPolicies'));
    expect(view).toMatchObject({ locked: ['language'], autoLockMaxMinutes: 10, pinRequired: true, webhooksAdmin: false, csvExport: false, savePdf: false, ruleFolderRoots: [allowed] });

    const refused = { ok: false, error: { kind: 'permission' } };
    expect(await app.call('saveFaxPdf', { id: faxId })).toMatchObject(refused);
    expect(await app.call('saveTransmissionReport', { id: faxId })).toMatchObject(refused);
    expect(await app.call('exportFaxList', { direction: 'inbound' })).toMatchObject(refused);
    expect(await app.call('createWebhook', { url: 'https://hooks.example.com/fax' })).toMatchObject(refused);
    expect(await app.call('clearLockPin', { currentPin: '1234' })).toMatchObject({ ok: false, error: { kind: 'permission', message: 'Ihre Organisation verlangt eine PIN zum Entsperren: Sie kann nicht entfernt werden.' } });

    // Settings: the language is the organization's; the lock timeout at most 10 minutes; the rest stays the user's.
    expect(value<Settings>(await app.call('getSettings')).language).toBe('de');
    expect(await app.call('updateSettings', { language: 'en' })).toMatchObject({ ok: false, error: { kind: 'permission', message: 'Von Ihrer Organisation festgelegt.' } });
    expect(await app.call('updateSettings', { autoLockMinutes: 30 })).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(value<Settings>(await app.call('updateSettings', { autoLockMinutes: 5, pollIntervalSeconds: 60 }))).toMatchObject({ autoLockMinutes: 5, pollIntervalSeconds: 60, language: 'de' });

    // Folders: inside the allowed root only (a sibling with the same prefix is outside).
    const automation = (folder: string) => ({ hotFolders: [], inboundRules: [{ id: 'r1', enabled: true, action: 'save', folder, fileNameTemplate: '{date}', printer: '', senders: [], activeSince: null }], reminderAt: null });
    expect(await app.call('saveAutomation', automation(`${allowed}-evil`))).toMatchObject({ ok: false, error: { kind: 'permission' } });
    expect(await app.call('saveAutomation', automation(path.join(allowed, 'copies')))).toMatchObject({ ok: true });

    // Another office hub than the organization's.
    expect(await app.call('createOffice', { host: 'evil.example.com', port: 5432, database: 'x', user: 'admin_x', password: 'p', name: 'Mallory', setupUser: 'postgres', setupPassword: 'p' })).toMatchObject({ ok: false, error: { kind: 'permission' } });
  });

  it('the chart: IT sets the EHR and who files on their own; each locked field refused, the rest the office\'s', async () => {
    const file = path.join(dir, 'chart.json');
    fs.writeFileSync(file, JSON.stringify({ ChartSource: 'fhir', ChartFhirUrl: 'https://ehr.clinic.lan/fhir/r4', ChartSignIn: 'backend', ChartClientId: 'front-desk', ChartAutoFileKinds: [], ChartTarget: 'smoke signals' }));
    const app = await fixture.connect({ extra: { policySource: filePolicySource(file) } });
    expect(value<PolicyView>(await app.call('getPolicies')).chartLocked).toEqual(['source', 'fhirBase', 'signIn', 'clientId', 'autoFileKinds']);
    const chart = value<Settings>(await app.call('getSettings')).chart;
    expect(chart).toMatchObject({ source: 'fhir', fhirBase: 'https://ehr.clinic.lan/fhir/r4', signIn: 'backend', clientId: 'front-desk', autoFileKinds: [], target: 'fhir' });
    const refused = { ok: false, error: { kind: 'permission' } };
    expect(await app.call('updateSettings', { chart: { ...chart, fhirBase: 'https://evil.example.com/fhir' } })).toMatchObject(refused);
    expect(await app.call('updateSettings', { chart: { ...chart, autoFileKinds: ['lab_results'] } })).toMatchObject(refused);
    expect(await app.call('updateSettings', { chart: { ...chart, source: 'none' } })).toMatchObject(refused);
    // What IT left to the office (the MRN system, the target: its policy was no valid value) stays the office's.
    const changed = value<Settings>(await app.call('updateSettings', { chart: { ...chart, mrnSystem: 'urn:oid:1.2.3', target: 'mllp' } })).chart;
    expect(changed).toMatchObject({ mrnSystem: 'urn:oid:1.2.3', target: 'mllp', fhirBase: 'https://ehr.clinic.lan/fhir/r4', autoFileKinds: [] });
  });

  it('policies changed while the app runs are told to the window and apply at once', async () => {
    const file = path.join(dir, 'later.json');
    fs.writeFileSync(file, JSON.stringify({}));
    const source = filePolicySource(file);
    const app = await fixture.connect({ extra: { policySource: source } });
    const told: PolicyView[] = [];
    app.core.rendererEvents.subscribe((name, payload) => {
      if (name === 'policiesChanged') told.push(payload as PolicyView);
    });
    expect(value<PolicyView>(await app.call('getPolicies')).csvExport).toBe(true);
    // The file is replaced, as a configuration tool does: its folder is watched.
    fs.writeFileSync(`${file}.new`, JSON.stringify({ DisableCsvExport: true, ServiceCaFile: '/etc/ssl/certs/clinic.pem' }));
    fs.renameSync(`${file}.new`, file);
    await waitUntil(() => told.at(-1), (view) => view?.csvExport === false, { what: 'the new policies told to the window' });
    expect(told.at(-1)).toMatchObject({ csvExport: false, locked: ['extraCaPath'] });
    expect(await app.call('exportFaxList', { direction: 'inbound' })).toMatchObject({ ok: false, error: { kind: 'permission' } });
    expect(value<Settings>(await app.call('getSettings')).extraCaPath).toBe('/etc/ssl/certs/clinic.pem');
  });
});
