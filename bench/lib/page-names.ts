/**
 * tsx compiles with esbuild's keepNames, which wraps functions declared inside page.evaluate callbacks in a
 * `__name(...)` helper that does not exist in the page. Define it there (now and on every navigation).
 */
import type { Page } from 'playwright-core';

const definition = 'globalThis.__name = (value) => value;';

export async function allowKeptNames(page: Page): Promise<void> {
  await page.addInitScript({ content: definition });
  await page.evaluate(definition);
}
