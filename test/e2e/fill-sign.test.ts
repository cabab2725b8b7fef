// Fill & sign, as a receptionist does with a prior authorization form: type the patient's name, add today's
// date, tick a box, sign with the signature drawn once, save a copy, and fax it back to the sender — checked in
// the saved copy (text drawn into the page), at the Fax Service (a fax to the sender's number) and in both
// faxes' details (linked both ways). The received fax stays as it arrived. Then a stamp image (a damaged one
// refused first), a highlight dragged over a line, a stroke drawn freehand and a check mark placed and sized with
// the keyboard, all found where they were put in the saved copy's page.
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { readBackPdf } from '../helpers/pdf-text';
import { openDocumentPages } from '../../main/pages/document-pages';
import { encodeGrayPng } from '../../main/pages/png';

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
});
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
    const pad = page.getByRole('dialog', { name: 'Your signature' });
    const area = await pad.getByTestId('signature-pad').boundingBox();
    if (!area) throw new Error('no pad');
    await page.mouse.move(area.x + 20, area.y + area.height * 0.7);
    await page.mouse.down();
    for (const [x, y] of [[0.2, 0.2], [0.35, 0.8], [0.5, 0.25], [0.7, 0.75], [0.9, 0.3]] as const) await page.mouse.move(area.x + area.width * x, area.y + area.height * y, { steps: 4 });
    await page.mouse.up();
    await pad.getByRole('button', { name: 'Save signature' }).click();
    await clickPage(0.35, 0.59);
    await expect.poll(() => dialog.getByTestId('fill-item').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-kind')))).toEqual(['text', 'text', 'check', 'signature']);
    const kept = (await app.harness.core.services()).fillSign.savedSignature();
    expect(kept && 'strokes' in kept ? kept.strokes.length : 0).toBe(1);
    // A misplaced item is taken off with Delete, and placed again.
    await dialog.getByTestId('fill-item').nth(2).click();
    await page.keyboard.press('Delete');
    await expect.poll(() => dialog.getByTestId('fill-item').count()).toBe(3);
    await dialog.getByRole('button', { name: 'Check mark' }).click();
    await clickPage(0.3, 0.475);
    await screenshot(page, 'fill-sign-1024');
    // Escape (or Close) with items placed and not saved asks first; keeping on loses nothing.
    await page.keyboard.press('Escape');
    const asking = page.getByRole('dialog', { name: 'Throw away what you placed?' });
    await asking.getByText('4 items placed on the pages are not saved or sent yet.', { exact: false }).waitFor();
    await asking.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.getByTestId('fill-item').count()).toBe(4);

    await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
    await page.getByText('The PDF was saved.').waitFor();
    const folder = app.harness.settings.get().downloadFolder;
    const saved = fs.readdirSync(folder).find((name) => name.endsWith('-signed.pdf'));
    const copy = await readBackPdf(fs.readFileSync(path.join(folder, saved ?? '')));
    expect(copy.pages).toBe(1);
    expect(copy.text[0]).toContain('Jane Doe');
    expect(copy.text[0]).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect((await PDFDocument.load(fs.readFileSync(path.join(folder, saved ?? '')))).getPage(0).node.Annots()?.size() ?? 0).toBe(0);

    // Cancelling the fax back loses nothing: the form comes back with everything placed on it.
    await dialog.getByRole('button', { name: /^Fax back to / }).click();
    await page.getByRole('dialog', { name: 'Fax the signed copy back' }).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.getByTestId('fill-item').count()).toBe(4);
    await dialog.getByRole('button', { name: /^Fax back to / }).click();
    const back = page.getByRole('dialog', { name: 'Fax the signed copy back' });
    await expect.poll(() => back.getByTestId('recipient-chip').allTextContents()).toEqual([expect.stringContaining(sender)]);
    await expect.poll(() => back.getByTestId('forward-preflight').textContent()).toBe('Pre-flight: the page prints fine.');
    // The signed page itself is shown: what goes back is what was filled in.
    await expect.poll(() => back.getByTestId('pages-that-go').getByTestId('page-thumb').evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))).toEqual(['done']);
    await screenshot(page, 'fill-sign-fax-back');
    await back.getByRole('button', { name: 'Fax back', exact: true }).click();
    // The sender's number was never faxed from this desk: the guard asks first.
    await back.getByRole('button', { name: 'Fax back anyway' }).click();
    await page.getByText('Faxed back: the signed copy is in the outbox.').waitFor();
    await expect(page.locator('#fax-title').count()).resolves.toBe(1);
    // The person stays where they were; the toast offers the outbox.
    await page.getByTestId('toast').getByRole('button', { name: 'Show in the outbox' }).click();
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
  });

  it('a stamp image, a highlight, a freehand stroke and a check placed by keyboard land in the saved copy where they were put', async () => {
    const page = app.page;
    await page.getByRole('button', { name: /^Inbox/ }).click();
    await page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`).click();
    await page.getByRole('button', { name: 'Fill & sign' }).click();
    const dialog = page.getByRole('dialog', { name: /^Fill & sign FX-/ });
    await expect.poll(async () => (await page.getByTestId('fill-overlay').boundingBox())?.height ?? 0).toBeGreaterThan(400);
    // No stamp kept yet: the tool asks for an image. A damaged one is refused with its reason.
    const stampPng = encodeGrayPng({ width: 200, height: 100, pixels: new Uint8Array(200 * 100) });
    let chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Stamp', exact: true }).click();
    await (await chooser).setFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: stampPng.subarray(0, 60) });
    await dialog.getByText('This image is damaged and cannot be used as a stamp.').waitFor();
    chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose stamp image…' }).click();
    await (await chooser).setFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: stampPng });
    await dialog.getByRole('button', { name: 'Change stamp image…' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Stamp', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await clickPage(0.6, 0.8);
    await dialog.getByRole('img', { name: 'Stamp image' }).waitFor();

    const overlay = page.getByTestId('fill-overlay');
    const drag = async (points: ReadonlyArray<readonly [number, number]>) => {
      // The page is taller than its scrolling frame at 1024 × 768: the stretch of it the drag covers is scrolled to.
      const middle = points.reduce((sum, [, y]) => sum + y, 0) / Math.max(1, points.length);
      await overlay.evaluate((element, share) => {
        const frame = element.closest('.fill-page-scroll');
        if (frame) frame.scrollTop = share * element.getBoundingClientRect().height - frame.clientHeight / 2;
      }, middle);
      const box = await overlay.boundingBox();
      if (!box) throw new Error('no page');
      const [first, ...rest] = points;
      await page.mouse.move(box.x + box.width * (first?.[0] ?? 0), box.y + box.height * (first?.[1] ?? 0));
      await page.mouse.down();
      for (const [x, y] of rest) await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 5 });
      await page.mouse.up();
    };
    await dialog.getByRole('button', { name: 'Highlight', exact: true }).click();
    await expect(dialog.getByTestId('fill-hint').textContent()).resolves.toMatch(/^Drag over the words/);
    await drag([[0.1, 0.08], [0.62, 0.11]]);
    await screenshot(page, 'fill-sign-highlight-1024');
    await dialog.getByRole('button', { name: 'Draw', exact: true }).click();
    await drag([[0.55, 0.5], [0.65, 0.56], [0.75, 0.5], [0.85, 0.56]]);
    // The keyboard's way: Enter places the check in the middle of the page, arrows move it, Alt+arrows size it.
    await dialog.getByRole('button', { name: 'Check mark' }).click();
    await dialog.getByLabel('Page 1: click to place').focus();
    await page.keyboard.press('Enter');
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Alt+ArrowRight');
    // The signature again, typed this time (the keyboard's way), and placed with Enter.
    await dialog.getByRole('button', { name: 'Draw signature again…' }).click();
    const pad = page.getByRole('dialog', { name: 'Your signature' });
    await pad.getByRole('button', { name: 'Type', exact: true }).click();
    await pad.getByLabel('Your name, as it should appear').fill('Jane Q. Doe');
    await pad.getByLabel('Your name, as it should appear').press('Enter');
    await pad.waitFor({ state: 'hidden' });
    await dialog.getByLabel('Page 1: click to place').focus();
    await page.keyboard.press('Enter');
    for (let step = 0; step < 10; step += 1) await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(() => dialog.getByTestId('fill-item').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-kind')))).toEqual(['stamp', 'highlight', 'ink', 'check', 'signature']);
    const boxes = await dialog.getByTestId('fill-item').evaluateAll((nodes) =>
      nodes.map((node) => {
        const style = (node as HTMLElement).style;
        const [left, top, width, height] = [style.left, style.top, style.width, style.height].map((value) => Number.parseFloat(value) / 100) as [number, number, number, number];
        return [left, top, left + width, top + height];
      }),
    );
    const [stampBox, highlightBox, inkBox, checkBox] = boxes as Array<[number, number, number, number]>;
    const kept = (await app.harness.core.services()).fillSign.savedSignature();
    expect(kept && 'typed' in kept ? kept.typed : null).toBe('Jane Q. Doe');
    expect(highlightBox?.[0]).toBeCloseTo(0.1, 2);
    expect(highlightBox?.[2]).toBeCloseTo(0.62, 2);
    expect(checkBox?.[1]).toBeGreaterThan(0.55);
    await screenshot(page, 'fill-sign-stamp-1024');

    // The first test's copy is in the same folder, and its "saved" toast may still be showing: the new file is the one
    // that was not there before.
    const folder = app.harness.settings.get().downloadFolder;
    const before = new Set(fs.readdirSync(folder));
    await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
    await expect.poll(() => fs.readdirSync(folder).filter((name) => name.endsWith('.pdf') && !before.has(name)).length, { timeout: 30_000 }).toBe(1);
    await page.getByText('The PDF was saved.').first().waitFor();
    const added = fs.readdirSync(folder).find((name) => name.endsWith('.pdf') && !before.has(name));
    const bytes = new Uint8Array(fs.readFileSync(path.join(folder, added ?? '')));
    expect((await PDFDocument.load(bytes)).getPage(0).node.Annots()?.size() ?? 0).toBe(0);
    expect((await readBackPdf(bytes)).text[0]).toContain('Jane Q. Doe');
    const opened = await openDocumentPages('pdf', bytes, 'node_modules/pdfjs-dist/standard_fonts/');
    const image = await opened.grayPage(1);
    await opened.close();
    const grey = (x: number, y: number) => image.pixels[Math.round(y * image.height) * image.width + Math.round(x * image.width)] ?? 255;
    const darkest = (box: [number, number, number, number] | undefined) => {
      if (!box) return 255;
      let value = 255;
      for (let y = box[1]; y <= box[3]; y += 0.002) for (let x = box[0]; x <= box[2]; x += 0.002) value = Math.min(value, grey(x, y));
      return value;
    };
    // The stamp is black in the middle of its box; the highlight tints (light, not black) inside its frame; the
    // stroke and the check print black within their boxes; the paper between them is white.
    expect(grey(((stampBox?.[0] ?? 0) + (stampBox?.[2] ?? 0)) / 2, ((stampBox?.[1] ?? 0) + (stampBox?.[3] ?? 0)) / 2)).toBeLessThan(60);
    const inside = grey(0.3, ((highlightBox?.[1] ?? 0) + (highlightBox?.[3] ?? 0)) / 2 + 0.004);
    expect(inside).toBeLessThan(245);
    expect(darkest(inkBox)).toBeLessThan(100);
    expect(darkest(checkBox)).toBeLessThan(100);
    expect(grey(0.9, 0.3)).toBe(255);
    expect((await app.harness.core.services()).fillSign.savedStamp()?.width).toBe(200);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // Settings say what is kept, and forget each.
    await page.getByRole('button', { name: 'Settings' }).click();
    const keptMarks = page.getByTestId('kept-marks');
    await expect.poll(() => keptMarks.textContent()).toBe('A typed signature and a stamp image are kept on this computer (encrypted) for fill & sign.');
    await page.getByRole('button', { name: 'Forget signature' }).click();
    await page.getByRole('button', { name: 'Forget stamp image' }).click();
    await expect.poll(() => keptMarks.textContent()).toBe('No signature and no stamp image are kept on this computer (encrypted) for fill & sign.');
    const services = await app.harness.core.services();
    expect(services.fillSign.savedSignature()).toBeNull();
    expect(services.fillSign.savedStamp()).toBeNull();
  });
});
