/**
 * Polling cost in requests per minute by the app's key, in each state, on virtual time (the sync schedule runs
 * on virtual timers; the requests are real): hidden and idle; in use (window visible and focused) and idle; with
 * 1 and with 20 outbound faxes in flight (the app's own sends that the service has not finished). Sync may use
 * at most a fifth of the API's 120 requests a minute in any state; hidden and idle it stays at ≤ 2.
 */
import { connectedCore } from '../../test/helpers/connected-core';
import { virtualTime, type VirtualTime } from '../../test/helpers/virtual-time';
import { waitUntil } from '../../test/helpers/wait';
import { startTestSandbox, type TestSandbox } from '../../test/fax-service/testkit';
import { atMost, type Benchmark } from '../lib/metric';
import { requestsOfKey } from '../lib/requests';

const minutes = 5;

type State = 'hidden idle' | 'in use idle' | '1 in flight' | '20 in flight';

async function measure(t: TestSandbox, state: State): Promise<number> {
  const time: VirtualTime = virtualTime(Date.now());
  const accountId = await t.account({ page_limit: 1_000_000 });
  await t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'inbound', count: 300, spacing_seconds: 600, newest_at: new Date(Date.now() - 600_000).toISOString() });
  const app = await connectedCore(t, { accountId, extra: { now: time.now, timers: time.timers } });
  try {
    const services = await app.core.services();
    if (state === 'in use idle') await app.call('reportPresence', { visible: true, focused: true });
    const inFlight = state === '1 in flight' ? 1 : state === '20 in flight' ? 20 : 0;
    for (let index = 0; index < inFlight; index += 1) {
      services.cache.faxes.recordSent({ id: String(900_000 + index), reference: null, status: 'sending', pages: 1, recipients: [{ to: '+14155550100', name: null, status: 'sending', error: null, reason: null }], subject: null, submissionId: `bench-${String(index)}` });
    }
    if (inFlight > 0) services.sync.expedite();
    const before = (await requestsOfKey(t, accountId, app.keyId)).length;
    for (let second = 0; second < minutes * 60; second += 1) {
      await time.advance(1000);
      await waitUntil(() => services.sync.state().phase, (phase) => phase !== 'syncing', { what: 'sync pass', timeoutMs: 30_000 });
    }
    return ((await requestsOfKey(t, accountId, app.keyId)).length - before) / minutes;
  } finally {
    await app.close();
  }
}

export const polling: Benchmark = {
  name: 'polling',
  async run({ log }) {
    const t = await startTestSandbox();
    try {
      const states: Array<[State, number, string]> = [
        ['hidden idle', 2, 'poll every 30 s'],
        ['in use idle', 24, 'a pass every 4 s'],
        ['1 in flight', 24, 'every 2.5 s while it changes, slower while it does not'],
        ['20 in flight', 24, 'one list call covers them all'],
      ];
      const metrics = [];
      for (const [state, limit, note] of states) {
        const perMinute = await measure(t, state);
        log(`  ${state}: ${perMinute.toFixed(1)} requests/min`);
        metrics.push(atMost(`polling: requests per minute, ${state} (${String(minutes)} virtual minutes)`, perMinute, 'requests/min', limit, note));
      }
      return metrics;
    } finally {
      await t.close();
    }
  },
};
