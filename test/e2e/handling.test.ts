// Working through the inbox from the window: the status bar counts faxes not handled and opens them as a list;
// a fax is marked handled with a note, drops out of that list, and the count goes down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => app.close());

const listed = async (): Promise<number> => Number(/(\d+)/.exec((await app.page.getByTestId('list-summary').textContent()) ?? '')?.[1] ?? 'NaN');
const count = async (): Promise<number> => Number(/\d+/.exec((await app.page.getByTestId('not-handled').textContent()) ?? '')?.[0] ?? 'NaN');

describe('handled marks', () => {
  it('marks a received fax handled with a note; the count and the "Not handled" list follow', async () => {
    const page = app.page;
    await page.getByTestId('not-handled').waitFor();
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await page.getByTestId('not-handled').click();
    await expect.poll(() => page.getByRole('button', { name: 'Not handled', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(listed).toBe(before);
    await page.getByTestId('fax-row').first().click();
    const note = page.getByRole('textbox', { name: /^Note/ });
    await note.fill('Called back, appointment on Friday');
    await page.getByRole('button', { name: 'Mark handled' }).click();
    await page.getByRole('button', { name: 'Mark not handled' }).waitFor();
    await expect.poll(count).toBe(before - 1);
    await expect.poll(listed).toBe(before - 1);
    await screenshot(page, 'inbox-not-handled');
    const services = await app.harness.core.services();
    expect(services.faxes.notHandledCount()).toBe(before - 1);
    const marked = services.cache.faxes.list({ direction: 'inbound', offset: 0, limit: 500 }).items.filter((fax) => services.cache.handling.get(fax.id).handledAt !== null);
    expect(marked).toHaveLength(1);
    expect(services.cache.handling.get(marked[0]?.id ?? '').note).toBe('Called back, appointment on Friday');
  });

  it('sets the daily reminder’s time in Settings (kept by main)', async () => {
    const page = app.page;
    await page.locator('body').press('Control+,');
    await page.getByRole('checkbox', { name: /Remind me each day/ }).click();
    const services = await app.harness.core.services();
    await expect.poll(() => services.automation.get().reminderAt).toBe('17:00');
    const time = page.getByLabel('At', { exact: true });
    await time.fill('08:30');
    await time.blur();
    await expect.poll(() => services.automation.get().reminderAt).toBe('08:30');
  });
});
