// The window's minimum size (960 × 600) shows every control: each view is visited at that size, and the test
// fails when a visible element sticks out of the window horizontally, or out of a box that clips it (overflow
// hidden) — content inside a box the user can scroll is fine.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { corpusFile, dropFiles } from './drop';
import { sendFromCompose } from './send';

const minimum = { width: 960, height: 600 };
let app: AppFixture;
beforeAll(async () => {
  app = await startApp({ viewport: minimum });
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => app.close());

/**
 * Elements the user cannot see whole without scrolling sideways: sticking out of the window, cut off by a box
 * that clips (overflow hidden), or inside a box that has to be scrolled sideways.
 */
async function clippedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (element: Element, why: string): string => {
      const label = element.getAttribute('aria-label') ?? element.getAttribute('data-testid') ?? (element.textContent || '').trim().slice(0, 40);
      return `${why}: <${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ${label}`;
    };
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || element.closest('.visually-hidden')) continue;
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
        found.push(describe(element, 'scrolls sideways'));
        continue;
      }
      if (rect.right > window.innerWidth + 1 || rect.left < -1) {
        found.push(describe(element, 'outside the window'));
        continue;
      }
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') break;
        if (overflow !== 'hidden' && overflow !== 'clip') continue;
        const box = parent.getBoundingClientRect();
        if (rect.right > box.right + 1 || rect.left < box.left - 1) {
          found.push(describe(element, 'cut off'));
          break;
        }
      }
    }
    return found;
  });
}

async function expectNothingClipped(name: string): Promise<void> {
  // Once the view has settled (the preview fits its page to the pane after the first drawing): a layout that
  // still overflows after that fails.
  await expect.poll(() => clippedElements(app.page), { message: name }).toEqual([]);
  await screenshot(app.page, `min-size-${name}`);
}

describe(`every view at the minimum window size (${minimum.width} × ${minimum.height})`, () => {
  it('inbox with a fax and its preview open', async () => {
    const page = app.page;
    await page.getByTestId('fax-row').first().click();
    await page.locator('.pdf-pages .pdf-page canvas').first().waitFor({ timeout: 15_000 });
    await expectNothingClipped('inbox');
  });

  it('compose with recipients, files, the summary and the Send button', async () => {
    const page = app.page;
    await dropFiles(page, [corpusFile('calgray.pdf'), corpusFile('rotation.pdf')]);
    await page.getByTestId('file-card').nth(1).waitFor();
    const input = page.getByTestId('recipient-input');
    for (const number of ['+14155550101', '+14155550102', '+442079460958']) {
      await input.fill(number);
      await input.press('Enter');
    }
    await page.getByRole('button', { name: 'Send fax' }).scrollIntoViewIfNeeded();
    await expectNothingClipped('compose');
    await expect(page.getByRole('button', { name: 'Send fax' }).isVisible()).resolves.toBe(true);
  });

  it('outbox with every status filter and a waiting item', async () => {
    const page = app.page;
    await app.t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 503, times: 1000 });
    try {
      await sendFromCompose(page);
      await page.getByTestId('outbox-item').first().waitFor();
      await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Failed' }).click();
      await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Other' }).waitFor();
      await expectNothingClipped('outbox');
    } finally {
      await app.t.control('DELETE', '/faults');
    }
  });

  it.each([
    ['Contacts', 'contacts'],
    ['Numbers', 'numbers'],
    ['Account & usage', 'account'],
    ['Webhooks', 'webhooks'],
    ['Settings', 'settings'],
    ['About', 'about'],
  ])('%s', async (button, name) => {
    const page = app.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: new RegExp(`^${button}`) }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectNothingClipped(name);
  });
});
