// A receptionist at 1024 × 768 in German works "Abzulegen" with the keyboard only, against a real FHIR server
// (test/ehr/): the sidebar says how many faxes wait; ↑/↓ move through them; a number key picks the patient and
// Enter files to them, the next fax coming up in its place; F looks someone up. A fax that filed itself says so in
// its detail. No horizontal scrolling at 1024 px; the screens are written for a person to look at.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentReference, Patient } from '@medplum/fhirtypes';
import type { FaxIntake, IntakeField } from '../../preload/intake';
import type { FaxListPage } from '../../preload/models';
import { backendPublicJwks, backendScopes } from '../../main/chart/ehr-connection';
import { waitUntil } from '../helpers/wait';
import { startTestEhr, type TestEhr } from '../ehr/fhir-server';
import { screenshot, startApp, type AppFixture } from './app-fixture';

let ehr: TestEhr;
let app: AppFixture;
const ids: Record<string, string> = {};
const faxes: Record<string, string> = {};

const field = (name: IntakeField['name'], text: string, sure = true, top = 0.2): IntakeField => ({ name, value: text, confidence: sure ? 97 : 60, needsLook: !sure, page: 1, box: [0.1, top, 0.5, top + 0.03] });
const intakeOf = (kind: string, fields: IntakeField[]): FaxIntake => ({ kind: { kind, confidence: 95, source: 'rules', sure: true }, fields, parts: [] });

