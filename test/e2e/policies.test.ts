// A desk whose organization set policies (a policy file, as Linux keeps them), used in German at 1024 px: the
// language and updates read "Von Ihrer Organisation festgelegt" and cannot be changed, the lock offers at most
// the allowed minutes and asks for the PIN the organization requires, and Save PDF and CSV export are turned off
// with the reason.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';

let app: AppFixture;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-policies-'));

beforeAll(async () => {
  const file = path.join(dir, 'policies.json');
  fs.writeFileSync(file, JSON.stringify({ Language: 'de', UpdatesOff: true, AutoLockMaxMinutes: 10, DisableSavePdf: true, DisableCsvExport: true, PinRequired: true }));
  app = await startApp({ viewport: { width: 1024, height: 760 }, policyFile: file });
  await app.page.getByTestId('fax-row').first().waitFor();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a desk under its organization\'s policies', () => {
  it('locked settings say so and cannot be changed; turned-off actions are not offered', async () => {
    const page = app.page;
    await page.locator('body').press('Control+,');
    const language = page.getByTestId('language');
    await expect.poll(() => language.isDisabled()).toBe(true);
    expect(await language.inputValue()).toBe('de');
    expect(await page.getByTestId('set-by-organization').first().textContent()).toBe('Von Ihrer Organisation festgelegt.');
    const updates = page.getByRole('checkbox', { name: /Updates/ });
    expect(await updates.isDisabled()).toBe(true);
    expect(await updates.isChecked()).toBe(false);
    const minutes = await page.getByLabel('App sperren nach').locator('option').evaluateAll((options) => options.map((option) => Number((option as HTMLOptionElement).value)));
    expect(Math.max(...minutes)).toBeLessThanOrEqual(10);
    await page.getByText('Ihre Organisation erlaubt höchstens 10 Minuten.').waitFor();
    // No PIN set yet: the organization's requirement says so where the PIN is set.
    expect(await page.getByTestId('pin-required').textContent()).toBe('Ihre Organisation verlangt eine PIN zum Entsperren: Legen Sie unten eine fest.');
    await language.scrollIntoViewIfNeeded();
    await screenshot(page, 'policies-settings-de');

    await page.getByRole('button', { name: /^Posteingang/ }).first().click();
    const csv = page.getByRole('button', { name: 'CSV exportieren' });
    expect(await csv.getAttribute('aria-disabled')).toBe('true');
    // Pressed anyway, it says why instead of doing nothing.
    await csv.click({ force: true });
    await page.getByTestId('toast').filter({ hasText: 'Ihre Organisation hat das auf diesem Computer abgeschaltet.' }).first().waitFor();
    await page.getByTestId('fax-row').first().click();
    await page.getByRole('button', { name: 'Mehr' }).click();
    const save = page.getByRole('menuitem', { name: /^PDF speichern/ });
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByRole('menuitem', { name: /^Durchsuchbares PDF/ }).isDisabled()).toBe(true);
    // The reason is in view under the item, not only in a tooltip.
    expect(await save.locator('.menu-item-reason').textContent()).toBe('Ihre Organisation hat das auf diesem Computer abgeschaltet.');
    expect(await save.locator('.menu-item-reason').isVisible()).toBe(true);
    await screenshot(page, 'policies-inbox-de');
    await page.keyboard.press('Escape');
    // Its shortcut says so too (the message from the button went first).
    for (const close of await page.locator('.toast button').all()) await close.click();
    await expect.poll(() => page.getByTestId('toast').count()).toBe(0);
    await page.locator('body').press('Control+s');
    await page.getByTestId('toast').filter({ hasText: 'Ihre Organisation hat das auf diesem Computer abgeschaltet.' }).first().waitFor();
  });
});
