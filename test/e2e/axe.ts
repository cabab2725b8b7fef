/**
 * axe-core on the page as it is now: each violation as one line (rule, impact, the first elements it names).
 *
 * axe runs in the page itself, injected once per loaded document. @axe-core/playwright's `analyze()` (used
 * before) injected axe's 550 KB into the page on every call, then opened a second page, injected it there too and
 * handed it every rule's results to finish the run — for frames, which the app's window does not have. That cost
 * about 0.7 CPU-s of Chromium and the test's worker per audit, for the same violations. Should the window ever
 * hold a frame, the audit stops with a message instead of skipping it.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

interface Violation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: unknown[] }>;
}

export async function axeViolations(page: Page, where: string): Promise<string[]> {
  if (page.frames().length > 1) throw new Error(`${where}: the window holds a frame; axeViolations audits the top document only — make it audit frames too`);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axe.source);
  // Only the violations come back: the other result types are counted by axe but not carried over the protocol.
  const violations = await page.evaluate(async (): Promise<Violation[]> => {
    const injected = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await injected.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact ?? null, nodes: violation.nodes.map((node) => ({ target: node.target })) }));
  });
  return violations.map((violation) => `${where}: ${violation.id} (${violation.impact ?? ''}) ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
}
