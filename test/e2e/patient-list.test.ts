// An office without FHIR access sets up its patient list as a receptionist would — German, 1024 px, the keyboard:
// chooses the practice system's CSV export (Windows-1252, semicolons, German headers), sees its columns and dates
// read, imports it with its broken rows said, files into a folder; then a lab result about a listed patient files
// itself there and the inbox says so.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaxIntake, IntakeField } from '../../preload/intake';
import type { FaxListPage } from '../../preload/models';
import { waitUntil } from '../helpers/wait';
import { screenshot, startApp, type AppFixture } from './app-fixture';

let app: AppFixture;
let listFile: string;
let folder: string;

const field = (name: IntakeField['name'], text: string, top: number): IntakeField => ({ name, value: text, confidence: 97, needsLook: false, page: 1, box: [0.1, top, 0.5, top + 0.03] });

/** Presses Tab until `test` holds for the focused element (a person tabbing through the window). */
async function tabUntil(test: () => Promise<boolean>, most = 80): Promise<void> {
  for (let press = 0; press < most; press += 1) {
    if (await test()) return;
    await app.page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}
const focused = () => app.page.evaluate(() => ({ text: document.activeElement?.textContent.trim() ?? '', testId: document.activeElement?.getAttribute('data-testid') ?? '' }));

beforeAll(async () => {
  app = await startApp({ viewport: { width: 1024, height: 768 }, systemLanguages: ['de-DE'] });
  await app.page.getByTestId('fax-row').first().waitFor();
  listFile = path.join(app.userDataDir, 'patienten.csv');
  folder = path.join(app.userDataDir, 'Akten');
  fs.mkdirSync(folder);
  const rows = [
    'Pat.-Nr.;Nachname;Vorname;Geburtsdatum;Versichertennummer',
    '1001;Müller;Jörg;24.12.1971;A123456789',
    '1002;Schäfer;Anna;01.02.1990;',
    '1003;Lindqvist;Emma;01.06.2015;',
    '1004;Lindqvist;Ella;01.06.2015;',
    '1005;Öztürk;Ayla;13.07.1984;',
    ';Ohne;Nummer;01.01.1950;',
    '1006;Kaputt;Datum;31.02.1950;',
    '1007;Weber;Paul;30.04.1966;',
  ];
  fs.writeFileSync(listFile, Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1'));
}, 150_000);

afterAll(async () => {
  await app.close();
});

describe('"Patientenliste" in Settings, in German, at 1024 px', () => {
  it('chooses the export, sees its columns and day-first dates read, and imports it with its broken rows said', async () => {
    const page = app.page;
    await page.locator('body').click({ position: { x: 900, y: 10 } });
    await tabUntil(async () => (await focused()).text === 'Einstellungen');
    await page.keyboard.press('Enter');
    const source = page.getByTestId('chart-source');
    await source.focus();
    await source.selectOption('list');
    await page.getByTestId('patient-list-settings').waitFor();
    await expect.poll(() => page.getByTestId('patient-list-status').textContent()).toContain('Noch keine Patientenliste');
    app.harness.desktop.record.nextOpenPaths.push(listFile);
    await tabUntil(async () => (await focused()).testId === 'list-choose');
    await page.keyboard.press('Enter');
    await page.getByTestId('patient-list-columns').waitFor();
    expect(await page.getByTestId('list-column-mrn').inputValue()).toBe('Pat.-Nr.');
    expect(await page.getByTestId('list-column-family').inputValue()).toBe('Nachname');
    expect(await page.getByTestId('list-column-birthDate').inputValue()).toBe('Geburtsdatum');
    expect(await page.getByTestId('list-date-order').inputValue()).toBe('dmy');
    const firstRow = page.getByTestId('list-sample-row').first();
    await expect.poll(() => firstRow.textContent()).toBe('1001Müller, Jörg24.12.1971');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.getByTestId('patient-list-columns').scrollIntoViewIfNeeded();
    await screenshot(page, 'patient-list-columns-de');
    await tabUntil(async () => (await focused()).testId === 'list-import');
    await page.keyboard.press('Enter');
    await page.getByText('6 Patienten importiert; 2 Zeilen ausgelassen.').waitFor();
    await expect.poll(() => page.getByTestId('patient-list-status').textContent()).toMatch(/^6 Patienten aus patienten\.csv, gelesen /);
    expect(await page.getByTestId('patient-list-skipped').textContent()).toBe('2 Zeilen ausgelassen: Zeile 7 (keine Patientennummer); Zeile 8 (ein Geburtsdatum, das in dieser Reihenfolge kein Datum ist)');
  });

  it('the window cannot name a file for main to read back to it: only one chosen in the system\'s dialog', async () => {
    const secret = path.join(app.userDataDir, 'not-a-list.txt');
    fs.writeFileSync(secret, 'MRN;Secret\n1;do not show\n');
    const patched = (await app.harness.core.dispatch('updateSettings', { patientList: { path: secret, columns: app.harness.settings.get().patientList.columns, dateOrder: 'dmy' } })) as { ok: boolean };
    expect(patched.ok).toBe(false);
    expect(app.harness.settings.get().patientList.path).toBe(listFile);
    const preview = (await app.harness.core.dispatch('previewPatientList', undefined)) as { ok: true; value: { path: string; headers: string[] } };
    expect(preview.value).toMatchObject({ path: listFile, headers: ['Pat.-Nr.', 'Nachname', 'Vorname', 'Geburtsdatum', 'Versichertennummer'] });
  });

  it('files into a folder; the list offers no FHIR target', async () => {
    const page = app.page;
    const target = page.getByTestId('chart-target');
    expect(await target.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).toEqual(['mllp', 'folder']);
    await expect.poll(() => target.inputValue()).toBe('folder');
    const form = page.getByTestId('chart-folder');
    await form.locator('input[name=folder]').fill(folder);
    await form.locator('input[name=folder]').press('Enter');
    await expect.poll(() => app.harness.settings.get().chart.folder).toBe(folder);
    await page.getByTestId('chart-settings').scrollIntoViewIfNeeded();
    await screenshot(page, 'patient-list-imported-de');
  });

  it('a lab result about a listed patient files itself into the folder, and the inbox row says to whom', async () => {
    const services = await app.harness.core.services();
    const before = services.cache.faxes.list({ direction: 'inbound', offset: 0, limit: 1 }).total;
    await app.t.control('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 1, from: '+14155550142', sender_name: 'Labor Nord' });
    await app.harness.core.dispatch('syncNow', undefined);
    const list = await waitUntil(async () => (await app.harness.core.dispatch('listFaxes', { direction: 'inbound', offset: 0, limit: 1 })) as { ok: true; value: FaxListPage }, (page) => page.value.total === before + 1, { what: 'the fax arriving' });
    const faxId = list.value.items[0]?.id ?? '';
    const intake: FaxIntake = { kind: { kind: 'lab_results', confidence: 96, source: 'rules', sure: true }, fields: [field('patient', 'MÜLLER, Jörg', 0.2), field('dob', '24.12.1971', 0.25)], parts: [] };
    services.cache.intake.save(faxId, intake);
    await services.chart.afterIntake(faxId);
    await expect.poll(() => services.chart.get(faxId)?.state).toBe('filed');
    expect(services.chart.get(faxId)?.patient).toMatchObject({ id: '1001', mrn: '1001', name: 'Müller, Jörg' });
    await expect.poll(() => fs.readdirSync(folder).filter((name) => name.endsWith('.pdf')).length).toBe(1);
    const page = app.page;
    await page.getByRole('button', { name: /^Posteingang/ }).click();
    await expect.poll(() => page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`).getByTestId('row-filing').textContent()).toBe('Abgelegt · Müller, Jörg');
  });
});
