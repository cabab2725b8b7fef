/**
 * A batch fax's page tools in Chromium through the harness (issue 57 item 8: "the batch suggestion took 7.2 s to
 * open, thumbnails 2–4 blank at 8.5 s"). A batch of eight documents (intake's bench generator, seed 2) arrives and is
 * read on the desk; then, in the fax's detail, the click on intake's "split" button → the suggested split shown, and
 * → every page's thumbnail drawn. Once with the desk idle, and once while ten more faxes are being read (the
 * recognition process busy, as on a morning when the night's faxes come in).
 */
import type { Page } from 'playwright-core';
import { startApp, type AppFixture } from '../../test/e2e/app-fixture';
import { intakeBatch, intakeDocuments } from '../lib/intake-pages';
import { unseenPdf } from '../lib/unseen-pages';
import { timing, type Benchmark } from '../lib/metric';
import { allowKeptNames } from '../lib/page-names';

const seed = 2;

/** ms from the click on the batch's split button until the suggestion is shown and until every thumbnail is drawn. */
async function openSplit(page: Page, pages: number): Promise<{ suggestion: number; thumbnails: number }> {
  return page.evaluate(async (count) => {
    const button = document.querySelector<HTMLElement>('[data-testid=intake-batch] button');
    if (!button) throw new Error('no split button');
    const started = performance.now();
    let suggestion = 0;
    return new Promise<{ suggestion: number; thumbnails: number }>((resolve, reject) => {
      const check = () => {
        if (suggestion === 0 && document.querySelector('[data-testid=split-suggestion]')) suggestion = performance.now() - started;
        if (document.querySelectorAll('[data-testid=page-tile] canvas[data-drawn=true]').length < count || suggestion === 0) return false;
        observer.disconnect();
        resolve({ suggestion, thumbnails: performance.now() - started });
        return true;
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-drawn'] });
      setTimeout(() => reject(new Error('not drawn in 60 s')), 60_000);
      button.click();
    });
  }, pages);
}

async function send(app: AppFixture, pages: Parameters<typeof unseenPdf>[0]): Promise<string> {
  const document = await unseenPdf(pages, 'fine');
  const { json } = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: pages.length, document_base64: Buffer.from(document).toString('base64') });
  return String(json.fax_id);
}

export const batchSplit: Benchmark = {
  name: 'batch split',
  async run({ runs, log }) {
    const app = await startApp({ recognition: true, viewport: { width: 1024, height: 768 } });
    try {
      const { page } = app;
      await allowKeptNames(page);
      const services = await app.harness.core.services();
      const batch = intakeBatch(seed, 8);
      const pages = batch.flatMap((item) => item.pages);
      const batchId = await send(app, pages);
      await services.sync.runOnce();
      const started = Date.now();
      while ((services.cache.intake.get(batchId)?.parts.length ?? 0) < 2) {
        if (Date.now() - started > 180_000) throw new Error('the batch was not read in 3 minutes');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      log(`  a batch of ${String(batch.length)} documents, ${String(pages.length)} pages, read in ${String(Date.now() - started)} ms`);
      const reference = services.cache.faxes.detail(batchId)?.reference ?? '';
      await page.getByRole('searchbox').first().fill(reference);
      await page.locator(`[data-testid=fax-row][data-fax-id="${batchId}"]`).click();
      await page.getByTestId('intake-batch').waitFor();
      const measure = async (label: string) => {
        const suggestion: number[] = [];
        const thumbnails: number[] = [];
        for (let run = 0; run < runs; run += 1) {
          const times = await openSplit(page, pages.length);
          suggestion.push(times.suggestion);
          thumbnails.push(times.thumbnails);
          log(`  ${label} run ${String(run + 1)}: suggestion ${times.suggestion.toFixed(0)} ms, thumbnails ${times.thumbnails.toFixed(0)} ms`);
          await page.keyboard.press('Escape');
          await page.getByTestId('page-grid').waitFor({ state: 'detached' });
        }
        return { suggestion, thumbnails };
      };
      const idle = await measure('idle');
      // Ten more faxes arrive; the split is opened while the desk reads them.
      const more = intakeDocuments(seed, 1).slice(0, 10);
      const moreIds = await Promise.all(more.map((document) => send(app, document.pages)));
      await services.sync.runOnce();
      const busy = await measure('reading');
      const stillReading = moreIds.filter((id) => services.cache.intake.get(id) === null).length;
      log(`  faxes still being read after the busy runs: ${String(stillReading)} of ${String(moreIds.length)}`);
      const note = `a batch of ${String(batch.length)} documents, ${String(pages.length)} fine pages (seed ${String(seed)}), 1024 × 768`;
      return [
        timing('batch split: click → suggested split shown, desk idle', idle.suggestion, 'ms', { atMost: 1000 }, note),
        timing('batch split: click → every page thumbnail drawn, desk idle', idle.thumbnails, 'ms', { atMost: 2000 }, note),
        timing('batch split: click → suggested split shown, while 10 faxes are read', busy.suggestion, 'ms', { atMost: 1000 }, `${String(stillReading)} of 10 faxes still unread after the runs`),
        timing('batch split: click → every page thumbnail drawn, while 10 faxes are read', busy.thumbnails, 'ms', { atMost: 2000 }),
      ];
    } finally {
      await app.close();
    }
  },
};
