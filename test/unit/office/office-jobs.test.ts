// Holding an office lease while a job runs: it is renewed every third of its length, so it never runs out under a
// desk that works; a renewal that finds it taken, or none for a whole lease, says the desk no longer surely holds
// it. And the promise to offices: a job a killed desk held is another desk's within two minutes.
import { describe, expect, it } from 'vitest';
import { holdingLease, officeLeaseMs, type OfficeJobs } from '../../../main/office/office-jobs';
import { anotherDeskWaitMs } from '../../../main/office/rules/inbound-rules';
import { virtualTime } from '../../helpers/virtual-time';

function jobs(renewals: Array<boolean | 'unreachable'>): OfficeJobs & { renewed: number } {
  const fake = {
    renewed: 0,
    take: () => Promise.resolve({ turn: 'mine' as const, target: null }),
    name: () => Promise.resolve(),
    renew() {
      const answer = renewals[fake.renewed] ?? true;
      fake.renewed += 1;
      return answer === 'unreachable' ? Promise.reject(new Error('hub unreachable')) : Promise.resolve(answer);
    },
    finish: () => Promise.resolve(),
  };
  return fake;
}

describe('holding a lease', () => {
  it('is renewed every third of its length while the work goes on, and stops being renewed when it ends', async () => {
    const clock = virtualTime();
    const office = jobs([]);
    let finish: () => void = () => undefined;
    const held: boolean[] = [];
    const working = holdingLease(office, 'rule-save:1', (stillHeld) => new Promise<void>((resolve) => (finish = () => (held.push(stillHeld()), resolve()))), { leaseMs: 60_000, timers: clock.timers, now: clock.now });
    await clock.advance(5 * 60_000);
    expect(office.renewed).toBe(15);
    finish();
    await working;
    expect(held).toEqual([true]);
    await clock.advance(5 * 60_000);
    expect(office.renewed).toBe(15);
  });

  it('a renewal that finds the lease taken by another desk: no longer held', async () => {
    const clock = virtualTime();
    const office = jobs([true, false]);
    const checks: boolean[] = [];
    await holdingLease(office, 'rule-save:2', async (stillHeld) => {
      checks.push(stillHeld());
      await clock.advance(30_000);
      checks.push(stillHeld());
      await clock.advance(20_000);
      checks.push(stillHeld());
    }, { leaseMs: 60_000, timers: clock.timers, now: clock.now });
    expect(checks).toEqual([true, true, false]);
  });

  it('no renewal for a whole lease (the hub away): no longer surely held, though the hub never said otherwise', async () => {
    const clock = virtualTime();
    const office = jobs(['unreachable', 'unreachable', 'unreachable', 'unreachable']);
    const checks: boolean[] = [];
    await holdingLease(office, 'rule-print:3', async (stillHeld) => {
      await clock.advance(50_000);
      checks.push(stillHeld());
      await clock.advance(15_000);
      checks.push(stillHeld());
    }, { leaseMs: 60_000, timers: clock.timers, now: clock.now });
    expect(checks).toEqual([true, false]);
  });

  it('the app\'s lease is short enough that a job a killed desk held is another desk\'s within two minutes', async () => {
    expect(officeLeaseMs + anotherDeskWaitMs).toBeLessThanOrEqual(2 * 60_000);
  });
});
