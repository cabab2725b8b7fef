import { describe, expect, it } from 'vitest';
import { createSerialPass } from '../../../main/runtime/serial-pass';

function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('serial pass', () => {
  it('runs one pass at a time, and one more after it however often it was asked meanwhile', async () => {
    const gates = [gate(), gate(), gate()];
    let started = 0;
    let concurrent = 0;
    let most = 0;
    const serial = createSerialPass(async () => {
      const mine = gates[started];
      started += 1;
      concurrent += 1;
      most = Math.max(most, concurrent);
      await mine?.promise;
      concurrent -= 1;
    }, { onError: () => undefined });
    const first = serial.run();
    const asked = [serial.run(), serial.run(), serial.run()];
    expect(started).toBe(1);
    gates[0]?.open();
    await first;
    await Promise.resolve();
    expect(started).toBe(2);
    gates[1]?.open();
    await Promise.all(asked);
    expect(started).toBe(2);
    expect(most).toBe(1);
    await serial.idle();
    expect(started).toBe(2);
  });

  it('a call during the queued pass is not lost: it queues the next one', async () => {
    const order: string[] = [];
    let release = (): void => undefined;
    const serial = createSerialPass(async () => {
      order.push('start');
      if (order.length === 1) await new Promise<void>((resolve) => (release = resolve));
    }, { onError: () => undefined });
    void serial.run();
    const second = serial.run();
    release();
    await second;
    await serial.run();
    expect(order).toEqual(['start', 'start', 'start']);
  });

  it('a failed pass is reported, the next still runs, and afterEach follows every pass', async () => {
    const errors: unknown[] = [];
    let after = 0;
    let calls = 0;
    const serial = createSerialPass(async () => {
      calls += 1;
      await Promise.resolve();
      if (calls === 1) throw new Error('disk full');
    }, { onError: (error) => errors.push(error), afterEach: () => (after += 1) });
    await expect(serial.run()).resolves.toBeUndefined();
    await serial.run();
    expect(errors).toHaveLength(1);
    expect(calls).toBe(2);
    expect(after).toBe(2);
  });
});
