/**
 * The renderer's memory as the OS sees it: Chromium names its processes over the browser's DevTools protocol
 * (SystemInfo.getProcessInfo); their resident set is read from /proc. Plus the page's JS heap (Performance
 * metrics). Sampling runs in the background while a benchmark works, and keeps the peak.
 */
import fs from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright-core';

function residentMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? '0');
    return kb / 1024;
  } catch {
    return 0;
  }
}

export async function rendererRssMb(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
    return Math.max(0, ...processInfo.filter((process) => process.type === 'renderer').map((process) => residentMb(process.id)));
  } finally {
    await session.detach();
  }
}

/** The page's used JS heap in MB; with `collectFirst`, after a full garbage collection (what the page keeps). */
export async function jsHeapMb(page: Page, options: { collectFirst?: boolean } = {}): Promise<number> {
  const session: CDPSession = await page.context().newCDPSession(page);
  try {
    if (options.collectFirst === true) await session.send('HeapProfiler.collectGarbage');
    await session.send('Performance.enable');
    const { metrics } = await session.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024;
  } finally {
    await session.detach();
  }
}

/** Samples the renderer's RSS (and, with a page, its JS heap) every `everyMs` until stopped; resolves with the peaks. */
export function samplePeakRss(browser: Browser, everyMs = 50, page?: Page): { stop(): Promise<number>; heapPeak(): number } {
  let peak = 0;
  let heap = 0;
  const state = { running: true };
  const loop = (async () => {
    while (state.running) {
      peak = Math.max(peak, await rendererRssMb(browser));
      if (page) heap = Math.max(heap, await jsHeapMb(page).catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      state.running = false;
      await loop;
      return peak;
    },
    heapPeak: () => heap,
  };
}
