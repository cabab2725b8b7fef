// The inbox and the outbox as a user works with them: filters kept per list, "Received" whatever word the
// service uses, a new fax always in view after sending, "Checking…" for an unreadable reply, a discard that asks
// first, and request ids that stay until dismissed and can be copied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFromCompose } from './send';
import { startApp, type AppFixture } from './app-fixture';
import { corpusFile, dropFiles } from './drop';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => app.close());

/** Waits until the list's summary (its count, without the "Clear filters" button) says `expected`. */
async function summaryIs(expected: string): Promise<void> {
  const node = app.page.getByTestId('list-summary');
  await expect
    .poll(async () => ((await node.getAttribute('data-current')) === 'true' ? ((await node.textContent()) ?? '').replace('Clear filters', '') : null), { timeout: 15_000 })
    .toBe(expected);
}

async function sendOneFax(subject: string): Promise<void> {
  const page = app.page;
  await dropFiles(page, [corpusFile('empty.pdf')]);
  await page.getByRole('heading', { name: 'New fax' }).waitFor();
  await page.getByTestId('file-card').first().waitFor();
  const input = page.getByTestId('recipient-input');
  await input.fill('+14155550101');
  await input.press('Enter');
  await page.getByLabel('Subject').fill(subject);
  await sendFromCompose(page);
}

describe('inbox and outbox', () => {
  it('"Received" is every inbound fax that arrived, whatever the service calls it; the word itself is shown', async () => {
    const page = app.page;
    await app.t.control('POST', `/accounts/${app.demo.accountId}/faxes`, { direction: 'inbound', count: 1, status: 'completed', pages: 1 });
    await app.t.control('POST', `/accounts/${app.demo.accountId}/faxes`, { direction: 'inbound', count: 1, status: 'archived_by_carrier', pages: 1 });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByRole('button', { name: /^Inbox/ }).click();
    await summaryIs('27 faxes');
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Received' }).click();
    await summaryIs('27 faxes match');
    await expect(page.getByTestId('fax-row').filter({ hasText: 'completed' }).count()).resolves.toBe(1);
    await expect(page.getByTestId('fax-row').filter({ hasText: 'archived_by_carrier' }).count()).resolves.toBe(1);
  });

  it('the inbox\'s filters never narrow the outbox, and each list keeps its own', async () => {
    const page = app.page;
    await page.getByRole('button', { name: /^Outbox/ }).click();
    await summaryIs('34 faxes');
    await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Received' }).count()).resolves.toBe(0);
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Failed' }).click();
    await summaryIs('4 faxes match');
    await page.getByRole('button', { name: /^Inbox/ }).click();
    // The inbox still has its "Received" filter on, and nothing of the outbox's.
    await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Received' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Failed' }).getAttribute('aria-pressed')).resolves.toBe('false');
    // A date typed only in part is cleared with the rest (it was in no filter, only in its field).
    // The dates wait behind one summary: one Tab stop, not eight (three segments and a calendar button each).
    const dates = page.getByTestId('date-filter').locator('summary');
    await dates.focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).resolves.not.toBe('date');
    await dates.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('From date');
    const from = page.getByLabel('From date');
    await from.click();
    await page.keyboard.type('03');
    await expect(from.evaluate((input: HTMLInputElement) => input.validity.badInput)).resolves.toBe(true);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('From date').evaluate((input: HTMLInputElement) => input.validity.badInput)).resolves.toBe(false);
    await summaryIs('27 faxes');
  });

  it('after sending, the outbox shows the new fax even when its filters would hide it', async () => {
    const page = app.page;
    await page.getByRole('button', { name: /^Outbox/ }).click();
    await page.getByLabel('Search outbox & sent').fill('nothing like this');
    await summaryIs('0 faxes match');
    await sendOneFax('Lab results for review');
    await expect(page.getByLabel('Search outbox & sent').inputValue()).resolves.toBe('');
    await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Failed' }).getAttribute('aria-pressed')).resolves.toBe('false');
    await page.getByTestId('fax-row').filter({ hasText: 'Lab results for review' }).waitFor({ timeout: 15_000 });
  });

  it('an unreadable reply to the send shows "Checking…"; discarding it asks first, saying it may be on its way', async () => {
    const page = app.page;
    await app.t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 202, times: 1000, garble: 'html' });
    try {
      await sendOneFax('Maybe on its way');
      const item = page.getByTestId('outbox-item').filter({ hasText: 'Maybe on its way' });
      await expect.poll(() => item.getAttribute('data-checking'), { timeout: 15_000 }).toBe('true');
      await expect.poll(() => item.locator('.chip').textContent()).toBe('Checking…');
      await expect(item.textContent()).resolves.toMatch(/not known yet whether it accepted the fax/);
      await expect(item.textContent()).resolves.not.toMatch(/Not sent/);
      await item.getByRole('button', { name: 'Discard' }).click();
      const dialog = page.getByRole('dialog', { name: 'Discard a fax that may already be on its way?' });
      await dialog.waitFor();
      await expect(dialog.textContent()).resolves.toMatch(/may already be on its way to the recipients/);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(item.count()).resolves.toBe(1);
      await item.getByRole('button', { name: 'Discard' }).click();
      await page.getByRole('button', { name: 'Discard anyway' }).click();
      await expect.poll(() => item.count()).toBe(0);
    } finally {
      await app.t.control('DELETE', '/faults');
    }
    // The fax did reach the service: after a sync it is in the sent list like any other.
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByTestId('fax-row').filter({ hasText: 'Maybe on its way' }).waitFor({ timeout: 15_000 });
  });

  it('a message with a request id stays until dismissed, and its id can be copied', async () => {
    const page = app.page;
    await app.t.control('POST', '/faults', { method: 'GET', path: '/faxes/*/pdf', status: 500, times: 10 });
    try {
      await page.getByRole('button', { name: /^Inbox/ }).click();
      await page.getByTestId('fax-row').first().click();
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Save PDF' }).click();
      const toast = page.getByTestId('toast').filter({ hasText: 'Request id' }).first();
      await toast.waitFor({ timeout: 15_000 });
      await expect(toast.getAttribute('data-sticky')).resolves.toBe('true');
      const id = (await toast.locator('code').textContent()) ?? '';
      expect(id).toMatch(/^req_/);
      await toast.getByRole('button', { name: `Copy request id ${id}` }).click();
      await expect.poll(() => app.harness.desktop.clipboard()).toBe(id);
      const sticky = page.getByTestId('toast').filter({ hasText: 'Request id' });
      const before = await sticky.count();
      await toast.getByRole('button', { name: 'Dismiss' }).click();
      await expect.poll(() => sticky.count()).toBe(before - 1);
    } finally {
      await app.t.control('DELETE', '/faults');
    }
  });
});
