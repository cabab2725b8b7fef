// Fill & sign, as a receptionist does with a prior authorization form: type the patient's name, add today's
// date, tick a box, sign with the signature drawn once, save a copy, and fax it back to the sender — checked in
// the saved copy (text drawn into the page), at the Fax Service (a fax to the sender's number) and in both
// faxes' details (linked both ways). The received fax stays as it arrived.
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { readBackPdf } from '../helpers/pdf-text';

let app: AppFixture;
let faxId = '';
let original: Uint8Array;
const sender = '+14155550123';

async function form(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  page.drawText('PRIOR AUTHORIZATION REQUEST', { x: 72, y: 720, size: 18, font });
  for (const [index, label] of ['Patient name:', 'Date:', 'Urgent:', 'Signature:'].entries()) page.drawText(label, { x: 72, y: 600 - index * 90, size: 12, font });
  return document.save();
}

beforeAll(async () => {
  app = await startApp({ viewport: { width: 1024, height: 768 } });
  await app.page.getByTestId('fax-row').first().waitFor();
  original = await form();
  const { json } = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 1, from: sender, sender_name: 'Blue Shield Prior Auth', document_base64: Buffer.from(original).toString('base64') });
  faxId = String(json.fax_id);
  await app.page.getByRole('button', { name: 'Sync now' }).click();
  await app.page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`).click();
  await app.page.getByRole('heading', { name: 'From Blue Shield Prior Auth' }).waitFor();
}, 60_000);
afterAll(async () => app.close());

/** Clicks the page at shares of its width and height. */
async function clickPage(x: number, y: number): Promise<void> {
  const overlay = app.page.getByTestId('fill-overlay');
  const box = await overlay.boundingBox();
  if (!box) throw new Error('no page');
  // Playwright scrolls the point into view (the page is taller than the dialog shows at 1024 × 768).
  await overlay.click({ position: { x: box.width * x, y: box.height * y } });
}

describe('fill & sign a received form and fax it back', () => {
  it('type, date, tick and sign; save a copy; fax it back to the sender; both faxes linked', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Fill & sign' }).click();
    const dialog = page.getByRole('dialog', { name: /^Fill & sign FX-/ });
    await expect.poll(async () => (await page.getByTestId('fill-overlay').boundingBox())?.height ?? 0).toBeGreaterThan(400);
    // Nothing placed: nothing is made.
    await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
    await dialog.getByText('Nothing has been placed on the pages yet: pick a tool and click where it goes.').waitFor();

    await clickPage(0.32, 0.245);
    await dialog.getByLabel('Text on the page').fill('Jane Doe');
    await dialog.getByLabel('Text on the page').press('Enter');
    await dialog.getByRole('button', { name: "Today's date" }).click();
    await clickPage(0.32, 0.36);
    await dialog.getByRole('button', { name: 'Check mark' }).click();
    await clickPage(0.3, 0.475);
    // No signature saved yet: the pad opens; it is drawn once and kept.
    await dialog.getByRole('button', { name: 'Signature', exact: true }).click();
    const pad = page.getByRole('dialog', { name: 'Draw your signature' });
    const area = await pad.getByTestId('signature-pad').boundingBox();
    if (!area) throw new Error('no pad');
    await page.mouse.move(area.x + 20, area.y + area.height * 0.7);
    await page.mouse.down();
    for (const [x, y] of [[0.2, 0.2], [0.35, 0.8], [0.5, 0.25], [0.7, 0.75], [0.9, 0.3]] as const) await page.mouse.move(area.x + area.width * x, area.y + area.height * y, { steps: 4 });
    await page.mouse.up();
    await pad.getByRole('button', { name: 'Save signature' }).click();
    await clickPage(0.35, 0.59);
    await expect.poll(() => dialog.getByTestId('fill-item').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-kind')))).toEqual(['text', 'text', 'check', 'signature']);
    expect((await app.harness.core.services()).fillSign.savedSignature()?.strokes.length).toBe(1);
    // A misplaced item is taken off with Delete, and placed again.
    await dialog.getByTestId('fill-item').nth(2).click();
    await page.keyboard.press('Delete');
    await expect.poll(() => dialog.getByTestId('fill-item').count()).toBe(3);
    await dialog.getByRole('button', { name: 'Check mark' }).click();
    await clickPage(0.3, 0.475);
    await screenshot(page, 'fill-sign-1024');

    await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
    await page.getByText('The PDF was saved.').waitFor();
    const folder = app.harness.settings.get().downloadFolder;
    const saved = fs.readdirSync(folder).find((name) => name.endsWith('-signed.pdf'));
    const copy = await readBackPdf(fs.readFileSync(path.join(folder, saved ?? '')));
    expect(copy.pages).toBe(1);
    expect(copy.text[0]).toContain('Jane Doe');
    expect(copy.text[0]).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect((await PDFDocument.load(fs.readFileSync(path.join(folder, saved ?? '')))).getPage(0).node.Annots()?.size() ?? 0).toBe(0);

    await dialog.getByRole('button', { name: /^Fax back to / }).click();
    const back = page.getByRole('dialog', { name: 'Fax the signed copy back' });
    await expect.poll(() => back.getByTestId('recipient-chip').allTextContents()).toEqual([expect.stringContaining(sender)]);
    await expect.poll(() => back.getByTestId('forward-preflight').textContent()).toBe('Pre-flight: the page prints fine.');
    await back.getByRole('button', { name: 'Forward', exact: true }).click();
    // The sender's number was never faxed from this desk: the guard asks first.
    await back.getByRole('button', { name: 'Forward anyway' }).click();
    await page.getByRole('heading', { name: 'Outbox & sent' }).waitFor();
    await expect
      .poll(
        async () => {
          const sent = (await app.t.api(app.demo.apiKey, 'GET', '/faxes?direction=outbound&limit=5')).json as { data: { data: Array<{ pages?: number; recipients?: Array<{ to: string }> }> } };
          return sent.data.data.find((fax) => fax.recipients?.some((recipient) => recipient.to === sender))?.pages ?? null;
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // Both ways: the received form says it was answered, the sent copy what it answers.
    await page.getByRole('button', { name: /^Inbox/ }).click();
    await page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`).click();
    const answered = page.getByTestId('answered-with');
    await expect.poll(() => answered.textContent(), { timeout: 30_000 }).toMatch(/^Answered with a signed copy: FX-/);
    await answered.getByRole('button').click();
    await expect.poll(() => page.getByTestId('answer-to').textContent()).toMatch(/^Answer to FX-/);
    const services = await app.harness.core.services();
    expect(Buffer.from(await services.pdfs.bytes(faxId)).equals(Buffer.from(original))).toBe(true);
  }, 120_000);
});
