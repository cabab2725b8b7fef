/** axe-core on the page as it is now: each violation as one line (rule, impact, the first elements it names). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((violation) => `${where}: ${violation.id} (${violation.impact ?? ''}) ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
}
