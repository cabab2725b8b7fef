/**
 * Initial sync: 10,000 faxes on the sandbox, a fresh cache. Counts the fax-list requests of the first sync
 * (target ≤ ceil(N/100) + 2, never a 429) and times it. The connection's scope probes and the directory refresh
 * (account, contacts, numbers) happen once per connection and are reported beside it.
 */
import { connectedCore } from '../../test/helpers/connected-core';
import { startTestSandbox } from '../../test/fax-service/testkit';
import { atMost, info, timing, type Benchmark, type Metric } from '../lib/metric';
import { requestsOfKey } from '../lib/requests';

const faxCount = 10_000;

export const initialSync: Benchmark = {
  name: 'initial sync',
  async run({ runs, log }) {
    const t = await startTestSandbox();
    const durations: number[] = [];
    const listCalls: number[] = [];
    const otherCalls: number[] = [];
    let tooMany = 0;
    try {
      for (let run = 0; run < runs; run += 1) {
        const accountId = await t.account({ page_limit: 1_000_000 });
        await t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'inbound', count: faxCount * 0.6, spacing_seconds: 97 });
        await t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'outbound', count: faxCount * 0.4, spacing_seconds: 131 });
        const started = performance.now();
        const app = await connectedCore(t, { accountId, firstSyncTimeoutMs: 300_000 });
        durations.push(performance.now() - started);
        const requests = await requestsOfKey(t, accountId, app.keyId);
        const lists = requests.filter((request) => request.method === 'GET' && request.path === '/v1/faxes');
        listCalls.push(lists.length);
        otherCalls.push(requests.length - lists.length);
        tooMany += requests.filter((request) => request.status === 429).length;
        const cached = (await app.core.services()).cache.faxes.count();
        if (cached !== faxCount) throw new Error(`initial sync cached ${String(cached)} of ${String(faxCount)} faxes`);
        log(`  run ${String(run + 1)}: ${String(lists.length)} list calls, ${String(requests.length - lists.length)} other, ${(durations.at(-1) ?? 0).toFixed(0)} ms`);
        await app.close();
      }
    } finally {
      await t.close();
    }
    const limit = Math.ceil(faxCount / 100) + 2;
    const metrics: Metric[] = [
      atMost('initial sync: fax list requests (10,000 faxes)', Math.max(...listCalls), 'requests', limit, 'worst run'),
      atMost('initial sync: 429 responses', tooMany, 'responses', 0, `over ${String(runs)} runs`),
      info('initial sync: other requests (connect probes, account, contacts, numbers)', Math.max(...otherCalls), 'requests', 'once per connection, not per fax'),
      timing('initial sync: time from connect to 10,000 faxes cached', durations, 'ms', null, 'no target: bound by the API’s 120 requests/min, of which user actions keep a reserve'),
    ];
    return metrics;
  },
};
