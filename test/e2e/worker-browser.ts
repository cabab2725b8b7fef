/**
 * One Chromium per e2e worker, launched by the worker itself on first use and shared by every file the worker runs
 * (the e2e project shares modules between files: `isolate: false`). Each window is a context of its own (its own
 * storage, locale, colour scheme and viewport), closed with its window; the browser ends with the worker (it
 * watches the pipe Playwright launched it with).
 *
 * One browser for the whole suite (a `launchServer` in vitest's main process) sent every Playwright call through
 * a WebSocket to that process and on to Chromium: a third of the main process's CPU in the e2e files went into
 * that hop. With a browser of the worker's own, the calls stay in the worker.
 */
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath, quietChromiumFlags } from '../harness/harness';

let launched: Promise<Browser> | null = null;

export function workerBrowser(): Promise<Browser> {
  launched ??= chromium.launch({ executablePath: chromiumPath, headless: true, args: quietChromiumFlags });
  return launched;
}