async function arrives(intake: FaxIntake, from: string): Promise<string> {
  const services = await app.harness.core.services();
  const before = services.cache.faxes.list({ direction: 'inbound', offset: 0, limit: 1 }).total;
  await app.t.control('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 1, from: '+14155550142', sender_name: from });
  await app.harness.core.dispatch('syncNow', undefined);
  const list = await waitUntil(async () => (await app.harness.core.dispatch('listFaxes', { direction: 'inbound', offset: 0, limit: 1 })) as { ok: true; value: FaxListPage }, (page) => page.value.total === before + 1, { what: 'the fax arriving' });
  const faxId = list.value.items[0]?.id ?? '';
  services.cache.intake.save(faxId, intake);
  await services.chart.afterIntake(faxId);
  return faxId;
}

/** Presses Tab until `test` holds for the focused element (a person tabbing through the window). */
async function tabUntil(test: () => Promise<boolean>, most = 40): Promise<void> {
  for (let press = 0; press < most; press += 1) {
    if (await test()) return;
    await app.page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

const focusedText = () => app.page.evaluate(() => document.activeElement?.textContent.trim() ?? '');
const documentsFor = (patientId: string) => ehr.search<DocumentReference>('DocumentReference', { subject: `Patient/${patientId}` });

beforeAll(async () => {
  ehr = await startTestEhr();
  app = await startApp({ viewport: { width: 1024, height: 768 }, systemLanguages: ['de-DE'] });
  await app.page.getByTestId('fax-row').first().waitFor();
  const caPath = path.join(app.userDataDir, 'ehr-ca.pem');
  fs.writeFileSync(caPath, ehr.ca);
  ehr.auth.register({ kind: 'backend', clientId: 'empfang', keys: (await backendPublicJwks(app.harness.secrets)).keys, allowed: backendScopes });
  for (const [key, family, given, birthDate] of [['gonzalez', 'Gonzalez', 'Maria', '1980-03-04'], ['emma', 'Lindqvist', 'Emma', '2015-06-01'], ['ella', 'Lindqvist', 'Ella', '2015-06-01'], ['weiss', 'Weiß', 'Jörg', '1971-12-24']] as const) {
    ids[key] = (await ehr.create<Patient>({ resourceType: 'Patient', name: [{ family, given: [given] }], birthDate })).id ?? '';
  }
  await app.harness.core.dispatch('updateSettings', { chart: { ...app.harness.settings.get().chart, source: 'fhir', fhirBase: ehr.fhirBase, fhirCaPath: caPath, signIn: 'backend', clientId: 'empfang' } });
  faxes.twins = await arrives(intakeOf('lab_results', [field('patient', 'Emma Lindqvist'), field('dob', '01.06.2015', true, 0.25)]), 'Labor Nord');
  faxes.weiss = await arrives(intakeOf('referral', [field('patient', 'Jörg Weils', false), field('dob', '24.12.1971', true, 0.25)]), 'Praxis Dr. Weber');
  faxes.hopper = await arrives(intakeOf('referral', [field('patient', 'Grace Hopper'), field('dob', '09.12.1936', true, 0.25)]), 'Klinik Süd');
  faxes.gonzalez = await arrives(intakeOf('lab_results', [field('patient', 'GONZALEZ, Maria'), field('dob', '03/04/1980', true, 0.25)]), 'Labor Nord');
}, 150_000);

afterAll(async () => {
  await app.close();
  await ehr.close();
});

describe('"Abzulegen" at the keyboard, in German, at 1024 px', () => {
  it('the sidebar says three wait; Tab and Enter open the view; the twins wait with both shown', async () => {
    const page = app.page;
    const entry = page.getByRole('button', { name: /^Abzulegen/ });
    await expect.poll(() => entry.textContent()).toMatch(/3$/);
    await page.locator('body').click({ position: { x: 900, y: 10 } });
    await tabUntil(async () => (await focusedText()).startsWith('Abzulegen'));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Abzulegen' }).waitFor();
    await expect.poll(() => page.getByTestId('to-file-row').count()).toBe(3);
    const why = page.getByTestId('to-file-why');
    await expect.poll(() => why.textContent()).toContain('Verwechselbare Person in der Liste');
    await expect.poll(() => page.getByTestId('to-file-candidate').allTextContents()).toEqual([expect.stringContaining('Lindqvist, E'), expect.stringContaining('Lindqvist, E')]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, 'to-file-twins-de');
  });

  it('a number key picks, Enter files; the next fax comes up in its place', async () => {
    const page = app.page;
    // Focus on the list: the keys act on the fax shown.
    await page.locator('[data-testid=to-file-row][aria-selected=true]').focus();
    const names = await page.getByTestId('to-file-candidate').allTextContents();
    const emma = names.findIndex((text) => text.includes('Lindqvist, Emma')) + 1;
    await page.keyboard.press(String(emma));
    await expect.poll(() => page.getByRole('button', { name: /^Bei Lindqvist, Emma ablegen$/ }).count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.getByText('In der Akte von Lindqvist, Emma abgelegt.').waitFor();
    expect(await documentsFor(ids.emma ?? '')).toHaveLength(1);
    expect(await documentsFor(ids.ella ?? '')).toEqual([]);
    await expect.poll(() => page.getByTestId('to-file-row').count()).toBe(2);
    await expect.poll(() => page.getByTestId('to-file-why').textContent()).toContain('nicht sicher gelesen');
    await expect.poll(() => page.getByTestId('to-file-candidate').allTextContents()).toEqual([expect.stringContaining('Weiß, Jörg')]);
    await screenshot(page, 'to-file-unsure-de');
    await page.locator('[data-testid=to-file-row][aria-selected=true]').focus();
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await page.getByText('In der Akte von Weiß, Jörg abgelegt.').waitFor();
    expect(await documentsFor(ids.weiss ?? '')).toHaveLength(1);
  });

  it('a new patient: F looks someone up, and nobody on the list is said so', async () => {
    const page = app.page;
    await expect.poll(() => page.getByTestId('to-file-row').count()).toBe(1);
    await expect.poll(() => page.getByTestId('to-file-why').textContent()).toContain('Nicht in der Liste');
    await page.locator('[data-testid=to-file-row][aria-selected=true]').focus();
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Maria Gonzalez');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('04.03.1980');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('to-file-candidate').allTextContents()).toEqual([expect.stringContaining('Gonzalez, Maria')]);
    await screenshot(page, 'to-file-look-up-de');
  });

  it('the inbox rows say filed and to whom, or to file; the fax that filed itself says where, when and by what', async () => {
    const page = app.page;
    await page.getByRole('button', { name: /^Posteingang/ }).click();
    // The inbox's rows say it at 1024 px: filed and to whom, or still to file.
    const rowOf = (faxId: string | undefined) => page.locator(`[data-testid=fax-row][data-fax-id="${faxId ?? ''}"]`);
    await expect.poll(() => rowOf(faxes.gonzalez).getByTestId('row-filing').textContent()).toBe('Abgelegt · Gonzalez, Maria');
    await expect.poll(() => rowOf(faxes.twins).getByTestId('row-filing').textContent()).toBe('Abgelegt · Lindqvist, Emma');
    await expect.poll(() => rowOf(faxes.hopper).getByTestId('row-filing').textContent()).toBe('Abzulegen');
    // On the screen, not only in the page: inside the chips' line, which hides what wraps out of it.
    for (const faxId of [faxes.gonzalez, faxes.twins, faxes.hopper]) {
      const seen = await rowOf(faxId).getByTestId('row-filing').evaluate((node) => {
        const chip = node.getBoundingClientRect();
        const line = (node.parentElement as HTMLElement).getBoundingClientRect();
        return chip.width >= 60 && chip.top >= line.top && chip.bottom <= line.bottom && chip.left >= line.left && chip.right <= line.right;
      });
      expect(seen).toBe(true);
    }
    await screenshot(page, 'to-file-inbox-rows-de');
    await rowOf(faxes.gonzalez).click();
    await expect.poll(() => page.getByTestId('filing-line').textContent()).toMatch(/^In der Akte von Gonzalez, Maria abgelegt – durch eine Regel, /);
    expect(await documentsFor(ids.gonzalez ?? '')).toHaveLength(1);
    await screenshot(page, 'to-file-filed-detail-de');
  });
});
