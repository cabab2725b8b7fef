/**
 * Pre-flight of a 100-page scanned fax: every page drawn at 204 × 196 dpi and measured by main's render worker,
 * asked for 4 pages at a time as compose does. Reported: the time per page and for the whole file, and main's
 * event-loop delay meanwhile (the worker keeps it free: the window and uploads are served as usual).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLogger } from '../../main/log/logger';
import { createStaging } from '../../main/compose/staging';
import { createPageRenderer, sourcePageRendererLocation } from '../../main/pages/page-renderer';
import { createPreflightService } from '../../main/preflight/preflight-service';
import { bigFaxPdf } from '../lib/big-pdf';
import { atMost, info, timing, type Benchmark } from '../lib/metric';

const pageCount = 100;

export const preflight: Benchmark = {
  name: 'preflight',
  async run({ runs, log }) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-preflight-'));
    const logger = createLogger({ sinks: [] });
    const fileKey = crypto.randomBytes(32);
    const staging = createStaging({ dataDir: root, fileKey, log: logger });
    const pages = createPageRenderer(sourcePageRendererLocation(), logger);
    const service = createPreflightService({ staging, pages, fileKey });
    try {
      const file = path.join(root, 'scan.pdf');
      fs.writeFileSync(file, await bigFaxPdf(pageCount));
      const { staged } = await staging.stage([file]);
      const id = staged[0]?.id ?? '';
      await service.pages(id, 1, 1); // the worker started and pdf.js loaded, as after the first file
      const totals: number[] = [];
      let worstDelayMs = 0;
      for (let run = 0; run < Math.min(runs, 3); run += 1) {
        const delay = monitorEventLoopDelay({ resolution: 10 });
        delay.enable();
        const started = performance.now();
        for (let from = 1; from <= pageCount; from += 4) await service.pages(id, from, 4);
        totals.push(performance.now() - started);
        delay.disable();
        worstDelayMs = Math.max(worstDelayMs, delay.max / 1e6);
        log(`  run ${String(run + 1)}: ${(totals.at(-1) ?? 0).toFixed(0)} ms, main's event loop delayed at most ${(delay.max / 1e6).toFixed(1)} ms`);
      }
      const perPage = totals.map((total) => total / pageCount);
      return [
        timing('pre-flight: time per page (100-page scan, 204 × 196 dpi)', perPage, 'ms', { atMost: 250 }, 'what a page costs the render worker; compose shows progress'),
        info('pre-flight: whole 100-page scan', totals.reduce((a, b) => a + b, 0) / totals.length, 'ms'),
        atMost('pre-flight: main event-loop delay while checking', worstDelayMs, 'ms', 50, 'the drawing runs in a worker thread'),
      ];
    } finally {
      await pages.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  },
};
