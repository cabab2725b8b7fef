// The transmission report from a sent fax's detail: Save writes a one-page PDF with the fax's fields (read back),
// Print prints exactly that page, and Settings turns on saving every report to a folder.
import fs from 'node:fs';
import path from 'node:path';
import { axeViolations } from './axe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPagePng, readBackPdf } from '../helpers/pdf-text';
import { startApp, type AppFixture } from './app-fixture';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => app.close());

async function openDeliveredFax(): Promise<string> {
  const page = app.page;
  await page.getByRole('button', { name: 'Outbox & sent' }).click();
  const row = page.getByTestId('fax-row').filter({ hasText: 'Delivered' }).first();
  await row.click();
  await page.getByRole('button', { name: 'More' }).waitFor();
  return ((await page.locator('.detail-header .mono').textContent()) ?? '').trim();
}

describe('transmission report', () => {
  it('Save report writes a one-page PDF with the reference, the result and the first page', async () => {
    const page = app.page;
    const reference = await openDeliveredFax();
    expect(reference).toMatch(/\S/);
    // The report waits in "More": by keyboard, ↓ opens the menu on its first item, Escape closes it back on the button.
    const more = page.getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent.trim())).toBe('Save PDF');
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent.trim())).toBe('Print report');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu').count()).resolves.toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu');
    await more.click();
    // A thumbnail shows only its number, drawn or not (its name is "Page N": other words would not be in it).
    const thumbWords = await page.locator('.pdf-thumb').evaluateAll((thumbs) => thumbs.map((thumb) => (thumb as HTMLElement).innerText.trim()));
    expect(thumbWords).toEqual(thumbWords.map((_, index) => String(index + 1)));
    expect(await axeViolations(page, 'the More menu')).toEqual([]);
    await page.getByRole('menuitem', { name: 'Save report' }).click();
    await page.getByText('The transmission report was saved.').waitFor();
    const folder = app.harness.settings.get().downloadFolder;
    const name = fs.readdirSync(folder).find((file) => file.startsWith('Fax report'));
    expect(name).toMatch(new RegExp(`^Fax report ${reference} \\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    const bytes = new Uint8Array(fs.readFileSync(path.join(folder, name ?? '')));
    const read = await readBackPdf(bytes);
    expect(read.pages).toBe(1);
    expect(read.text[0]).toContain(`Reference ${reference}`);
    expect(read.text[0]).toContain('Result Delivered');
    expect(read.images[0]).toBe(1);
    fs.mkdirSync('test-results/screens', { recursive: true });
    fs.writeFileSync('test-results/screens/transmission-report.png', await firstPagePng(bytes));
  });

  it('Print report prints the one page', async () => {
    const page = app.page;
    await openDeliveredFax();
    await page.evaluate(() => {
      const record = window as unknown as { printedPages?: number };
      window.print = () => {
        record.printedPages = document.querySelectorAll('.print-root img').length;
      };
    });
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Print report' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printedPages?: number }).printedPages)).toBe(1);
  });

  it('Settings: saving every report to a folder is one switch, and the folder can be changed', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('checkbox', { name: 'Save a report of every sent fax when it finishes' }).click();
    const downloads = app.harness.settings.get().downloadFolder;
    await expect.poll(() => app.harness.settings.get().reportFolder).toBe(`${downloads}/Fax reports`);
    const field = page.getByRole('textbox', { name: 'Save reports to' });
    await field.fill(`${downloads}/Proof`);
    await field.blur();
    await expect.poll(() => app.harness.settings.get().reportFolder).toBe(`${downloads}/Proof`);
    await page.getByRole('checkbox', { name: 'Save a report of every sent fax when it finishes' }).click();
    await expect.poll(() => app.harness.settings.get().reportFolder).toBeNull();
  });
});
