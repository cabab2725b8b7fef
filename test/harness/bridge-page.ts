/**
 * A Chromium page made ready to carry the app: the harness's preload (the real bridge) injected before any page
 * script, and the Playwright bindings it calls, under names chosen at random for this page. The bindings forward to
 * whichever window the page currently shows (`route`): a page can carry one app, then another (window-pool.ts).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const harnessDir = path.dirname(fileURLToPath(import.meta.url));

export interface BridgeNames {
  invoke: string;
  stage: string;
  emit: string;
}

/** What the window the page shows answers: only calls from the page's top frame at `origin` reach it. */
export interface BridgeRoute {
  origin: string;
  invoke(channel: unknown, request: unknown): Promise<unknown>;
  stage(message: unknown): unknown;
}

export interface WindowSettings {
  viewport: { width: number; height: number };
  colorScheme: 'light' | 'dark';
  /** The window's language, which is the "computer's" too (navigator.languages), as main's is. */
  locale: string;
}

export interface BridgePage {
  context: BrowserContext;
  page: Page;
  names: BridgeNames;
  settings: WindowSettings;
  /** The window the page shows now; null between windows (every call is refused). */
  route: BridgeRoute | null;
}

let preloadBundle: Promise<string> | null = null;

function bundlePreload(names: BridgeNames): Promise<string> {
  preloadBundle ??= build({
    entryPoints: [path.join(harnessDir, 'harness-preload.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome140',
    define: { __FAX_HARNESS__: '__FAX_HARNESS_NAMES__' },
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return preloadBundle.then((code) => `(() => { const __FAX_HARNESS_NAMES__ = ${JSON.stringify(names)};\n${code}\n})();`);
}

const randomName = (prefix: string): string => `${prefix}_${crypto.randomBytes(6).toString('hex')}`;

/** A new context with one page, its bindings exposed and the preload injected. */
export async function openBridgePage(browser: Browser, settings: WindowSettings): Promise<BridgePage> {
  const context = await browser.newContext({ viewport: settings.viewport, colorScheme: settings.colorScheme, locale: settings.locale, acceptDownloads: false });
  const page = await context.newPage();
  const names = { invoke: randomName('__faxInvoke'), stage: randomName('__faxStage'), emit: randomName('__faxEmit') };
  const bridge: BridgePage = { context, page, names, settings, route: null };
  // Mirror of the Electron sender check: only the top frame at the app's own origin may call main.
  const routeFor = (frame: { url(): string }): BridgeRoute | null => {
    const route = bridge.route;
    return route && frame === page.mainFrame() && new URL(frame.url()).origin === route.origin ? route : null;
  };
  await page.exposeBinding(names.invoke, async (source, channel: unknown, request: unknown) => {
    const route = routeFor(source.frame);
    if (!route) return { ok: false, error: { kind: 'forbidden', message: 'This request did not come from the app window.' } };
    return route.invoke(channel, request);
  });
  await page.exposeBinding(names.stage, (source, message: unknown) => {
    const route = routeFor(source.frame);
    if (!route) throw new Error('untrusted frame');
    return route.stage(message);
  });
  await page.addInitScript({ content: await bundlePreload(names) });
  return bridge;
}
