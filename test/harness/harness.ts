/**
 * The browser harness: the real main-process core in this Node process, the built renderer in Chromium
 * (playwright-core, Debian's /usr/bin/chromium), and `window.fax` installed with the real bridge over
 * Playwright bindings. The renderer cannot tell it from Electron; e2e tests and the demo fallback use it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { eventChannelName, invokeChannelPrefix } from '../../preload/contract-kit';
import type { Core } from '../../main/core';
import { openBridgePage, type BridgePage, type WindowSettings } from './bridge-page';
import { createNodeMain, type NodeMain, type NodeMainOptions } from './node-main';
import { serveRendererOnLoopback, type CspReport, type StaticServer } from './static-server';
import type { WindowPool } from './window-pool';
import { decodeBytes, encodeBytes, encodeReply } from './wire';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const rendererDir = path.join(repoRoot, 'dist', 'renderer');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright turns off at every launch (its chromiumSwitches), repeated: Chromium keeps only the last
 * --disable-features switch, so ours carries theirs. test/e2e/chromium-flags.test.ts fails when Playwright's list
 * gains a name this one lacks.
 */
export const playwrightDisabledFeatures: readonly string[] = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's popup: headless Chromium loads it as WebUI pages in a renderer of their own for each new window
 * (~0.7 CPU-s each, ~12 CPU-s of an e2e run), though a harness window has no address bar to show it under.
 */
export const omniboxPopupFeatures: readonly string[] = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/** Flags for a closed network (no background fetches Chromium would make to Google on start), and no browser UI work. */
export const quietChromiumFlags = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
  `--disable-features=${[...playwrightDisabledFeatures, ...omniboxPopupFeatures].join(',')}`,
];

export interface HarnessOptions extends NodeMainOptions {
  headless?: boolean;
  /**
   * Pages of a Chromium this process launched and shares between windows (the e2e workers do): the window takes a
   * page from it and gives it back when it closes. Without it, the window starts a Chromium of its own and stops
   * it with itself.
   */
  windows?: WindowPool;
  /** Opens Chromium's DevTools protocol on this port so an outside Playwright can connectOverCDP. */
  cdpPort?: number;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

/** What the renderer needs of main: the core in this process, or one in a child process (benchmarks of main's memory). */
export interface RendererHost {
  dispatch: Core['dispatch'];
  rendererEvents: Core['rendererEvents'];
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export interface RendererWindow {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  origin: string;
  cdpUrl: string | null;
  /** Every event forwarded to the renderer, in order (tests inspect what crossed the bridge). */
  forwardedEvents: Array<{ name: string; payload: unknown }>;
  /** Every invoke reply returned to the renderer. */
  invokeReplies: unknown[];
  /** Every Content-Security-Policy violation Chromium reported (page and workers). */
  cspReports: CspReport[];
  /** Every console message of the page and its workers, as text. */
  consoleMessages: string[];
  close(): Promise<void>;
}

export type Harness = NodeMain & RendererWindow;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The dropped file's own name as far as this OS allows it (Linux keeps `<`, `>` and quotes: tests rely on that). */
function safeDropName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).replace(process.platform === 'win32' ? /[\0<>:"|?*]/g : /\0/g, '_');
  return base === '' || base === '.' || base === '..' ? 'file' : base;
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const nodeMain = createNodeMain(options);
  const window = await openRendererWindow(nodeMain.core, options);
  return { ...nodeMain, ...window };
}

/** A page for the window: from the pool when there is one, else in a Chromium of the window's own. */
async function pageForWindow(options: HarnessOptions, settings: WindowSettings, cdpPort: number | null): Promise<{ bridge: BridgePage; browser: Browser; letGo(): Promise<void> }> {
  const pool = options.windows;
  if (pool) {
    const bridge = await pool.acquire(settings);
    return { bridge, browser: pool.browser, letGo: () => pool.release(bridge) };
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: options.headless ?? true,
    args: [...quietChromiumFlags, ...(cdpPort !== null ? [`--remote-debugging-port=${cdpPort}`, '--remote-debugging-address=127.0.0.1'] : [])],
  });
  const bridge = await openBridgePage(browser, settings);
  return { bridge, browser, letGo: () => browser.close().catch(() => undefined) };
}

/** The built renderer in Chromium with `window.fax` bridged to `host`; starts the host once the page is loaded. */
export async function openRendererWindow(host: RendererHost, options: HarnessOptions): Promise<RendererWindow> {
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
    throw new Error('The renderer is not built: run `npm run build` first.');
  }
  const server: StaticServer = await serveRendererOnLoopback(rendererDir);
  const cdpPort = options.cdpPort === undefined ? null : options.cdpPort === 0 ? await freePort() : options.cdpPort;
  const settings: WindowSettings = {
    viewport: options.viewport ?? { width: 1280, height: 820 },
    colorScheme: options.colorScheme ?? 'light',
    locale: options.systemLanguages?.[0] ?? 'en-US',
  };
  const { bridge, browser, letGo } = await pageForWindow(options, settings, cdpPort);
  const { context, page, names } = bridge;
  const consoleMessages: string[] = [];
  const onConsole = (message: { text(): string }): void => {
    consoleMessages.push(message.text());
  };
  const onWorker = (worker: { on(event: 'console', listener: (message: { text(): string }) => void): unknown }): void => {
    worker.on('console', onConsole);
  };
  page.on('console', onConsole);
  page.on('worker', onWorker);

  const forwardedEvents: Harness['forwardedEvents'] = [];
  const invokeReplies: unknown[] = [];
  const dropDir = path.join(options.userDataDir, 'harness-drops');
  bridge.route = {
    origin: server.origin,
    async invoke(channel, request) {
      const name = typeof channel === 'string' && channel.startsWith(invokeChannelPrefix) ? channel.slice(invokeChannelPrefix.length) : '';
      const reply = await host.dispatch(name, decodeBytes(request));
      invokeReplies.push(reply);
      return encodeReply(reply, (bytes) => server.offerBlob(bytes));
    },
    stage(message) {
      const { token, name, chunk } = decodeBytes(message) as { token: string; name: string; chunk: Uint8Array };
      let target = token;
      if (target === '') {
        const folder = path.join(dropDir, crypto.randomBytes(8).toString('hex'));
        fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
        target = path.join(folder, safeDropName(name));
        fs.writeFileSync(target, chunk, { mode: 0o600 });
      } else {
        if (!target.startsWith(dropDir + path.sep)) throw new Error('bad token');
        fs.appendFileSync(target, chunk);
      }
      return target;
    },
  };

  let eventQueue = Promise.resolve();
  const unsubscribe = host.rendererEvents.subscribe((name, payload) => {
    forwardedEvents.push({ name, payload });
    eventQueue = eventQueue
      .then(() => page.evaluate(([emit, channel, data]) => {
        (window as unknown as Record<string, (c: unknown, p: unknown) => void>)[emit]?.(channel, data);
      }, [names.emit, eventChannelName(name), encodeBytes(payload)] as const))
      .catch(() => undefined);
  });

  await page.goto(`${server.origin}/index.html`);
  await host.start();

  let closed = false;
  return {
    browser,
    context,
    page,
    origin: server.origin,
    cdpUrl: cdpPort !== null ? `http://127.0.0.1:${cdpPort}` : null,
    forwardedEvents,
    invokeReplies,
    cspReports: server.cspReports,
    consoleMessages,
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      page.off('console', onConsole);
      page.off('worker', onWorker);
      await letGo();
      await server.close();
      await host.dispose();
    },
  };
}
