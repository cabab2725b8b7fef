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
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { eventChannelName, invokeChannelPrefix } from '../../preload/contract-kit';
import type { Core } from '../../main/core';
import { createNodeMain, type NodeMain, type NodeMainOptions } from './node-main';
import { serveRendererOnLoopback, type CspReport, type StaticServer } from './static-server';
import { decodeBytes, encodeBytes, encodeReply } from './wire';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const rendererDir = path.join(repoRoot, 'dist', 'renderer');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a closed network: no background fetches Chromium would make to Google on start. */
export const quietChromiumFlags = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
];

export interface HarnessOptions extends NodeMainOptions {
  headless?: boolean;
  /**
   * A Chromium this process launched and shares between windows (the e2e workers do): the window closes only its
   * context. Without it, the window starts a Chromium of its own and stops it with itself.
   */
  browser?: Browser;
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

let preloadBundle: Promise<string> | null = null;

function bundlePreload(names: { invoke: string; stage: string; emit: string }): Promise<string> {
  preloadBundle ??= build({
    entryPoints: [path.join(repoRoot, 'test', 'harness', 'harness-preload.ts')],
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

/** The built renderer in Chromium with `window.fax` bridged to `host`; starts the host once the page is loaded. */
export async function openRendererWindow(host: RendererHost, options: HarnessOptions): Promise<RendererWindow> {
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
    throw new Error('The renderer is not built: run `npm run build` first.');
  }
  const server: StaticServer = await serveRendererOnLoopback(rendererDir);
  const cdpPort = options.cdpPort === undefined ? null : options.cdpPort === 0 ? await freePort() : options.cdpPort;
  const shared = options.browser ?? null;
  const browser =
    shared ??
    (await chromium.launch({
      executablePath: chromiumPath,
      headless: options.headless ?? true,
      args: [...quietChromiumFlags, ...(cdpPort !== null ? [`--remote-debugging-port=${cdpPort}`, '--remote-debugging-address=127.0.0.1'] : [])],
    }));
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 820 },
    colorScheme: options.colorScheme ?? 'light',
    // The window's language is the "computer's" too (navigator.languages), as main's is.
    locale: options.systemLanguages?.[0] ?? 'en-US',
    acceptDownloads: false,
  });
  const page = await context.newPage();
  const consoleMessages: string[] = [];
  page.on('console', (message) => consoleMessages.push(message.text()));
  page.on('worker', (worker) => worker.on('console', (message) => consoleMessages.push(message.text())));

  const names = {
    invoke: `__faxInvoke_${crypto.randomBytes(6).toString('hex')}`,
    stage: `__faxStage_${crypto.randomBytes(6).toString('hex')}`,
    emit: `__faxEmit_${crypto.randomBytes(6).toString('hex')}`,
  };
  const forwardedEvents: Harness['forwardedEvents'] = [];
  const invokeReplies: unknown[] = [];
  // Mirror of the Electron sender check: only the top frame at the app's own origin may call main.
  const isTrustedFrame = (frame: { url(): string }): boolean => frame === page.mainFrame() && new URL(frame.url()).origin === server.origin;

  await page.exposeBinding(names.invoke, async (source, channel: unknown, request: unknown) => {
    if (!isTrustedFrame(source.frame)) return { ok: false, error: { kind: 'forbidden', message: 'This request did not come from the app window.' } };
    const name = typeof channel === 'string' && channel.startsWith(invokeChannelPrefix) ? channel.slice(invokeChannelPrefix.length) : '';
    const reply = await host.dispatch(name, decodeBytes(request));
    invokeReplies.push(reply);
    return encodeReply(reply, (bytes) => server.offerBlob(bytes));
  });

  const dropDir = path.join(options.userDataDir, 'harness-drops');
  await page.exposeBinding(names.stage, (source, message: unknown) => {
    if (!isTrustedFrame(source.frame)) throw new Error('untrusted frame');
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
  });

  await page.addInitScript({ content: await bundlePreload(names) });

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
      // A shared browser only loses this window's context; a browser of the window's own ends with it.
      await context.close().catch(() => undefined);
      if (!shared) await browser.close().catch(() => undefined);
      await server.close();
      await host.dispose();
    },
  };
}
