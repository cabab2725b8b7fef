/**
 * Idle polling cost: ten minutes of virtual time (the sync schedule runs on virtual timers, the requests are real)
 * with no pending outbound fax, then with 100 pending ones; requests per minute by the app's key.
 */
import { connectedCore } from '../../test/helpers/connected-core';
import { virtualTime } from '../../test/helpers/virtual-time';
import { waitUntil } from '../../test/helpers/wait';
import { onePagePdf, startTestSandbox, type TestSandbox } from '../../test/fax-service/testkit';
import { atMost, type Benchmark } from '../lib/metric';
import { requestsOfKey } from '../lib/requests';

const minutes = 10;

async function measure(t: TestSandbox, pending: number): Promise<{ perMinute: number; pendingSeen: number }> {
  const time = virtualTime(Date.now());
  const accountId = await t.account({ page_limit: 1_000_000 });
  // History up to ten minutes ago; the pending faxes are sent now.
  await t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'inbound', count: 300, spacing_seconds: 600, newest_at: new Date(Date.now() - 600_000).toISOString() });
  const app = await connectedCore(t, { accountId, extra: { now: time.now, timers: time.timers } });
  try {
    if (pending > 0) {
      // Another key of the account sends them (the rate limit is per key), as a colleague's app would.
      const sender = await t.key(accountId, ['fax:send']);
      for (let index = 0; index < pending; index += 1) {
        await t.send(sender.key, [{ name: 'to', value: `+1415555${String(4000 + index)}` }, { name: 'files', filename: 'a.pdf', content: onePagePdf }]);
      }
    }
    const services = await app.core.services();
    await services.sync.runOnce();
    const pendingSeen = services.cache.faxes.pending().length;
    const before = (await requestsOfKey(t, accountId, app.keyId)).length;
    for (let second = 0; second < minutes * 60; second += 1) {
      await time.advance(1000);
      await waitUntil(() => services.sync.state().phase, (phase) => phase !== 'syncing', { what: 'sync pass', timeoutMs: 30_000 });
    }
    const made = (await requestsOfKey(t, accountId, app.keyId)).length - before;
    return { perMinute: made / minutes, pendingSeen };
  } finally {
    await app.close();
  }
}

export const idlePolling: Benchmark = {
  name: 'idle polling',
  async run({ log }) {
    const t = await startTestSandbox();
    try {
      const idle = await measure(t, 0);
      log(`  0 pending: ${idle.perMinute.toFixed(1)} requests/min`);
      const busy = await measure(t, 100);
      log(`  ${String(busy.pendingSeen)} pending: ${busy.perMinute.toFixed(1)} requests/min`);
      return [
        atMost('idle polling: requests per minute, 0 pending (poll every 30 s, 10 virtual minutes)', idle.perMinute, 'requests/min', 2),
        atMost(`idle polling: requests per minute, ${String(busy.pendingSeen)} pending outbound faxes`, busy.perMinute, 'requests/min', 2),
      ];
    } finally {
      await t.close();
    }
  },
};
