// The e2e workers' pages: a closed window's page carries the next window of the same language and colour scheme
// (its context kept), at the new window's size; calls from the page reach only the window it shows now; a page a
// test changed in a way that would outlive a navigation is closed instead of kept.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgePage, BridgeRoute, WindowSettings } from '../harness/bridge-page';
import { createWindowPool, type WindowPool } from '../harness/window-pool';
import { workerWindows } from './worker-browser';

let pool: WindowPool;
const servers: http.Server[] = [];

beforeAll(async () => {
  pool = createWindowPool((await workerWindows()).browser);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function origin(): Promise<string> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html', 'Cross-Origin-Opener-Policy': 'same-origin' });
    response.end('<!doctype html><title>window</title><p>window</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const english: WindowSettings = { viewport: { width: 900, height: 600 }, colorScheme: 'light', locale: 'en-US' };

function recordingRoute(at: string, calls: unknown[]): BridgeRoute {
  return {
    origin: at,
    invoke: (channel) => {
      calls.push(channel);
      return Promise.resolve({ ok: true, value: at });
    },
    stage: () => '',
  };
}

const callMain = (page: Page, name: string, channel: string): Promise<unknown> =>
  page.evaluate(([binding, sent]) => (window as unknown as Record<string, (channel: string, request: unknown) => Promise<unknown>>)[binding]?.(sent, null), [name, channel] as const);

describe('the pool of windows', () => {
  it("a closed window's page carries the next window of its language and colour scheme, at the new window's size", async () => {
    const first = await pool.acquire(english);
    const firstOrigin = await origin();
    await first.page.goto(`${firstOrigin}/`);
    await pool.release(first);
    expect(first.page.url()).toBe('about:blank');
    // Emptied by its own navigation (so it stays in its renderer process): the blank document has the old origin.
    await expect(first.page.evaluate(() => window.origin)).resolves.toBe(firstOrigin);

    const second = await pool.acquire({ ...english, viewport: { width: 1024, height: 768 } });
    expect(second.page).toBe(first.page);
    expect(second.page.viewportSize()).toEqual({ width: 1024, height: 768 });

    // Another language or colour scheme gets a page of its own, which says so to the app.
    const german = await pool.acquire({ ...english, locale: 'de-DE' });
    const dark = await pool.acquire({ ...english, colorScheme: 'dark' });
    expect(new Set([german.page, dark.page, second.page]).size).toBe(3);
    await german.page.goto(`${await origin()}/`);
    await expect(german.page.evaluate(() => navigator.language)).resolves.toBe('de-DE');
    await dark.page.goto(`${await origin()}/`);
    await expect(dark.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).resolves.toBe(true);
    await Promise.all([pool.release(second), pool.release(german), pool.release(dark)]);
  });

  it('calls from the page reach only the window it shows now, never the one before it or none', async () => {
    const [before, now] = [await origin(), await origin()];
    const calls: unknown[] = [];
    const shown: BridgePage = await pool.acquire(english);
    shown.route = recordingRoute(before, calls);
    await shown.page.goto(`${before}/`);
    await expect(callMain(shown.page, shown.names.invoke, 'one')).resolves.toEqual({ ok: true, value: before });
    await pool.release(shown);

    const next = await pool.acquire(english);
    expect(next.page).toBe(shown.page);
    // Between windows nothing answers.
    await next.page.goto(`${before}/`);
    await expect(callMain(next.page, next.names.invoke, 'stray')).resolves.toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    next.route = recordingRoute(now, calls);
    // The earlier window's origin is refused by the next window's route; its own origin is answered.
    await expect(callMain(next.page, next.names.invoke, 'old origin')).resolves.toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    await next.page.goto(`${now}/`);
    await expect(callMain(next.page, next.names.invoke, 'two')).resolves.toEqual({ ok: true, value: now });
    expect(calls).toEqual(['one', 'two']);
    await pool.release(next);
  });

  it('a page a test changed (a listener of its own, another page in its context) is closed, not kept', async () => {
    const listened = await pool.acquire(english);
    const onDialog = (): void => undefined;
    listened.page.on('dialog', onDialog);
    await pool.release(listened);
    expect(listened.page.isClosed()).toBe(true);

    const opened = await pool.acquire(english);
    expect(opened.page).not.toBe(listened.page);
    const other = await opened.context.newPage();
    await pool.release(opened);
    expect(opened.page.isClosed()).toBe(true);
    expect(other.isClosed()).toBe(true);

    const watched = await pool.acquire(english);
    watched.context.on('page', () => undefined);
    await pool.release(watched);
    expect(watched.page.isClosed()).toBe(true);

    // A listener the test removed again leaves the page as it was: kept.
    const tidy = await pool.acquire(english);
    tidy.page.on('dialog', onDialog);
    tidy.page.off('dialog', onDialog);
    await pool.release(tidy);
    expect(tidy.page.isClosed()).toBe(false);
    expect((await pool.acquire(english)).page).toBe(tidy.page);
  });
});
