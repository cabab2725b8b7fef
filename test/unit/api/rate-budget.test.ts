import { describe, expect, it } from 'vitest';
import { createRateBudget, retryAfterMs } from '../../../main/api/rate-budget';

function clock(start = Date.parse('2026-11-21T08:00:00Z')) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  promise.then(
    () => (done = true),
    () => undefined,
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('rate budget', () => {
  it('says when a request could go: now, when the own share frees up, or when Retry-After ends (the service\'s word)', async () => {
    const time = clock();
    const budget = createRateBudget({ now: time.now, limit: 20, reserveFraction: 0.25 });
    expect(budget.availableAt('background')).toEqual({ at: time.now(), byService: false });
    for (let index = 0; index < 15; index += 1) await budget.acquire('background');
    // Background work leaves the last quarter to user actions: it waits for the window, a user action does not.
    expect(budget.availableAt('background')).toEqual({ at: time.now() + 60_000, byService: false });
    expect(budget.availableAt('user')).toEqual({ at: time.now(), byService: false });
    budget.blockFor(7_000);
    expect(budget.availableAt('user')).toEqual({ at: time.now() + 7_000, byService: true });
  });

  it('grants up to the limit for user actions, then waits for the window to reset', async () => {
    const time = clock();
    const budget = createRateBudget({ now: time.now, limit: 5 });
    for (let index = 0; index < 5; index += 1) await budget.acquire('user');
    const sixth = budget.acquire('user');
    expect(await settled(sixth)).toBe(false);
    time.advance(60_001);
    budget.settle(null); // any event re-evaluates; the timer would do it in real time
    expect(await settled(sixth)).toBe(true);
  });

  it('keeps a reserve that background work cannot use', async () => {
    const time = clock();
    const budget = createRateBudget({ now: time.now, limit: 20, reserveFraction: 0.25 });
    let background = 0;
    for (let index = 0; index < 20; index += 1) {
      if (await settled(budget.acquire('background'))) background += 1;
      else break;
    }
    expect(background).toBe(15);
    expect(await settled(budget.acquire('user'))).toBe(true);
    budget.dispose();
  });

  it('serves waiting user actions before waiting background work', async () => {
    const time = clock();
    const budget = createRateBudget({ now: time.now, limit: 2, reserveFraction: 0.01 });
    await budget.acquire('user');
    await budget.acquire('user');
    const order: string[] = [];
    const background = budget.acquire('background').then(() => order.push('background'));
    const user = budget.acquire('user').then(() => order.push('user'));
    time.advance(61_000);
    budget.settle(null);
    budget.settle(null);
    await new Promise((resolve) => setImmediate(resolve));
    time.advance(61_000);
    budget.settle(null);
    await Promise.all([background, user]);
    expect(order).toEqual(['user', 'background']);
  });

  it('follows the server: X-RateLimit-Remaining lowers the budget, a new window restores it', async () => {
    const time = clock();
    const budget = createRateBudget({ now: time.now });
    await budget.acquire('user');
    const date = new Date(time.now()).toUTCString();
    budget.settle({ 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': String(Math.floor(time.now() / 1000) + 30), date });
    expect(budget.snapshot()).toMatchObject({ limit: 120, remaining: 3 });
    time.advance(31_000);
    await budget.acquire('user');
    expect(budget.snapshot().remaining).toBe(119);
  });

  it('accepts a reset stated as seconds-from-now, and clamps absurd ones to a minute', async () => {
    const time = clock();
    const budget = createRateBudget({ now: time.now });
    await budget.acquire('user');
    budget.settle({ 'x-ratelimit-remaining': '10', 'x-ratelimit-reset': '20' });
    expect(budget.snapshot().resetAt).toBe(time.now() + 20_000);
    await budget.acquire('user');
    budget.settle({ 'x-ratelimit-remaining': '9', 'x-ratelimit-reset': String(Math.floor(time.now() / 1000) + 7200), date: new Date(time.now()).toUTCString() });
    expect(budget.snapshot().resetAt).toBeLessThanOrEqual(time.now() + 65_000);
  });

  it('ignores malformed rate headers', async () => {
    const budget = createRateBudget();
    await budget.acquire('user');
    budget.settle({ 'x-ratelimit-limit': 'lots', 'x-ratelimit-remaining': '-3', 'x-ratelimit-reset': 'soon' });
    expect(budget.snapshot()).toMatchObject({ limit: 120, remaining: 119 });
  });

  it('a 429 blocks everyone until Retry-After has passed', async () => {
    const time = clock();
    const budget = createRateBudget({ now: time.now });
    budget.blockFor(5_000);
    const blocked = budget.acquire('user');
    expect(await settled(blocked)).toBe(false);
    time.advance(61_000);
    budget.settle(null);
    expect(await settled(blocked)).toBe(true);
  });

  it('counts requests in flight against the server\'s remaining', async () => {
    const time = clock();
    const budget = createRateBudget({ now: time.now });
    await budget.acquire('user');
    await budget.acquire('user');
    await budget.acquire('user');
    // The server has seen one request so far and says 10 remain; two more are still on their way.
    budget.settle({ 'x-ratelimit-remaining': '10', 'x-ratelimit-reset': '60' });
    expect(budget.snapshot().remaining).toBe(8);
  });

  it('an aborted wait is dropped', async () => {
    const budget = createRateBudget({ limit: 1 });
    await budget.acquire('user');
    const controller = new AbortController();
    const waiting = budget.acquire('user', controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow('aborted');
    budget.dispose();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs({ 'retry-after': '7' }, 0)).toBe(7000);
    // A fraction of a second, as some services send, is a wait — not a date in the past.
    expect(retryAfterMs({ 'retry-after': '0.3' }, Date.parse('2026-11-23T10:00:00Z'))).toBe(300);
    expect(retryAfterMs({ 'retry-after': ' 1.25 ' }, 0)).toBe(1250);
    expect(retryAfterMs({ 'retry-after': new Date(Date.UTC(1970, 0, 1, 0, 0, 10)).toUTCString() }, 4_000)).toBe(6000);
    expect(retryAfterMs({ 'retry-after': 'whenever' }, 0)).toBeNull();
    expect(retryAfterMs({}, 0)).toBeNull();
  });
});
