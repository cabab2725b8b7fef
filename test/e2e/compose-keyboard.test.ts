// Compose as a receptionist at the keyboard: Ctrl+N puts the cursor in "To", a name typed there looks for the
// contact (no red "digits only"), Tab reaches Send in a few steps with several recipients and files, the files
// are one Tab stop with arrow keys inside, and every page of a PDF and a TIFF shows on its file.
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTiff } from '../fax-service/testkit';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { axeViolations } from './axe';
import { dropFiles } from './drop';
import { addRecipient } from './send';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp({ viewport: { width: 1024, height: 768 } });
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => app.close());

async function letter(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page += 1) {
    const sheet = pdf.addPage([612, 792]);
    sheet.drawText(`Page ${page} of the referral letter`, { x: 60, y: 700, size: 18, font });
    // A block of ink a 30-pixel tile still shows.
    sheet.drawRectangle({ x: 60, y: 200, width: 300, height: 300, color: rgb(0, 0, 0) });
  }
  return Buffer.from(await pdf.save());
}

async function png(): Promise<Buffer> {
  const canvas = createCanvas(300, 200);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, 300, 200);
  context.fillStyle = '#000';
  context.fillRect(20, 20, 120, 40);
  return canvas.encode('png');
}

const focused = () => app.page.evaluate(() => {
  const element = document.activeElement;
  return element ? (element.getAttribute('data-testid') ?? element.getAttribute('aria-label') ?? element.textContent).trim() : '';
});

describe('compose at the keyboard', () => {
  it('Ctrl+N from the inbox puts the cursor in "To"', async () => {
    await app.page.getByRole('button', { name: /^Inbox/ }).click();
    await app.page.getByTestId('fax-row').first().click();
    await app.page.keyboard.press('Control+n');
    await app.page.getByRole('heading', { name: 'New fax' }).waitFor();
    await expect.poll(focused).toBe('recipient-input');
  });

  it('a name typed in "To" looks for the contact instead of saying the number is wrong', async () => {
    const input = app.page.getByTestId('recipient-input');
    const hint = app.page.getByTestId('recipient-hint');
    await input.fill('Carla');
    await expect.poll(() => hint.textContent()).toBe('Choose the contact with ↑ ↓ and Enter.');
    expect(await hint.getAttribute('class')).toBe('field-hint');
    await input.fill('Nobodyknown');
    await expect.poll(() => hint.textContent()).toBe('No contact matches “Nobodyknown”. Type the fax number, or add the contact first.');
    expect(await hint.getAttribute('class')).toBe('field-hint');
    // Enter adds nothing for a name no contact has: the text stays for the user to correct.
    await input.press('Enter');
    expect(await app.page.getByTestId('recipient-chip').count()).toBe(0);
    expect(await input.inputValue()).toBe('Nobodyknown');
    // A number typed wrong is still said to be wrong.
    await input.fill('+1 415 55');
    await expect.poll(() => hint.getAttribute('class')).toBe('field-error');
    await input.fill('');
  });

  it('every page of a PDF and a TIFF shows on its file; an image is its one page', async () => {
    await addRecipient(app.page, '+1 415 555 0101');
    await addRecipient(app.page, 'Busy Line Associates <+14155550486>');
    await dropFiles(app.page, [
      { name: 'referral.pdf', type: 'application/pdf', bytes: await letter(3) },
      { name: 'scan.tif', type: 'image/tiff', bytes: makeTiff(4, { black: [2] }) },
      { name: 'card.png', type: 'image/png', bytes: await png() },
    ]);
    const cards = app.page.getByTestId('file-card');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => app.page.locator('[data-testid=thumbnail][data-state=done]').count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => cards.nth(0).locator('[data-testid=page-thumb][data-state=done]').count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => cards.nth(1).locator('[data-testid=page-thumb][data-state=done]').count(), { timeout: 20_000 }).toBe(4);
    expect(await cards.nth(2).getByTestId('page-strip').count()).toBe(0);
    // Each page is drawn, not only laid out: the tiles are not blank canvases.
    const inked = await cards.nth(0).locator('[data-testid=page-thumb] canvas').evaluateAll((canvases) =>
      canvases.map((canvas) => {
        const element = canvas as HTMLCanvasElement;
        const data = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data ?? new Uint8ClampedArray();
        let dark = 0;
        for (let index = 0; index < data.length; index += 4) if ((data[index] ?? 255) < 128) dark += 1;
        return dark > 0;
      }),
    );
    expect(inked).toEqual([true, true, true]);
    await cards.nth(2).scrollIntoViewIfNeeded();
    await screenshot(app.page, 'compose-pages-1024');
    expect(await axeViolations(app.page, 'compose with files')).toEqual([]);
    await cards.nth(1).getByRole('button', { name: 'Preview scan.tif' }).click();
    await app.page.getByRole('dialog', { name: 'scan.tif' }).getByRole('img', { name: 'Page 1 as faxed' }).waitFor({ timeout: 20_000 });
    expect(await axeViolations(app.page, 'file preview')).toEqual([]);
    await app.page.keyboard.press('Escape');
  });

  it('Tab goes from "To" to Send in a few steps; the files are one stop, the arrow keys move inside', async () => {
    const page = app.page;
    await page.getByTestId('recipient-input').focus();
    const stops: string[] = [];
    for (let step = 0; step < 30; step += 1) {
      await page.keyboard.press('Tab');
      const now = await focused();
      stops.push(now);
      if (/^Send fax/.test(now)) break;
    }
    expect(stops.at(-1), stops.join(' → ')).toMatch(/^Send fax/);
    expect(stops.length, stops.join(' → ')).toBeLessThanOrEqual(10);
    // One stop in the list of files: where the user left it, the preview just opened and closed.
    expect(stops.filter((stop) => /^(Preview|Move|Remove) /.test(stop))).toEqual(['Preview scan.tif']);

    await page.getByRole('button', { name: 'Preview referral.pdf' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Preview scan.tif');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Pages of scan.tif…');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Move scan.tif up');
    // A fast typist: End straight after Enter acts from where the moved file's cursor now is.
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    expect(await page.getByTestId('file-card').first().textContent()).toContain('scan.tif');
    expect(await focused()).toBe('Remove scan.tif');
    // The list's Tab stop is where the user left it.
    await page.getByTestId('recipient-input').focus();
    let reached = '';
    for (let step = 0; step < 12 && !/^(Preview|Move|Remove) /.test(reached); step += 1) {
      await page.keyboard.press('Tab');
      reached = await focused();
    }
    expect(reached).toBe('Remove scan.tif');
  });
});
