/**
 * vitest globalSetup of the e2e project: one Chromium for every e2e file. Each file's harness connects to it and
 * opens a context of its own (its own storage, locale, colour scheme and viewport), instead of starting and
 * stopping a browser of its own — one browser start for the suite instead of one per file.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumPath, quietChromiumFlags } from '../harness/harness';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: chromiumPath, headless: true, args: quietChromiumFlags });
  project.provide('e2eBrowser', server.wsEndpoint());
  return () => server.close();
}
