/**
 * Pages kept for the next window: a closed window's page is emptied (about:blank) and handed, with its context, to
 * the next window of the same language and colour scheme, which then loads the app at its own origin. Measured
 * here, a new context cost Chromium ~0.5 CPU-s before its page showed anything (the browser setting the context
 * up, and the context's first renderer process starting). The page empties itself (`emptyPage`), so the blank
 * document and the next window's app stay in the renderer process the page already has (the windows' origins
 * differ only in their ports: one site).
 *
 * What one window leaves behind never reaches the next: the page's documents, storage and workers belong to the old
 * origin (each window is served at a port of its own), the viewport is set again, and a page a test changed in a
 * way that outlives a navigation — a listener of its own on the page or context, another page in the context — is
 * closed with its context instead of being kept.
 */
import type { Browser, Page } from 'playwright-core';
import { openBridgePage, type BridgePage, type WindowSettings } from './bridge-page';

export interface WindowPool {
  browser: Browser;
  acquire(settings: WindowSettings): Promise<BridgePage>;
  /** Returns the page once the window has let it go (its own listeners removed). */
  release(bridge: BridgePage): Promise<void>;
}

interface EventSource {
  eventNames(): Array<string | symbol>;
  listenerCount(event: string | symbol): number;
}

type ListenerCounts = Map<string | symbol, number>;

/** Playwright's page and context are event emitters at run time; without that shape a page is never reused. */
function asEventSource(value: unknown): EventSource | null {
  const source = value as Partial<EventSource>;
  return typeof source.eventNames === 'function' && typeof source.listenerCount === 'function' ? (source as EventSource) : null;
}

function listenerCounts(value: unknown): ListenerCounts | null {
  const source = asEventSource(value);
  return source ? new Map(source.eventNames().map((event) => [event, source.listenerCount(event)])) : null;
}

function sameCounts(a: ListenerCounts | null, b: ListenerCounts | null): boolean {
  if (!a || !b || a.size !== b.size) return false;
  for (const [event, count] of a) if (b.get(event) !== count) return false;
  return true;
}

interface Kept {
  pageListeners: ListenerCounts | null;
  contextListeners: ListenerCounts | null;
  crashed: boolean;
}

/**
 * Leaves the page on about:blank by the page's own navigation: the blank document takes the old document's origin
 * and stays in its renderer process. Navigated there from outside (page.goto), it met the app's cross-origin-opener
 * policy and got a renderer process of its own — started, the preload and Playwright's scripts compiled in it — and
 * the next window's app another. Ten windows opened and closed in turn: Chromium 8.2 → 6.4 CPU-s, 0.70 → 0.57 s a
 * window.
 */
async function emptyPage(page: Page): Promise<void> {
  if (page.url() === 'about:blank') return;
  // A page that does not get there in time (a dialog open, a script stuck) is not kept: closed instead, nothing fails.
  // eslint-disable-next-line no-restricted-syntax -- a give-up time, not a wait a test depends on
  await Promise.all([page.waitForURL('about:blank', { timeout: 5_000 }), page.evaluate(() => window.location.assign('about:blank'))]);
}

const keyOf = (settings: WindowSettings): string => `${settings.locale}\n${settings.colorScheme}`;

export function createWindowPool(browser: Browser): WindowPool {
  const free = new Map<string, BridgePage[]>();
  const kept = new WeakMap<BridgePage, Kept>();

  const reusable = (bridge: BridgePage): boolean => {
    const baseline = kept.get(bridge);
    return (
      baseline !== undefined &&
      !baseline.crashed &&
      !bridge.page.isClosed() &&
      bridge.context.pages().length === 1 &&
      sameCounts(baseline.pageListeners, listenerCounts(bridge.page)) &&
      sameCounts(baseline.contextListeners, listenerCounts(bridge.context))
    );
  };

  return {
    browser,
    async acquire(settings) {
      const bridge = free.get(keyOf(settings))?.pop();
      if (bridge) {
        await bridge.page.setViewportSize(settings.viewport);
        bridge.settings = settings;
        return bridge;
      }
      const opened = await openBridgePage(browser, settings);
      const baseline: Kept = { pageListeners: null, contextListeners: null, crashed: false };
      opened.page.on('crash', () => {
        baseline.crashed = true;
      });
      baseline.pageListeners = listenerCounts(opened.page);
      baseline.contextListeners = listenerCounts(opened.context);
      kept.set(opened, baseline);
      return opened;
    },
    async release(bridge) {
      bridge.route = null;
      if (reusable(bridge)) {
        try {
          await emptyPage(bridge.page);
          const list = free.get(keyOf(bridge.settings)) ?? [];
          list.push(bridge);
          free.set(keyOf(bridge.settings), list);
          return;
        } catch {
          // A page that cannot be emptied is not kept.
        }
      }
      await bridge.context.close().catch(() => undefined);
    },
  };
}
