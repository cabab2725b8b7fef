// Page tools on a received fax, as a receptionist uses them: take out the pages that are not this patient's,
// turn a page that came in sideways, split what is left into two documents, save one and fax the other on —
// checked in the saved file and at the Fax Service — and the fax itself stays as it arrived. And on a PDF in
// compose: by keyboard, pages taken out and turned, then the file split into two files of the fax, sent as such;
// and on a scanner's TIFF, whose pages become a PDF.
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { readBackPdf } from '../helpers/pdf-text';
import { dropFiles } from './drop';
import { addRecipient, sendFromCompose } from './send';
import { makeTiff } from '../fax-service/testkit';

let app: AppFixture;
let faxId = '';
let original: Uint8Array;

async function batch(labels: readonly string[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const label of labels) document.addPage([612, 792]).drawText(label, { x: 72, y: 700, size: 28, font });
  return document.save();
}

beforeAll(async () => {
  app = await startApp({ viewport: { width: 1024, height: 768 } });
  await app.page.getByTestId('fax-row').first().waitFor();
  original = await batch(['Doe result 1', 'Lopez result', 'Doe result 2', 'Miller result', 'Doe result 3']);
  const { json } = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 5, sender_name: 'City Lab Services', document_base64: Buffer.from(original).toString('base64') });
  faxId = String(json.fax_id);
  await app.page.getByRole('button', { name: 'Sync now' }).click();
  await app.page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`).click();
  await app.page.getByRole('heading', { name: 'From City Lab Services' }).waitFor();
});
afterAll(async () => app.close());

describe('page tools on a received fax', () => {
  it('take out, turn, split; save one part and fax the other; the fax itself is unchanged', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Pages…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Pages of FX-/ });
    const tiles = dialog.getByTestId('page-tile');
    await expect.poll(() => tiles.count()).toBe(5);
    // Every page's thumbnail is drawn, not only the first ones.
    await expect.poll(() => dialog.locator('[data-testid=page-tile] canvas[data-drawn=true]').count()).toBe(5);
    // At 768 px high the dialog's buttons stay in view: its body scrolls, not the whole dialog.
    const closeBox = await dialog.locator('.dialog-footer').getByRole('button', { name: 'Close', exact: true }).boundingBox();
    expect(closeBox === null ? null : closeBox.y + closeBox.height).not.toBeNull();
    expect((closeBox?.y ?? 768) + (closeBox?.height ?? 1)).toBeLessThanOrEqual(768);
    // A typo is refused with its reason and selects nothing.
    await dialog.getByLabel('Pages to select, for example 1-3, 5').fill('2, 9');
    await dialog.getByRole('button', { name: 'Select', exact: true }).click();
    await dialog.getByText('There is no page 9: the document has 5 pages.').waitFor();
    await dialog.getByLabel('Pages to select, for example 1-3, 5').fill('2, 4');
    await dialog.getByRole('button', { name: 'Select', exact: true }).click();
    await expect(dialog.getByTestId('page-tools-status').textContent()).resolves.toBe('5 pages, 2 selected');
    await dialog.getByRole('button', { name: 'Take out' }).click();
    await expect.poll(() => tiles.count()).toBe(3);
    // Taking out every page is refused.
    for (const index of [0, 1, 2]) await tiles.nth(index).click();
    await dialog.getByRole('button', { name: 'Take out' }).click();
    await dialog.getByText('Every page would be removed: keep at least one.').waitFor();
    await expect(tiles.count()).resolves.toBe(3);
    for (const index of [1, 2]) await tiles.nth(index).click();
    await dialog.getByRole('button', { name: 'Turn right' }).click();
    await expect(tiles.nth(0).getAttribute('data-turn')).resolves.toBe('90');
    await dialog.getByLabel('Pages of each document, separated by semicolons, for example 1-3; 4-6; 7-').fill('1; 2-3');
    await dialog.getByRole('button', { name: 'Split', exact: true }).click();
    const made = dialog.getByTestId('made-document');
    await expect.poll(() => made.allTextContents()).toEqual([expect.stringContaining('Document 1: 1 page'), expect.stringContaining('Document 2: 2 pages')]);
    await screenshot(page, 'page-tools-1024');

    await made.nth(0).getByRole('button', { name: 'Save as PDF…' }).click();
    await page.getByText('The PDF was saved.').waitFor();
    // While a dialog is open, its messages never cover its buttons (at 1024 × 768 they had hidden "Fax…").
    const toastBox = await page.locator('.toast').first().boundingBox();
    const covered: string[] = [];
    for (const button of await dialog.getByRole('button').all()) {
      const box = await button.boundingBox();
      if (toastBox && box && box.x < toastBox.x + toastBox.width && toastBox.x < box.x + box.width && box.y < toastBox.y + toastBox.height && toastBox.y < box.y + box.height) covered.push((await button.textContent()) ?? '');
    }
    expect(covered).toEqual([]);
    const folder = app.harness.settings.get().downloadFolder;
    const saved = fs.readdirSync(folder).find((name) => name.endsWith('-part-1.pdf'));
    const part = fs.readFileSync(path.join(folder, saved ?? ''));
    expect((await readBackPdf(part)).text.map((text) => text.trim())).toEqual(['Doe result 1']);
    expect((await PDFDocument.load(part)).getPage(0).getRotation().angle).toBe(90);

    await made.nth(1).getByRole('button', { name: 'Fax…' }).click();
    const forward = page.getByRole('dialog', { name: 'Fax these 2 pages' });
    await forward.getByTestId('recipient-input').fill('+1 415 555 0177');
    await forward.getByTestId('recipient-input').press('Enter');
    await forward.getByRole('button', { name: 'Fax', exact: true }).click();
    // A new number: the guard asks first, then it goes.
    await forward.getByRole('button', { name: 'Fax anyway' }).click().catch(() => undefined);
    // The person stays where they were; the toast offers the outbox.
    await page.getByTestId('toast').getByRole('button', { name: 'Show in the outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox & sent' }).waitFor();
    await expect
      .poll(
        async () => {
          const sent = (await app.t.api(app.demo.apiKey, 'GET', '/faxes?direction=outbound&limit=5')).json as { data: { data: Array<{ to?: string; pages?: number; recipients?: Array<{ to: string }> }> } };
          return sent.data.data.find((fax) => fax.recipients?.some((recipient) => recipient.to === '+14155550177'))?.pages ?? null;
        },
        { timeout: 30_000 },
      )
      .toBe(2);
    // The received fax is as it arrived.
    const services = await app.harness.core.services();
    expect(Buffer.from(await services.pdfs.bytes(faxId)).equals(Buffer.from(original))).toBe(true);
  });

  it('the split follows every edit: after a page turned, taken out and another fax added, the old documents go; saving all keeps the split; Fax… shows exactly the pages that go', async () => {
    const page = app.page;
    await page.getByRole('button', { name: /^Inbox/ }).first().click();
    await page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`).click();
    await page.getByRole('button', { name: 'Pages…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Pages of FX-/ });
    const tiles = dialog.getByTestId('page-tile');
    await expect.poll(() => tiles.count()).toBe(5);
    await tiles.nth(0).click();
    await dialog.getByRole('button', { name: 'Turn right' }).click();
    // Escape with a page turned asks first (as fill & sign does); cancelling keeps the pages as they were left.
    await page.keyboard.press('Escape');
    const asking = page.getByRole('dialog', { name: 'Close without keeping the changed pages?' });
    await asking.waitFor();
    await asking.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => tiles.count()).toBe(5);
    await tiles.nth(0).click();
    const splitField = dialog.getByLabel('Pages of each document, separated by semicolons, for example 1-3; 4-6; 7-');
    await splitField.fill('1-2; 3-4');
    await dialog.getByRole('button', { name: 'Split', exact: true }).click();
    const made = dialog.getByTestId('made-document');
    await expect.poll(() => made.allTextContents()).toEqual([expect.stringContaining('Document 1: 2 pages'), expect.stringContaining('Document 2: 2 pages')]);

    // Page 3 (Doe result 2) goes, and another fax's pages come: the documents made before are not this split's.
    await tiles.nth(2).click();
    await dialog.getByRole('button', { name: 'Take out' }).click();
    await expect.poll(() => tiles.count()).toBe(4);
    await expect.poll(() => made.count()).toBe(0);
    await dialog.getByTestId('split-stale').waitFor();
    await dialog.getByLabel('Add the pages of another fax…').selectOption({ index: 1 });
    await expect.poll(() => tiles.count()).toBeGreaterThan(4);
    await dialog.getByRole('button', { name: 'Split', exact: true }).click();
    await expect.poll(() => made.allTextContents()).toEqual([expect.stringContaining('Document 1: 2 pages'), expect.stringContaining('Document 2: 2 pages')]);

    // Saving all pages as one PDF leaves the split as it is.
    await dialog.getByRole('button', { name: 'Save as PDF…' }).last().click();
    await page.getByText('The PDF was saved.').first().waitFor();
    await expect.poll(() => made.allTextContents()).toEqual([expect.stringContaining('Document 1: 2 pages'), expect.stringContaining('Document 2: 2 pages')]);

    // Document 2 is pages 3 and 4 of the grid now: Miller's result and Doe's third; its PDF holds exactly those.
    await made.nth(1).getByRole('button', { name: 'Fax…' }).click();
    const forward = page.getByRole('dialog', { name: 'Fax these 2 pages' });
    const thumbs = forward.getByTestId('pages-that-go').getByTestId('page-thumb');
    await expect.poll(() => thumbs.count()).toBe(2);
    await expect.poll(() => thumbs.evaluateAll((items) => items.every((item) => item.getAttribute('data-state') === 'done'))).toBe(true);
    await screenshot(page, 'page-tools-fax-pages');
    await forward.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('on a PDF in compose: pages taken out and turned, then split into two files of the fax; sent as such', async () => {
    const page = app.page;
    const services = await app.harness.core.services();
    const stagedTexts = async (index: number) => {
      const id = await page.getByTestId('file-card').nth(index).getAttribute('data-file');
      const bytes = new Uint8Array(await services.staging.read(id ?? ''));
      return { texts: (await readBackPdf(bytes)).text.map((text) => text.trim()), turns: (await PDFDocument.load(bytes)).getPages().map((one) => one.getRotation().angle) };
    };
    await page.getByRole('button', { name: 'New fax' }).click();
    await dropFiles(page, [
      { name: 'intake.pdf', type: 'application/pdf', bytes: Buffer.from(await batch(['Intake 1', 'Wrong patient', 'Intake 3', 'Intake 4'])) },
      { name: 'card.png', type: 'image/png', bytes: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010800000000376ef9240000000a49444154789c6360000000020001e221bc330000000049454e44ae426082', 'hex') },
    ]);
    const cards = page.getByTestId('file-card');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(2);
    // An image (one page) has no page tools; the keyboard reaches a PDF's from the file's preview.
    expect(await cards.nth(1).getByRole('button', { name: /^Pages of / }).count()).toBe(0);
    await cards.nth(0).getByRole('button', { name: 'Preview intake.pdf' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    let dialog = page.getByRole('dialog', { name: 'Pages of intake.pdf' });
    const tiles = dialog.getByTestId('page-tile');
    await expect.poll(() => tiles.count()).toBe(4);
    await tiles.nth(1).click();
    await dialog.getByRole('button', { name: 'Take out' }).click();
    await expect.poll(() => tiles.count()).toBe(3);
    await tiles.nth(0).click();
    await dialog.getByRole('button', { name: 'Turn right' }).click();
    await dialog.getByRole('button', { name: 'Use these pages' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('The pages were put in the fax in place of the file.').waitFor();
    await expect.poll(() => cards.count()).toBe(2);
    await expect.poll(() => cards.nth(0).textContent()).toContain('3 pages');
    await expect(stagedTexts(0)).resolves.toEqual({ texts: ['Intake 1', 'Intake 3', 'Intake 4'], turns: [90, 0, 0] });
    // The cursor is on the new file's page tools: Enter opens them again.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Pages of intake-pages.pdf…');
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Pages of intake-pages.pdf' });
    await expect.poll(() => dialog.getByTestId('page-tile').count()).toBe(3);
    await dialog.getByLabel('Pages of each document, separated by semicolons, for example 1-3; 4-6; 7-').fill('1; 2-3');
    await dialog.getByRole('button', { name: 'Split', exact: true }).click();
    await dialog.getByRole('button', { name: 'Put these 2 documents in the fax instead' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cards.count()).toBe(3);
    await expect(stagedTexts(0)).resolves.toEqual({ texts: ['Intake 1'], turns: [90] });
    await expect(stagedTexts(1)).resolves.toEqual({ texts: ['Intake 3', 'Intake 4'], turns: [0, 0] });
    expect(await cards.nth(2).textContent()).toContain('card.png');
    await screenshot(page, 'compose-page-tools-1024');

    await addRecipient(page, '+1 415 555 0188');
    await sendFromCompose(page);
    await expect
      .poll(
        async () => {
          const sent = (await app.t.api(app.demo.apiKey, 'GET', '/faxes?direction=outbound&limit=5')).json as { data: { data: Array<{ pages?: number; recipients?: Array<{ to: string }> }> } };
          return sent.data.data.find((fax) => fax.recipients?.some((recipient) => recipient.to === '+14155550188'))?.pages ?? null;
        },
        { timeout: 30_000 },
      )
      .toBe(4);
  });

  it('on a TIFF in compose (a scanner’s fax): its pages drawn, one taken out, and a PDF of the rest takes its place', async () => {
    const page = app.page;
    const services = await app.harness.core.services();
    await page.getByRole('button', { name: 'New fax' }).click();
    // Three standard-resolution pages told apart by their heights (11, 5.5 and 8 inches).
    const scan = makeTiff(3, { width: 1728, heights: [1078, 539, 784], resolution: { x: 204, y: 98, unit: 2 } });
    await dropFiles(page, [{ name: 'scan.tif', type: 'image/tiff', bytes: scan }]);
    const cards = page.getByTestId('file-card');
    await expect.poll(() => cards.filter({ hasText: 'scan.tif' }).count(), { timeout: 20_000 }).toBe(1);
    const card = cards.filter({ hasText: 'scan.tif' });
    await card.getByRole('button', { name: 'Pages of scan.tif…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pages of scan.tif' });
    const tiles = dialog.getByTestId('page-tile');
    await expect.poll(() => tiles.count()).toBe(3);
    await tiles.nth(1).click();
    await dialog.getByRole('button', { name: 'Take out' }).click();
    await expect.poll(() => tiles.count()).toBe(2);
    await screenshot(page, 'compose-page-tools-tiff');
    await dialog.getByRole('button', { name: 'Use these pages' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const made = cards.filter({ hasText: 'scan-pages.pdf' });
    await expect.poll(() => made.count()).toBe(1);
    expect(await made.textContent()).toContain('2 pages');
    expect(await cards.filter({ hasText: 'scan.tif' }).count()).toBe(0);
    const id = await made.getAttribute('data-file');
    const pdf = await PDFDocument.load(new Uint8Array(await services.staging.read(id ?? '')));
    expect(pdf.getPages().map((one) => [Math.round(one.getWidth()), Math.round(one.getHeight())])).toEqual([
      [Math.round((1728 / 204) * 72), Math.round((1078 / 98) * 72)],
      [Math.round((1728 / 204) * 72), Math.round((784 / 98) * 72)],
    ]);
  });
});
