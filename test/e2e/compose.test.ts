// Composing in Chromium: files dropped with a real DataTransfer, recipients typed and picked, limits enforced with
// specific messages, and a fax to three recipients (one busy) ending "partly delivered" with the reasons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { corpusFile, dropFiles } from './drop';
import { addRecipient, sendFromCompose } from './send';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => app.close());

async function clearCompose(): Promise<void> {
  const page = app.page;
  await page.getByRole('button', { name: 'New fax' }).click();
  const remove = page.getByRole('button', { name: /^Remove / });
  while ((await remove.count()) > 0) await remove.first().click();
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  if (await dismiss.isVisible()) await dismiss.click();
}

describe('compose', () => {
  it('files dropped anywhere on the window are checked, counted and shown as thumbnails', async () => {
    const page = app.page;
    await dropFiles(page, [corpusFile('calgray.pdf'), corpusFile('rotation.pdf')]);
    await page.getByRole('heading', { name: 'New fax' }).waitFor();
    await page.getByTestId('file-card').nth(1).waitFor();
    await page.locator('[data-testid=thumbnail][data-state=done]').nth(1).waitFor();
    await expect(page.getByTestId('pages-per-recipient').textContent()).resolves.toBe('5');
  });

  it('sends to three recipients, one busy: upload progress, outbox, then "partly delivered" with the reasons', async () => {
    const page = app.page;
    await addRecipient(app.page, '+1 415 555 0101');
    await addRecipient(app.page, 'Busy Line Associates <+14155550486>');
    // …and one picked from the address book by name.
    const input = page.getByTestId('recipient-input');
    await input.fill('Carla');
    await page.getByRole('option', { name: /Carla Diaz/ }).click();
    await expect(page.getByTestId('recipient-chip').count()).resolves.toBe(3);
    await expect(page.getByTestId('pages-total').textContent()).resolves.toBe('15');
    await expect(page.getByTestId('allowance').textContent()).resolves.toMatch(/314 pages remain this cycle; 299 after this fax/);
    await page.getByLabel('Subject').fill('Referral <img src=x onerror=alert(1)>');
    await screenshot(page, 'compose-ready-light');
    await sendFromCompose(page);
    // The send went through the outbox (upload progress was reported to the renderer).
    await expect.poll(() => app.harness.forwardedEvents.filter((event) => event.name === 'uploadProgress').length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => app.harness.forwardedEvents.some((event) => event.name === 'outboxChanged' && JSON.stringify(event.payload).includes('"accepted"')), { timeout: 15_000 }).toBe(true);
    // The carrier finishes; the app learns it on its next sync.
    await app.t.advance(60);
    await page.getByRole('button', { name: 'Sync now' }).click();
    // "2/3 delivered" takes the place of "Partly delivered" on the row (which is its tooltip).
    const row = page.getByTestId('fax-row').filter({ hasText: '2/3 delivered' });
    await row.waitFor({ timeout: 15_000 });
    await expect(row.getByTestId('row-delivered').getAttribute('title')).resolves.toBe('Partly delivered');
    await row.click();
    const busy = page.getByTestId('recipient-row').filter({ hasText: '+14155550486' });
    await busy.waitFor();
    await expect(busy.textContent()).resolves.toContain('The line was busy. Try again in a few minutes.');
    await expect(page.getByTestId('recipient-row').filter({ hasText: 'Delivered' }).count()).resolves.toBe(2);
    await expect(page.getByRole('button', { name: /Resend to failed \(1\)/ }).isVisible()).resolves.toBe(true);
    // Fax fields with markup are shown as text, never run.
    await expect(page.getByText('Referral <img src=x onerror=alert(1)>').first().isVisible()).resolves.toBe(true);
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
    await screenshot(page, 'outbox-partial-light');
  });

  it('every limit has its own message: 21st recipient, invalid number, 21st file, 26 MB file, wrong type, nothing to send', async () => {
    const page = app.page;
    await clearCompose();
    // Nothing to send.
    await addRecipient(app.page, '+14155550100');
    await expect(page.getByTestId('send-blocker').textContent()).resolves.toBe('Nothing to send: add a file, or choose a cover sheet to send it alone.');
    await expect(page.getByRole('button', { name: 'Send fax' }).isDisabled()).resolves.toBe(true);
    // Invalid number, as you type and once added.
    const input = page.getByTestId('recipient-input');
    await input.fill('415 555');
    await expect(page.getByText('Add the country code with a leading + (e.g. +1 415 555 0100).').first().isVisible()).resolves.toBe(true);
    await input.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: '“415 555”' }).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Remove 415 555' }).click();
    // The 21st recipient, from a pasted list of 21.
    const list = Array.from({ length: 21 }, (_, index) => `+1415555${String(2000 + index)}`).join('\n');
    await input.focus();
    await page.evaluate((text) => {
      const target = document.querySelector<HTMLInputElement>('[data-testid=recipient-input]');
      const data = new DataTransfer();
      data.setData('text/plain', text);
      target?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, list);
    await expect(page.getByTestId('recipient-chip').count()).resolves.toBe(20);
    await expect(page.getByTestId('compose-problems').textContent()).resolves.toContain('A fax can go to at most 20 recipients: “+14155552019” was not added.');
    // The 21st file, a 26 MB file, a file that is not a faxable type.
    await dropFiles(page, Array.from({ length: 21 }, (_, index) => ({ ...corpusFile('empty.pdf'), name: `page-${index + 1}.pdf` })));
    await page.getByTestId('file-card').nth(19).waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('compose-problems').textContent()).resolves.toContain('A fax can carry at most 20 files: “page-21.pdf” was not added.');
    await page.getByRole('button', { name: 'Remove page-20.pdf' }).click();
    await page.getByRole('button', { name: 'Remove page-19.pdf' }).click();
    await dropFiles(page, [{ name: 'scan.pdf', type: 'application/pdf', size: 26_000_000 }, { name: 'letter.pdf', type: 'application/pdf', bytes: Buffer.from('Dear doctor, this is plain text.') }]);
    const problems = page.getByTestId('compose-problems');
    await expect.poll(async () => (await problems.textContent()) ?? '', { timeout: 15_000 }).toContain('“letter.pdf” is not a PDF, Word (DOCX), JPG, PNG or TIFF file');
    await expect(problems.textContent()).resolves.toContain('“scan.pdf” is 26.0 MB; the Fax Service accepts at most 25.0 MB per file.');
    await screenshot(page, 'compose-limits-light');
  });

  it('the draft survives: it is restored after the window reloads', async () => {
    const page = app.page;
    await clearCompose();
    await addRecipient(app.page, '+14155550177');
    await page.getByLabel('Subject').fill('Keep me');
    await dropFiles(page, [corpusFile('hello_world_rotated.pdf')]);
    await page.getByTestId('file-card').first().waitFor();
    // Main holds the draft (saved as the user typed) before the window goes away.
    const drafts = (await app.harness.core.services()).drafts;
    await expect.poll(async () => (await drafts.get())?.files.length ?? 0).toBe(1);
    await expect.poll(async () => (await drafts.get())?.subject).toBe('Keep me');
    await page.reload();
    await page.getByRole('button', { name: 'New fax' }).click();
    // The window reads the draft back from main after the reload: wait for it (a loaded machine takes longer).
    await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe('Keep me');
    await expect.poll(() => page.getByTestId('recipient-chip').textContent()).toContain('+14155550177');
    await expect.poll(() => page.getByTestId('file-card').count()).toBe(1);
    await page.locator('[data-testid=thumbnail][data-state=done]').first().waitFor();
  });

  it('the cover sheet is chosen by name from the account’s list, and goes with the fax as its id', async () => {
    const page = app.page;
    await clearCompose();
    // The account is read again so its cover sheets are known (the Account view does it).
    await page.getByRole('button', { name: 'Account & usage' }).click();
    await page.getByRole('button', { name: 'New fax' }).click();
    const cover = page.getByTestId('cover-sheet');
    await expect.poll(() => cover.locator('option').allTextContents()).toEqual(['None', 'Standard (confidential)', 'Referral']);
    await cover.selectOption({ label: 'Referral' });
    await addRecipient(page, '+1 415 555 0103');
    await sendFromCompose(page);
    // The outbox hands the fax to the service in the background: the newest outbound fax is this one once it has.
    const newestCover = async (): Promise<string | null> => {
      const sent = (await app.t.api(app.demo.apiKey, 'GET', '/faxes?direction=outbound&limit=1')).json as { data: { data: Array<{ id: number }> } };
      const id = sent.data.data[0]?.id ?? 0;
      const record = app.t.sandbox.db.prepare('SELECT cover_id FROM faxes WHERE id = ?').get(id) as { cover_id: string | null } | undefined;
      return record?.cover_id ?? null;
    };
    await expect.poll(newestCover, { timeout: 15_000 }).toBe(app.demo.coverIds[1]);
  });
});

