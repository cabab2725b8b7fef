/**
 * Inbound latency: a fax arrives on the sandbox → its row is in the renderer's list. The app polls (no webhooks
 * for a desktop app behind NAT), so the bound is the poll interval plus the pass; measured with the shortest
 * interval the settings allow (10 s) at different phases of the schedule.
 */
import { startApp } from '../../test/e2e/app-fixture';
import type { Benchmark } from '../lib/metric';
import { median } from '../lib/metric';

const pollSeconds = 10;

export const inboundLatency: Benchmark = {
  name: 'inbound latency',
  async run({ runs, log }) {
    const app = await startApp();
    try {
      await app.page.locator('[data-testid=fax-row]').first().waitFor();
      const reply = await app.harness.core.dispatch('updateSettings', { pollIntervalSeconds: pollSeconds });
      if (!reply.ok) throw new Error('could not set the poll interval');
      const latencies: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        // Arrive at a different point of the poll schedule each time.
        await new Promise((resolve) => setTimeout(resolve, ((run * 3700) % (pollSeconds * 1000)) + 250));
        const started = performance.now();
        const { json } = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 1 });
        await app.page.locator(`[data-testid=fax-row][data-fax-id="${String(json.fax_id)}"]`).waitFor({ timeout: (pollSeconds + 20) * 1000 });
        latencies.push(performance.now() - started);
        log(`  run ${String(run + 1)}: ${(latencies.at(-1) ?? 0).toFixed(0)} ms`);
      }
      const limit = (pollSeconds + 1) * 1000;
      const worst = Math.max(...latencies);
      return [
        {
          metric: `inbound latency: fax arrives → row in the renderer (poll every ${String(pollSeconds)} s)`,
          value: Math.round(median(latencies)),
          unit: 'ms',
          target: `≤ ${String(limit)} (every run)`,
          pass: worst <= limit,
          runs: latencies.map(Math.round),
          min: Math.round(Math.min(...latencies)),
          max: Math.round(worst),
        },
      ];
    } finally {
      await app.close();
    }
  },
};
