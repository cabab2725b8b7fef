// Hot folders from the user's side: set one up in Settings (a bad recipient is refused with its reason and loses
// nothing typed), save a PDF into the folder as a scanner would, and watch Settings count it while it is faxed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePagePdf } from '../fax-service/testkit';
import { screenshot, startApp, type AppFixture } from './app-fixture';

let app: AppFixture;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-hot-'));
beforeAll(async () => {
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('hot folders in Settings', () => {
  it('adds a hot folder; a bad recipient is refused and the form keeps what was typed', async () => {
    const page = app.page;
    await page.locator('body').press('Control+,');
    await page.getByRole('button', { name: 'Add a hot folder' }).click();
    const form = page.getByRole('form', { name: 'New hot folder' });
    await form.getByLabel('Folder', { exact: true }).fill(folder);
    await form.getByRole('textbox', { name: /^Recipients/ }).fill('Nobody We Know');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').filter({ hasText: 'No single contact with a fax number is called “Nobody We Know”' }).waitFor();
    expect(await form.getByLabel('Folder', { exact: true }).inputValue()).toBe(folder);
    expect((await app.harness.core.services()).automation.get().hotFolders).toEqual([]);

    await form.getByRole('textbox', { name: /^Recipients/ }).fill('+1 415 555 0142');
    await form.getByLabel('Subject (optional)', { exact: true }).fill('Scans from the front desk');
    await form.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('form', { name: folder });
    await saved.getByRole('status').filter({ hasText: 'Watching. No file taken yet.' }).waitFor();
    const stored = (await app.harness.core.services()).automation.get().hotFolders;
    expect(stored.map((entry) => ({ path: entry.path, recipients: entry.recipients, subject: entry.subject }))).toEqual([
      { path: folder, recipients: [{ number: '+14155550142' }], subject: 'Scans from the front desk' },
    ]);
  });

  it('a PDF saved into the folder is faxed, moved to Sent, and counted in Settings', async () => {
    const page = app.page;
    fs.writeFileSync(path.join(folder, 'intake.pdf'), onePagePdf);
    const saved = page.getByRole('form', { name: folder });
    await saved.getByRole('status').filter({ hasText: '1 file taken' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => fs.existsSync(path.join(folder, 'Sent', 'intake.pdf')), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'settings-hot-folders');
    await page.locator('body').press('Control+2');
    await page.getByText('Scans from the front desk').first().waitFor();
  });

  it('a folder that goes away shows in the status bar; its button opens Settings where it says why; it clears when back', async () => {
    const page = app.page;
    const away = `${folder}-away`;
    fs.renameSync(folder, away);
    const problem = page.getByTestId('background-problem-hotFolder');
    await problem.filter({ hasText: 'A hot folder can’t be reached' }).waitFor({ timeout: 20_000 });
    expect(await problem.getAttribute('title')).toMatch(/cannot be reached/);
    await screenshot(page, 'status-bar-hot-folder-away');
    await problem.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('hot-folders-title');
    fs.renameSync(away, folder);
    await problem.waitFor({ state: 'detached', timeout: 20_000 });
  });
});

