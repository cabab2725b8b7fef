/**
 * Memory with a big cache: the inbox opened, searched and scrolled over 10,000 and then 50,000 cached faxes, with
 * main's core in a child process of its own (its RSS is main's alone) and the renderer in Chromium. Read after a
 * full garbage collection in both, so the figures are what the app keeps, not garbage waiting to be collected.
 * The list is virtual and every query runs in main on the encrypted cache, so neither side should hold the list:
 * both must stay flat when the cache grows fivefold.
 */
import type { Page } from 'playwright-core';
import { openInbox, scrollFast, search } from '../lib/inbox-actions';
import { atMost, info, type Benchmark, type Metric } from '../lib/metric';
import { allowKeptNames } from '../lib/page-names';
import { jsHeapMb, rendererRssMb } from '../lib/renderer-memory';
import { startSeededAppWithMainProcess } from '../lib/seeded-app';

// Targets. Main: Node's own floor is ~45 MB and SQLite, the HTTPS agent and the services add a few MB; 120 MB leaves
// room without allowing anything that grows with the cache (Electron's main adds its own ~50 MB, not measurable
// here). Renderer JS heap: React, pdf.js's API and one screen of rows fit well inside 40 MB; a heap that held 50,000
// rows would not.
const mainRssLimitMb = 120;
const rendererHeapLimitMb = 40;
const flatRatio = 1.2;

interface Reading {
  mainRssMb: number;
  mainHeapMb: number;
  rendererHeapMb: number;
  rendererRssMb: number;
}

async function useTheInbox(page: Page): Promise<void> {
  await openInbox(page);
  for (const query of ['riverside', 'lab', '5551', 'harbor imaging', 'summit']) {
    await search(page, query);
    await search(page, '');
  }
  for (let pass = 0; pass < 2; pass += 1) {
    await page.evaluate(() => {
      const list = document.querySelector<HTMLElement>('[data-testid=fax-list]');
      if (list) list.scrollTop = 0;
    });
    await scrollFast(page);
  }
}

async function readingAfterUse(count: number): Promise<Reading> {
  const app = await startSeededAppWithMainProcess(count);
  try {
    const page = app.window.page;
    await allowKeptNames(page);
    await useTheInbox(page);
    const main = await app.main.memory();
    return {
      mainRssMb: main.rssMb,
      mainHeapMb: main.heapUsedMb,
      rendererHeapMb: await jsHeapMb(page, { collectFirst: true }),
      rendererRssMb: await rendererRssMb(app.window.browser),
    };
  } finally {
    await app.close();
  }
}

export const cacheMemory: Benchmark = {
  name: 'cache memory',
  async run({ log }) {
    const small = await readingAfterUse(10_000);
    log(`  10,000 cached: main RSS ${small.mainRssMb.toFixed(1)} MB (heap ${small.mainHeapMb.toFixed(1)}), renderer JS heap ${small.rendererHeapMb.toFixed(1)} MB (RSS ${small.rendererRssMb.toFixed(1)})`);
    const big = await readingAfterUse(50_000);
    log(`  50,000 cached: main RSS ${big.mainRssMb.toFixed(1)} MB (heap ${big.mainHeapMb.toFixed(1)}), renderer JS heap ${big.rendererHeapMb.toFixed(1)} MB (RSS ${big.rendererRssMb.toFixed(1)})`);
    const mainRatio = big.mainRssMb / small.mainRssMb;
    const heapRatio = big.rendererHeapMb / small.rendererHeapMb;
    const metrics: Metric[] = [
      atMost('cache memory: main RSS, 50,000 cached, inbox opened, searched and scrolled', big.mainRssMb, 'MB', mainRssLimitMb, `V8 heap ${big.mainHeapMb.toFixed(1)} MB; main alone in a Node process`),
      atMost('cache memory: renderer JS heap, 50,000 cached, after the same', big.rendererHeapMb, 'MB', rendererHeapLimitMb, `renderer RSS ${big.rendererRssMb.toFixed(1)} MB`),
      atMost('cache memory: main RSS, 50,000 ÷ 10,000 cached', mainRatio, '×', flatRatio, `${small.mainRssMb.toFixed(1)} → ${big.mainRssMb.toFixed(1)} MB`),
      atMost('cache memory: renderer JS heap, 50,000 ÷ 10,000 cached', heapRatio, '×', flatRatio, `${small.rendererHeapMb.toFixed(1)} → ${big.rendererHeapMb.toFixed(1)} MB`),
      info('cache memory: renderer RSS, 50,000 cached', big.rendererRssMb, 'MB', `${small.rendererRssMb.toFixed(1)} MB with 10,000; Chromium's own floor included`),
    ];
    return metrics;
  },
};
