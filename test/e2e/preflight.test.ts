// Pre-flight in compose, as a receptionist meets it: flags on the file, the thumbnail and the summary; a blank
// page removed in one click; every file paged through as the recipient's machine prints it (PDF, TIFF, images);
// a Word file explained; mixed orientation noticed.
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makeTiff } from '../fax-service/testkit';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { dropFiles } from './drop';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => app.close());

/** A letter, a blank page and a dark scan; with `signature`, a page with only two lines to sign on; with `landscape`, one more page on its side. */
async function referral(options: { landscape?: boolean; signature?: boolean } = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const write = (page: ReturnType<typeof pdf.addPage>, lines: number) => {
    for (let line = 0; line < lines; line += 1) page.drawText('Dear colleague, please find the referral and the latest results enclosed.', { x: 60, y: page.getHeight() - 72 - line * 22, size: 11, font });
  };
  write(pdf.addPage([612, 792]), 24);
  pdf.addPage([612, 792]);
  pdf.addPage([612, 792]).drawRectangle({ x: 0, y: 0, width: 612, height: 600, color: rgb(0.12, 0.12, 0.12) });
  if (options.signature) {
    const sign = pdf.addPage([612, 792]);
    sign.drawLine({ start: { x: 72, y: 150 }, end: { x: 270, y: 150 }, thickness: 0.5 });
    sign.drawLine({ start: { x: 340, y: 150 }, end: { x: 540, y: 150 }, thickness: 0.5 });
  }
  if (options.landscape) write(pdf.addPage([792, 612]), 18);
  return Buffer.from(await pdf.save());
}

const cards = () => app.page.getByTestId('file-card');

async function clearFiles(): Promise<void> {
  while ((await cards().count()) > 0) await cards().first().getByRole('button', { name: /^Remove (?!blank)/ }).click();
}

describe('pre-flight', () => {
  it('flags a blank page and a dark scan on the file, its thumbnail and the summary (a signature page is not blank); the blank page goes after a look at it', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'New fax' }).click();
    await dropFiles(page, [{ name: 'referral.pdf', type: 'application/pdf', bytes: await referral({ signature: true }) }]);
    const line = cards().first().getByTestId('preflight-line');
    await expect.poll(() => line.textContent(), { timeout: 20_000 }).toContain('Very dark: page 3');
    await expect(line.textContent()).resolves.toContain('Blank: page 2');
    await expect(cards().first().locator('.thumb-flag').textContent()).resolves.toBe('Blank +1');
    const summary = page.getByTestId('preflight-summary');
    await expect(summary.textContent()).resolves.toContain('referral.pdf, page 3: very dark (large areas print solid black)');
    await expect(summary.textContent()).resolves.toContain('Pre-flight never stops a fax');

    // The dark page as the recipient's machine prints it.
    await cards().first().getByRole('button', { name: 'Preview referral.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'referral.pdf' });
    await dialog.getByRole('button', { name: /^As faxed/ }).click();
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => dialog.getByTestId('fax-view-page').textContent(), { timeout: 20_000 }).toBe('Page 3 of 4');
    await dialog.getByRole('img', { name: 'Page 3 as faxed' }).waitFor();
    await expect(dialog.getByTestId('fax-view').textContent()).resolves.toContain('Very dark: large areas print solid black');
    await screenshot(page, 'preflight-dark-page-light');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // Only page 2 is offered (the signature page is not blank); the dialog shows it as faxed and asks first.
    await expect(line.textContent()).resolves.not.toContain('page 4');
    await line.getByRole('button', { name: 'Remove blank page' }).click();
    const ask = page.getByRole('dialog', { name: 'Remove this blank page?' });
    await ask.getByRole('img', { name: 'Page 2 as the recipient’s machine prints it' }).waitFor();
    expect(await ask.getByTestId('removal-page').count()).toBe(1);
    await screenshot(page, 'preflight-remove-blank-light');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(cards().first().textContent()).resolves.toContain('referral.pdf');
    await line.getByRole('button', { name: 'Remove blank page' }).click();
    await ask.getByRole('button', { name: 'Remove 1 page' }).click();
    await expect.poll(() => cards().first().textContent(), { timeout: 20_000 }).toContain('referral (blank pages removed).pdf');
    await expect(cards().first().textContent()).resolves.toContain('3 pages');
    await expect.poll(() => cards().first().getByTestId('preflight-line').textContent(), { timeout: 20_000 }).toBe('Very dark: page 2');
    await clearFiles();
  });

  it('TIFF pages and images are paged through as faxed; a Word file is explained', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'New fax' }).click();
    const canvas = createCanvas(300, 200);
    canvas.getContext('2d').fillStyle = '#fff';
    canvas.getContext('2d').fillRect(0, 0, 300, 200);
    canvas.getContext('2d').fillStyle = '#000';
    canvas.getContext('2d').fillRect(20, 20, 120, 40);
    await dropFiles(page, [
      { name: 'scan.tif', type: 'image/tiff', bytes: makeTiff(3, { black: [2] }) },
      { name: 'card.png', type: 'image/png', bytes: await canvas.encode('png') },
      { name: 'letter.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: makeDocx({ text: 'A short letter.' }) },
    ]);
    await expect.poll(() => cards().count(), { timeout: 20_000 }).toBe(3);
    await cards().nth(0).getByRole('button', { name: 'Preview scan.tif' }).click();
    let dialog = page.getByRole('dialog', { name: 'scan.tif' });
    await expect.poll(() => dialog.getByTestId('fax-view-page').textContent(), { timeout: 20_000 }).toBe('Page 1 of 3');
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await dialog.getByRole('img', { name: 'Page 2 as faxed' }).waitFor();
    await expect.poll(() => dialog.getByTestId('fax-view').textContent(), { timeout: 20_000 }).toContain('Very dark');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await cards().nth(1).getByRole('button', { name: 'Preview card.png' }).click();
    dialog = page.getByRole('dialog', { name: 'card.png' });
    await dialog.getByRole('img', { name: 'Page 1 as faxed' }).waitFor();
    await expect(dialog.getByTestId('fax-view-page').textContent()).resolves.toBe('Page 1 of 1');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await expect.poll(() => cards().nth(2).textContent(), { timeout: 20_000 }).toContain('The Fax Service converts Word documents');
    await cards().nth(2).getByRole('button', { name: 'Preview letter.docx' }).click();
    dialog = page.getByRole('dialog', { name: 'letter.docx' });
    await expect(dialog.textContent()).resolves.toContain('converts this Word document into fax pages itself');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await clearFiles();
  });

  it('portrait and landscape pages in one fax are pointed out', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'New fax' }).click();
    await dropFiles(page, [{ name: 'with-attachment.pdf', type: 'application/pdf', bytes: await referral({ landscape: true }) }]);
    await expect.poll(() => page.getByTestId('preflight-summary').textContent(), { timeout: 20_000 }).toContain('Mixed orientation: 1 landscape and 3 portrait pages');
    await clearFiles();
  });
});
