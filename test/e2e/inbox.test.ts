// The inbox in Chromium: a fax arriving live, unread marks, keyboard navigation, the 100-page preview, CSV export.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
  await app.page.getByRole('button', { name: 'Settings' }).click();
  await app.page.getByLabel('Check for new faxes').selectOption('15');
  await app.page.getByRole('button', { name: /^Inbox/ }).click();
});
afterAll(async () => app.close());

describe('inbox', () => {
  it('a fax arriving on the service shows up by itself: notification event, unread mark and count', async () => {
    const page = app.page;
    // The first sync marked the last day's faxes unread; the new one adds one more.
    const before = (await app.harness.core.services()).cache.faxes.unreadInbound();
    const { json } = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 2, sender_name: 'Lakeside Dental' });
    const row = page.locator(`[data-testid=fax-row][data-fax-id="${json.fax_id}"]`);
    await row.waitFor({ timeout: 25_000 });
    await expect(row.getAttribute('class')).resolves.toContain('unread');
    await expect(row.getByRole('img', { name: 'Unread' }).count()).resolves.toBe(1);
    await expect(page.getByLabel(`${String(before + 1)} unread`).textContent()).resolves.toBe(String(before + 1));
    const notice = app.harness.forwardedEvents.find((event) => event.name === 'faxReceived');
    expect(notice?.payload).toEqual({ faxId: String(json.fax_id), from: null, pages: 2 });
    await page.getByText('A new fax arrived.').waitFor();
    // Opening it marks it read.
    await row.click();
    await page.getByRole('heading', { name: 'From Lakeside Dental' }).waitFor();
    await expect.poll(async () => (await row.getAttribute('class')) ?? '').not.toContain('unread');
    await expect(page.getByLabel(`${String(before + 1)} unread`).count()).resolves.toBe(0);
    await expect(page.getByLabel(before === 0 ? /unread/ : `${String(before)} unread`).count()).resolves.toBe(before === 0 ? 0 : 1);
  });

  it('a fax opened from "Unread" stays in it, read, until the filter changes', async () => {
    const page = app.page;
    await app.t.control('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 1, sender_name: 'Oak Family Practice' });
    await app.t.control('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 1, sender_name: 'Riverside Clinic' });
    await app.harness.core.dispatch('syncNow', undefined);
    const unread = page.getByRole('search').getByRole('button', { name: 'Unread', exact: true });
    await unread.click();
    const rows = page.getByTestId('fax-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const shown = await rows.count();
    const first = rows.nth(0);
    const firstId = await first.getAttribute('data-fax-id');
    await first.click();
    await page.locator('#fax-title').waitFor();
    // Read now (its mark gone, the count down), and still under the pointer.
    await expect.poll(async () => (await first.getAttribute('class')) ?? '').not.toContain('unread');
    expect(await rows.count()).toBe(shown);
    expect(await page.locator(`[data-testid=fax-row][data-fax-id="${String(firstId)}"]`).count()).toBe(1);
    await rows.nth(1).click();
    await expect.poll(async () => (await rows.nth(1).getAttribute('class')) ?? '').not.toContain('unread');
    expect(await rows.count()).toBe(shown);
    // The filter changed (off and on again): what was read has left the Unread list.
    await unread.click();
    await unread.click();
    await expect.poll(() => rows.count()).toBe(shown - 2);
    expect(await page.locator(`[data-testid=fax-row][data-fax-id="${String(firstId)}"]`).count()).toBe(0);
    await unread.click();
  });

  it('keyboard: ↓ and ↑ move through the list and open each fax', async () => {
    const page = app.page;
    await page.getByTestId('fax-list').focus();
    await page.keyboard.press('Home');
    const first = await page.getByTestId('fax-row').nth(0).getAttribute('data-fax-id');
    await page.keyboard.press('ArrowDown');
    const second = await page.getByTestId('fax-row').nth(1).getAttribute('data-fax-id');
    await expect.poll(() => page.locator('[data-testid=fax-row][aria-selected=true]').getAttribute('data-fax-id')).toBe(second);
    await page.keyboard.press('k');
    await expect.poll(() => page.locator('[data-testid=fax-row][aria-selected=true]').getAttribute('data-fax-id')).toBe(first);
  });

  it('a 100-page fax opens at once and pages with the keyboard; only the pages in view are drawn', async () => {
    const page = app.page;
    const { json } = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 100, sender_name: 'City Lab Services' });
    await page.getByRole('button', { name: 'Sync now' }).click();
    const row = page.locator(`[data-testid=fax-row][data-fax-id="${json.fax_id}"]`);
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await expect.poll(() => page.getByTestId('page-count').textContent(), { timeout: 15_000 }).toBe('of 100');
    await page.locator('.pdf-pages .pdf-page[data-rendered=true]').first().waitFor();
    const pages = page.getByTestId('pdf-pages');
    await pages.focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('PageDown');
    await expect.poll(() => page.getByLabel('Page number').inputValue()).toBe('6');
    await page.keyboard.press('End');
    await expect.poll(() => page.getByLabel('Page number').inputValue(), { timeout: 10_000 }).toBe('100');
    // Once the view settles, page 100 is drawn and only a few pages around it are.
    await expect.poll(() => page.locator('.pdf-pages > div:nth-child(100) .pdf-page').getAttribute('data-rendered'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => page.locator('.pdf-pages .pdf-page[data-rendered=true]').count(), { timeout: 10_000 }).toBeLessThan(10);
    await expect(page.locator('.pdf-pages > div:nth-child(1) .pdf-page').getAttribute('data-rendered')).resolves.toBe('false');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Rotate' }).click();
    await page.getByRole('button', { name: 'Fit page' }).click();
    await screenshot(page, 'inbox-100-pages-light');
  });

  it('exports the visible list as CSV into the download folder', async () => {
    const page = app.page;
    await page.getByLabel('Search inbox').fill('Lakeside');
    await expect.poll(() => page.getByTestId('list-summary').textContent()).toMatch(/^\d+ faxes match/);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText('The list was exported as CSV.').waitFor();
    const folder = app.harness.settings.get().downloadFolder;
    const file = fs.readdirSync(folder).find((name) => name.endsWith('.csv'));
    expect(file).toBeDefined();
    const lines = fs.readFileSync(path.join(folder, file ?? ''), 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('reference,id,direction,status,created_at,counterpart,recipients,pages,subject,sender_name,unread');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes('Lakeside Dental'))).toBe(true);
  });
});
