/**
 * One Chromium per e2e worker, launched by the worker itself on first use and shared by every file the worker runs
 * (the e2e project shares modules between files: `isolate: false`). Each window takes a page of its own from the
 * worker's pool (its own context: storage, language, colour scheme) and gives it back when it closes, so the next
 * window of that language does not pay for a new context (test/harness/window-pool.ts); the browser ends with the
 * worker (it watches the pipe Playwright launched it with).
 *
 * One browser for the whole suite (a `launchServer` in vitest's main process) sent every Playwright call through
 * a WebSocket to that process and on to Chromium: a third of the main process's CPU in the e2e files went into
 * that hop. With a browser of the worker's own, the calls stay in the worker.
 */
import { chromium } from 'playwright-core';
import { chromiumPath, quietChromiumFlags } from '../harness/harness';
import { createWindowPool, type WindowPool } from '../harness/window-pool';

let pool: Promise<WindowPool> | null = null;

export function workerWindows(): Promise<WindowPool> {
  pool ??= chromium.launch({ executablePath: chromiumPath, headless: true, args: quietChromiumFlags }).then(createWindowPool);
  return pool;
}

/** Closes the worker's browser, if one was launched: for a process that ends on its own (the benches), not a test worker. */
export async function closeWorkerWindows(): Promise<void> {
  const launched = pool;
  pool = null;
  if (launched) await (await launched).browser.close();
}
