import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faxApiMemberNames } from '../../preload/bridge';
import { startHarness, type Harness } from '../harness/harness';
import { workerWindows } from './worker-browser';

let harness: Harness | undefined;
let userDataDir: string;

beforeAll(async () => {
  userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-e2e-about-'));
  harness = await startHarness({ userDataDir, baseUrl: 'https://fax.example.test/v1', windows: await workerWindows() });
});

afterAll(async () => {
  await harness?.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
});

function app(): Harness {
  if (!harness) throw new Error('harness not started');
  return harness;
}

describe('About / connection slice in Chromium', () => {
  it('shows data that came from main through the contract', async () => {
    const { page } = app();
    // Signed out, the app opens on onboarding; About stays reachable.
    await page.getByRole('heading', { name: 'Connect Fax Desktop' }).waitFor();
    await page.getByRole('button', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'About Fax Desktop' }).waitFor();
    const info = page.getByTestId('app-info');
    await expect(info.textContent()).resolves.toContain('Browser harness');
    const version = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version;
    await expect(info.textContent()).resolves.toContain(version);
    await expect(page.getByTestId('connection-status').textContent()).resolves.toBe('Not connected — https://fax.example.test/v1');
    fs.mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/about-slice.png' });
    expect(fs.statSync('test-results/about-slice.png').size).toBeGreaterThan(1000);
  });

  it('lists the licenses of what ships, generated at build time, with their texts', async () => {
    const { page } = app();
    const licenses = page.getByTestId('licenses');
    await licenses.waitFor();
    await expect(licenses.textContent()).resolves.toMatch(/react.*MIT/s);
    const pdfjs = licenses.locator('li').filter({ hasText: 'pdfjs-dist' });
    await expect(pdfjs.textContent()).resolves.toContain('Apache-2.0');
    await pdfjs.locator('summary').click();
    await expect(pdfjs.locator('pre').textContent()).resolves.toContain('Apache License');
  });

  it('the renderer has no Node: require, process and module are undefined', async () => {
    const types = await app().page.evaluate(() => [typeof (window as unknown as Record<string, unknown>).require, typeof (window as unknown as Record<string, unknown>).process, typeof (window as unknown as Record<string, unknown>).module]);
    expect(types).toEqual(['undefined', 'undefined', 'undefined']);
  });

  it('window.fax exposes exactly the contract, and cannot be replaced', async () => {
    const members = await app().page.evaluate(() => Object.keys(window.fax).sort());
    expect(members).toEqual([...faxApiMemberNames].sort());
    const replaced = await app().page.evaluate(() => {
      try {
        (window as unknown as { fax: unknown }).fax = { getAppInfo: () => 'evil' };
      } catch {
        /* strict-mode assignment to a read-only property */
      }
      return typeof window.fax.getAppInfo === 'function' && Object.isFrozen(window.fax);
    });
    expect(replaced).toBe(true);
  });

  it('main answers the renderer through real invokes (replies recorded by the harness)', async () => {
    const reply = await app().page.evaluate(() => window.fax.getSettings());
    expect(reply).toMatchObject({ ok: true, value: { baseUrl: 'https://fax.example.test/v1', pollIntervalSeconds: 30 } });
    expect(app().invokeReplies.length).toBeGreaterThanOrEqual(3);
  });
});
