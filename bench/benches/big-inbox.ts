/**
 * A big inbox: 50,000 faxes in the encrypted cache, in Chromium through the harness. Measured inside the page:
 * - open: click on Inbox (coming from Settings) → rows and the count on screen;
 * - search: a query typed into the search box → the list shows its matches (the query runs in main, on the cache);
 * - scroll: the list scrolled fast for 3 s; the longest main-thread task (Long Tasks API) and the slowest frame.
 */
import { timing, atMost, type Benchmark } from '../lib/metric';
import { startSeededApp } from '../lib/seeded-app';
import { allowKeptNames } from '../lib/page-names';
import { openInbox, scrollFast, search } from '../lib/inbox-actions';

const count = 50_000;

export const bigInbox: Benchmark = {
  name: 'big inbox',
  async run({ runs, log }) {
    const app = await startSeededApp(count);
    try {
      const page = app.harness.page;
      await allowKeptNames(page);
      const opens: number[] = [];
      for (let run = 0; run < runs; run += 1) opens.push(await openInbox(page));
      log(`  open: ${opens.map((value) => value.toFixed(0)).join(', ')} ms`);
      const queries = ['riverside', 'lab', '5551', 'harbor imaging', 'summit', 'st. mary', 'fx-1000', 'oak'];
      const searches: number[] = [];
      for (let run = 0; run < Math.max(runs, 5); run += 1) {
        searches.push(await search(page, queries[run % queries.length] ?? 'lab'));
        await search(page, '');
      }
      log(`  search: ${searches.map((value) => value.toFixed(0)).join(', ')} ms`);
      const scrolls: Array<Awaited<ReturnType<typeof scrollFast>>> = [];
      for (let run = 0; run < runs; run += 1) {
        await page.evaluate(() => {
          const list = document.querySelector<HTMLElement>('[data-testid=fax-list]');
          if (list) list.scrollTop = 0;
        });
        scrolls.push(await scrollFast(page));
      }
      log(`  scroll: ${scrolls.map((value) => `${value.longTasks} long tasks (longest ${value.longestTask.toFixed(0)} ms), slowest frame ${value.slowestFrame.toFixed(0)} ms, ${value.rows} rows`).join('; ')}`);
      const longest = Math.max(...scrolls.map((value) => value.longestTask));
      return [
        timing('big inbox (50,000 cached): open the list', opens, 'ms', { atMost: 500 }),
        timing('big inbox: search → matches shown', searches, 'ms', { atMost: 50 }, 'typed query applied at once (no debounce); the query runs in main'),
        atMost('big inbox: longest task while scrolling fast (3 s × 5)', longest, 'ms', 50, `0 = no long task; ${String(Math.max(...scrolls.map((value) => value.longTasks)))} long tasks in the worst run; slowest frame ${Math.max(...scrolls.map((value) => value.slowestFrame)).toFixed(0)} ms`),
      ];
    } finally {
      await app.close();
    }
  },
};
