// List rows and the fax detail at the widths receptionists' screens have (1024 and 1280 px): the name or number on
// a row is readable whole (its chips give way first), and at 1024 × 768 the detail shows the document without
// scrolling. The layout test checks that nothing sticks out; this one checks that the primary text is not cut.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp({ viewport: { width: 1280, height: 800 } });
  const page = app.page;
  await page.getByTestId('fax-row').first().click();
  // The first inbound fax carries two chips (handled, received); the sent list's rows a status and more.
  await page.getByRole('button', { name: 'Mark handled' }).click();
  await page.locator('[data-testid=fax-row] .chip', { hasText: 'Handled' }).first().waitFor();
});
afterAll(async () => app.close());

/**
 * The rows whose name or number is shortened with an ellipsis, and the rows whose date column is wider than the
 * date: there the chips below took the width the name needed.
 */
async function crowdedRows(page: Page): Promise<{ truncated: string[]; widened: string[]; rows: number; chips: number }> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid=fax-row]')];
    const truncated: string[] = [];
    const widened: string[] = [];
    for (const row of rows) {
      const who = row.querySelector<HTMLElement>('.who');
      const when = row.querySelector<HTMLElement>('.when');
      if (!who || !when) continue;
      if (who.scrollWidth > who.clientWidth + 1) truncated.push(who.textContent);
      const text = document.createRange();
      text.selectNodeContents(when);
      if (when.getBoundingClientRect().width > text.getBoundingClientRect().width + 2) widened.push(who.textContent);
    }
    return { truncated, widened, rows: rows.length, chips: rows.reduce((sum, row) => sum + row.querySelectorAll('.chip').length, 0) };
  });
}

async function openView(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();
  await page.getByTestId('fax-row').first().waitFor();
}

describe('list rows keep the name readable', () => {
  it.each([1280, 1024])('at %i px, in the inbox and in the sent list', async (width) => {
    const page = app.page;
    await page.setViewportSize({ width, height: 768 });
    for (const [view, name] of [[/^Inbox/, 'inbox'], [/^Outbox/, 'sent']] as const) {
      await openView(page, view);
      // A row with its detail open next to it: the narrowest the list gets.
      await page.getByTestId('fax-row').first().click();
      await page.locator("#fax-title").waitFor();
      await screenshot(page, `rows-${name}-${String(width)}`);
      const found = await crowdedRows(page);
      expect(found.rows, name).toBeGreaterThan(3);
      expect(found.chips, name).toBeGreaterThanOrEqual(found.rows);
      expect(found.truncated, `${name} at ${String(width)} px`).toEqual([]);
      expect(found.widened, `${name} at ${String(width)} px`).toEqual([]);
    }
  });
});

describe('the fax detail at 1024 × 768', () => {
  it('shows the first page of the document without scrolling', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    await openView(page, /^Inbox/);
    await page.getByTestId('fax-row').first().click();
    const canvas = page.locator('.pdf-page canvas').first();
    await canvas.waitFor({ timeout: 20_000 });
    const box = await canvas.boundingBox();
    expect(box).not.toBeNull();
    // At least a third of the page's first view is on screen before any scrolling.
    expect(box?.y ?? 768, 'top of the document').toBeLessThan(768 - 200);
    await screenshot(page, 'detail-1024');
  });
});

describe('the inbox filters by keyboard', () => {
  it("a filter button's focus ring is drawn in full, inside the group that clips its corners", async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    await openView(page, /^Inbox/);
    const search = page.getByRole('search').getByRole('searchbox').first();
    await search.focus();
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const button = document.activeElement as HTMLElement | null;
      const group = button?.closest<HTMLElement>('.toggle-group');
      if (!button || !group) return null;
      const style = getComputedStyle(button);
      const width = Number.parseFloat(style.outlineWidth);
      const offset = Number.parseFloat(style.outlineOffset);
      const own = button.getBoundingClientRect();
      const clip = group.getBoundingClientRect();
      // The ring's outer edge: the button's box grown by the offset and the width (a negative offset draws inside).
      const grow = offset + width;
      const outer = { left: own.left - grow, right: own.right + grow, top: own.top - grow, bottom: own.bottom + grow };
      return { style: style.outlineStyle, width, inside: outer.left >= clip.left && outer.right <= clip.right && outer.top >= clip.top && outer.bottom <= clip.bottom, name: button.textContent };
    });
    expect(ring).toMatchObject({ style: 'solid', inside: true });
    expect(ring?.width).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'inbox-filter-focus');
  });
});
