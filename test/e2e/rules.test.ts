// Rules for received faxes from the user's side: add a rule in Settings that saves a copy into a folder (the
// warning that copies are not encrypted shows when it is turned on) and one that prints on "Front Desk"; a fax
// arrives, and its detail says where it was saved and where it was printed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';

let app: AppFixture;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-rules-'));
beforeAll(async () => {
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('rules for received faxes', () => {
  it('sets up a saving rule (warned that copies are not encrypted) and a printing rule in Settings', async () => {
    const page = app.page;
    await page.locator('body').press('Control+,');
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByRole('alert').filter({ hasText: 'Copies saved by this rule are not encrypted' }).waitFor();
    await form.getByLabel('Folder', { exact: true }).fill(folder);
    await form.getByRole('textbox', { name: /^File name/ }).fill('{date} {from} {surname}');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').filter({ hasText: '{surname}, which is not a field' }).waitFor();
    expect(await form.getByLabel('Folder', { exact: true }).inputValue()).toBe(folder);
    await form.getByRole('textbox', { name: /^File name/ }).fill('{date} {from} {pages}p {reference}');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('form', { name: `Save into ${folder}` }).waitFor();

    await page.getByRole('button', { name: 'Add a rule' }).click();
    const printing = page.getByRole('form', { name: 'New rule' });
    await printing.getByLabel('With each received fax').selectOption('print');
    expect(await printing.getByRole('alert').count()).toBe(0);
    await printing.getByLabel('Printer').selectOption('Front Desk');
    await printing.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('form', { name: 'Print on Front Desk' }).waitFor();
    const rules = (await app.harness.core.services()).automation.get().inboundRules;
    expect(rules.map((rule) => [rule.action, rule.enabled, rule.activeSince !== null])).toEqual([
      ['save', true, true],
      ['print', true, true],
    ]);
    await page.getByRole('form', { name: `Save into ${folder}` }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-rules');
  });

  it('a fax that arrives is saved and printed, and its detail says so', async () => {
    const page = app.page;
    const { json } = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 1, from: '+14155550199' });
    await (await app.harness.core.services()).sync.runOnce();
    await page.locator('body').press('Control+1');
    const row = page.locator(`[data-testid=fax-row][data-fax-id="${json.fax_id}"]`);
    await row.waitFor({ timeout: 25_000 });
    await row.click();
    const panel = page.getByRole('region', { name: 'What the rules did' });
    await panel.getByText(/^Printed on Front Desk at /).waitFor({ timeout: 20_000 });
    const savedLine = (await panel.getByText(/^Saved to /).textContent()) ?? '';
    expect(savedLine).toContain(folder);
    await expect.poll(() => fs.readdirSync(folder).filter((name) => name.endsWith('.pdf')).length).toBe(1);
    expect(fs.readdirSync(folder)[0]).toMatch(/^\d{4}-\d\d-\d\d \+14155550199 1p .+\.pdf$/);
    await screenshot(page, 'inbox-rule-actions');
  });

  it('a rule on what the fax is: tell this desk of urgent lab results (no office: no label or person to give)', async () => {
    const page = app.page;
    await page.locator('body').press('Control+,');
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    const actions = await form.getByLabel('With each received fax').locator('option').allTextContents();
    expect(actions).toEqual(['Save a copy into a folder', 'Print it', 'Tell me at this desk']);
    await form.getByLabel('With each received fax').selectOption('notify');
    await form.getByRole('group', { name: 'Only faxes of these kinds' }).getByLabel('Lab results').check();
    await form.getByLabel('Only faxes that say they are urgent (STAT, urgent, Eilt)').check();
    await screenshot(page, 'settings-rule-on-kinds');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('form', { name: 'Tell me at this desk' }).waitFor();
    const rules = (await app.harness.core.services()).automation.get().inboundRules;
    expect(rules.at(-1)).toMatchObject({ action: 'notify', kinds: ['lab_results'], urgentOnly: true, enabled: true });
  });
});
