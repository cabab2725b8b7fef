// The "Fax Desktop" printer from the user's side (Linux, the test's own CUPS): a saved hot folder offers "Add
// printer"; once added, Settings names the printer, and a document printed to it is faxed; removing it says so;
// removing the hot folder takes its printer with it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePagePdf } from '../fax-service/testkit';
import { startPrivateCups, type PrivateCups } from '../helpers/private-cups';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { setEnvFor } from '../helpers/process-env';

let app: AppFixture;
let cups: PrivateCups;
let restoreEnv = (): void => undefined;
const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-printer-')), 'Front desk');
fs.mkdirSync(folder);

beforeAll(async () => {
  cups = await startPrivateCups();
  restoreEnv = setEnvFor(cups.env);
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => {
  await app.close();
  restoreEnv();
  await cups.stop();
  fs.rmSync(path.dirname(folder), { recursive: true, force: true });
});

describe('the Fax Desktop printer in Settings', () => {
  it('adds a printer for a hot folder; what is printed to it is faxed', async () => {
    const page = app.page;
    await page.locator('body').press('Control+,');
    await page.getByRole('button', { name: 'Add a hot folder' }).click();
    const form = page.getByRole('form', { name: 'New hot folder' });
    await form.getByLabel('Folder', { exact: true }).fill(folder);
    await form.getByRole('textbox', { name: /^Recipients/ }).fill('+1 415 555 0142');
    await form.getByLabel('Subject (optional)', { exact: true }).fill('Printed at the front desk');
    await form.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('form', { name: folder });
    const printer = saved.getByRole('region', { name: 'Fax Desktop printer' });
    await printer.getByRole('status').filter({ hasText: 'This folder has no printer.' }).waitFor();
    await printer.getByRole('button', { name: 'Add printer' }).click();
    await printer.getByRole('status').filter({ hasText: 'The printer “Fax-Desktop-Front-desk” is set up: print to it from any program.' }).waitFor();
    expect(cups.tool('lpstat', ['-v'])).toContain('device for Fax-Desktop-Front-desk: faxdesktop:/');
    await printer.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-fax-printer');

    const document = path.join(path.dirname(folder), 'letter.pdf');
    fs.writeFileSync(document, onePagePdf);
    cups.tool('lp', ['-d', 'Fax-Desktop-Front-desk', document]);
    await saved.getByRole('status').filter({ hasText: '1 file taken' }).waitFor({ timeout: 30_000 });
    await page.locator('body').press('Control+2');
    await page.getByText('Printed at the front desk').first().waitFor();
  });

  it('removes the printer', async () => {
    const page = app.page;
    await page.locator('body').press('Control+,');
    const printer = page.getByRole('form', { name: folder }).getByRole('region', { name: 'Fax Desktop printer' });
    await printer.getByRole('button', { name: 'Remove printer' }).click();
    await printer.getByRole('status').filter({ hasText: 'This folder has no printer.' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Printer removed.' }).first().waitFor();
    expect(() => cups.tool('lpstat', ['-v', 'Fax-Desktop-Front-desk'])).toThrow();
  });

  it('removing the hot folder removes its printer first (none is left dropping into an unwatched folder)', async () => {
    const page = app.page;
    const form = page.getByRole('form', { name: folder });
    const printer = form.getByRole('region', { name: 'Fax Desktop printer' });
    await printer.getByRole('button', { name: 'Add printer' }).click();
    await printer.getByRole('status').filter({ hasText: 'is set up' }).waitFor();
    await form.getByRole('button', { name: 'Remove', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    expect((await app.harness.core.services()).automation.get().hotFolders).toEqual([]);
    expect(() => cups.tool('lpstat', ['-v', 'Fax-Desktop-Front-desk'])).toThrow();
  });
});
