// Finding a fax by what it says: a received fax is read on this desk (OCR, in its own process), a search for a
// name and a date finds it on the page that says them, the preview marks the words, and a searchable copy is saved.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { faxPdf } from '../helpers/fax-pages';
import { readBackPdf } from '../helpers/pdf-text';
import { waitUntil } from '../helpers/wait';

let app: AppFixture;
let faxId = '';

beforeAll(async () => {
  app = await startApp({ recognition: true, viewport: { width: 1024, height: 768 } });
  await app.page.getByTestId('fax-row').first().waitFor();
  const document = await faxPdf([
    { lines: ['FAX COVER SHEET', 'To: Records department', 'Pages: 2'], resolution: 'standard', speckle: 0.001, seed: 11 },
    { lines: ['LABORATORY RESULTS', 'Patient: Jane Doe   DOB: 03/14/1961', 'Specimen ID: LX-448120', 'Hemoglobin A1c 6.1 %'], resolution: 'fine', skew: 0.3, speckle: 0.002, seed: 12 },
  ]);
  const { json } = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, {
    pages: 2,
    sender_name: 'City Lab Services',
    document_base64: Buffer.from(document).toString('base64'),
  });
  faxId = String(json.fax_id);
  await app.page.getByRole('button', { name: 'Sync now' }).click();
  await app.page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`).waitFor({ timeout: 20_000 });
  // Every test stands on the fax having been read (how fast is the bench's): wait for it here, however long a busy
  // machine takes, not in the first test.
  const services = await app.harness.core.services();
  await waitUntil(() => services.cache.faxText.state(faxId)?.done, (done) => done === true, { what: 'the fax read', timeoutMs: 200_000 });
}, 240_000);
afterAll(async () => app.close());

describe('find a fax by what it says', () => {
  it('a search for a name and a date finds the fax on the page that says them, and the preview marks them there', async () => {
    const page = app.page;
    await page.getByLabel('Search inbox').fill('doe 03/14/1961');
    // Newest first: the fax that just arrived is read before the older ones (how soon: the bench's recognition rows).
    const row = page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`);
    await row.getByTestId('text-hit').waitFor();
    await expect(row.getByTestId('text-hit').textContent()).resolves.toMatch(/^Page 2:/);
    await expect(row.locator('mark').allTextContents()).resolves.toEqual(expect.arrayContaining(['Doe', '03/14/1961']));
    await expect(page.getByTestId('fax-row').count()).resolves.toBe(1);
    await row.click();
    await expect(page.getByTestId('text-hits-summary').textContent()).resolves.toBe('The search words are highlighted on page 2.');
    // The preview goes to page 2 and marks the two words on it, in the upper part of the page.
    const marked = page.locator('.pdf-pages .pdf-page[data-rendered=true] [data-testid=text-highlight]');
    await expect.poll(() => marked.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByLabel('Page number').inputValue()).toBe('2');
    const box = await marked.first().boundingBox();
    const pageBox = await page.locator('.pdf-pages .pdf-page[data-rendered=true]').filter({ has: page.getByTestId('text-highlight') }).first().boundingBox();
    expect(box && pageBox ? (box.y - pageBox.y) / pageBox.height : -1).toBeGreaterThan(0.1);
    expect(box && pageBox ? (box.y - pageBox.y) / pageBox.height : 1).toBeLessThan(0.3);
    // At 1024 × 768 the preview starts low in the detail: "Show page 2" brings the marked page into view.
    await page.getByRole('button', { name: 'Show page 2' }).click();
    await expect.poll(async () => {
      const shown = await page.locator('.pdf-pages .pdf-page[data-rendered=true]').filter({ has: page.getByTestId('text-highlight') }).first().boundingBox();
      return shown ? shown.y >= 0 && shown.y < 768 - 100 : false;
    }).toBe(true);
    await screenshot(page, 'find-by-content-1024');
  });

  it('a search for words the fax does not say finds nothing, and a details search still works', async () => {
    const page = app.page;
    // The search hint names the words in the faxes where this desk reads them: received faxes, not sent ones.
    await expect(page.getByLabel('Search inbox').getAttribute('placeholder')).resolves.toBe('Names, numbers, subjects, words in the fax');
    await page.getByRole('button', { name: /^Outbox/ }).click();
    await expect(page.getByLabel('Search outbox & sent').getAttribute('placeholder')).resolves.toBe('Names, numbers, subjects, references');
    await page.getByRole('button', { name: /^Inbox/ }).click();
    // A row shows one line, cut off at its end: the match near the end of the page is on screen at 1024 px.
    await page.getByLabel('Search inbox').fill('448120');
    const hitLine = page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"] [data-testid=text-hit]`);
    await hitLine.locator('mark').first().waitFor();
    const [firstMark, line] = await Promise.all([hitLine.locator('mark').first().boundingBox(), hitLine.boundingBox()]);
    expect(firstMark && line ? firstMark.x + firstMark.width : Infinity).toBeLessThanOrEqual(line ? line.x + line.width : 0);
    await page.getByLabel('Search inbox').fill('Müller 1958');
    await page.getByText('Nothing matches').waitFor();
    await page.getByLabel('Search inbox').fill('City Lab Services');
    await expect.poll(async () => Number(await page.getByTestId('fax-list').getAttribute('data-total'))).toBeGreaterThanOrEqual(1);
    await expect(page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"] [data-testid=text-hit]`).count()).resolves.toBe(0);
  });

  it('saves a searchable copy: the same pages with the read words as text', async () => {
    const page = app.page;
    await page.getByLabel('Search inbox').fill('');
    await page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`).click();
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Searchable PDF' }).click();
    await page.getByText('The PDF was saved.').waitFor();
    const folder = app.harness.settings.get().downloadFolder;
    const saved = fs.readdirSync(folder).find((name) => name.endsWith('-searchable.pdf'));
    expect(saved).toBeDefined();
    const copy = await readBackPdf(fs.readFileSync(path.join(folder, saved ?? '')));
    expect(copy.pages).toBe(2);
    expect(copy.images).toEqual([1, 1]);
    expect(copy.text[1]).toContain('Doe');
    expect(copy.text[1]).toContain('LX-448120');
  });

  it('what the fax is: its kind on the row and in the filter, the patient read, a field pressed shows its spot, a person changes the kind', async () => {
    const page = app.page;
    await page.getByLabel('Search inbox').fill('');
    const row = page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`);
    await expect.poll(() => row.getByTestId('row-kind').textContent()).toBe('Lab results');
    await page.getByTestId('kind-filter').selectOption('lab_results');
    await expect.poll(async () => Number(await page.getByTestId('fax-list').getAttribute('data-total'))).toBe(1);
    await row.click();
    const panel = page.getByTestId('intake-panel');
    await expect(panel.getByTestId('intake-field-patient').textContent()).resolves.toContain('Jane Doe');
    await expect(panel.getByTestId('intake-field-dob').textContent()).resolves.toContain('03/14/1961');
    await panel.getByTestId('intake-field-dob').locator('.intake-field-button').click();
    const spot = page.locator('.pdf-pages .pdf-page[data-rendered=true] [data-testid=text-highlight]');
    await expect.poll(() => spot.count()).toBe(1);
    await expect.poll(() => page.getByLabel('Page number').inputValue()).toBe('2');
    await screenshot(page, 'intake-panel-1024');
    await panel.getByTestId('intake-kind').selectOption('records_request');
    await expect.poll(() => panel.getByTestId('intake-kind-how').textContent()).toBe('set by a person');
    // The list follows: the fax is no longer a lab result.
    await page.getByText('Nothing matches').waitFor();
    await page.getByTestId('kind-filter').selectOption('');
  });

  it('Settings show how many faxes were read and can turn reading off', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.getByTestId('recognition-status').textContent(), { timeout: 10_000 }).toMatch(/^\d+ fax(es)? read/);
    const toggle = page.getByLabel('Read received faxes on this computer, so they can be found by what they say');
    await expect(toggle.isChecked()).resolves.toBe(true);
    await toggle.click();
    await screenshot(page, 'reading-faxes-settings-1024');
    await expect.poll(() => app.harness.settings.get().recognizeText).toBe(false);
    await expect(page.getByLabel('Read sent faxes too').isDisabled()).resolves.toBe(true);
  });

  it('Settings forget the text read, after asking: the fax is no longer found by what it says', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Forget the text read…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Forget the text read from faxes?' });
    await confirm.getByRole('button', { name: 'Turn off and forget' }).click();
    await page.getByText(/^The text read from \d+ faxes? was forgotten; reading faxes is off\.$/).waitFor();
    await expect.poll(() => page.getByTestId('recognition-status').textContent()).toBe('0 faxes read');
    const services = await app.harness.core.services();
    expect(services.cache.faxText.state(faxId)).toBeNull();
    await page.getByRole('button', { name: /^Inbox/ }).click();
    await page.getByLabel('Search inbox').fill('doe 03/14/1961');
    await page.getByText('Nothing matches').waitFor();
  });
});
