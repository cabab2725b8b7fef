/**
 * The app in the harness over a profile whose encrypted cache already holds `count` faxes (written straight into
 * the cache: syncing 50,000 faxes through a 120-requests-a-minute API would take minutes and measure the API),
 * connected to an empty sandbox account.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '../../main/log/logger';
import { openCache } from '../../main/store/cache/cache';
import { loadDataKeys } from '../../main/store/crypto/data-keys';
import { keychainSecretStore } from '../../main/store/keychain-secret-store';
import { keychainServiceFor } from '../../main/store/profile';
import { openRendererWindow, startHarness, type Harness, type RendererWindow } from '../../test/harness/harness';
import { startTestSandbox, type TestSandbox } from '../../test/fax-service/testkit';
import { fakeFaxes } from './fake-faxes';
import { startMainProcess, type MainProcess } from './main-process';

export interface SeededApp {
  t: TestSandbox;
  harness: Harness;
  close(): Promise<void>;
}

interface SeededProfile {
  t: TestSandbox;
  userDataDir: string;
  remove(): Promise<void>;
}

async function seedProfile(count: number): Promise<SeededProfile> {
  const t = await startTestSandbox();
  const { key } = await t.fullAccess({ page_limit: 1_000_000 });
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-bench-'));
  const secrets = keychainSecretStore(keychainServiceFor(userDataDir));
  await secrets.set('api-key', key);
  const keys = await loadDataKeys(secrets);
  const cache = openCache(userDataDir, keys.databaseKeyHex, silentLogger);
  const records = fakeFaxes(count, { firstId: 10_000_000, newestMs: Date.now() - 60_000 });
  for (let start = 0; start < records.length; start += 5000) cache.faxes.upsertMany(records.slice(start, start + 5000), { markNewInboundUnread: false });
  cache.kv.set('first_sync_done', true);
  cache.close();
  return {
    t,
    userDataDir,
    async remove() {
      for (const name of ['api-key', 'cache-key', 'lock-pin', 'lock-state'] as const) await secrets.delete(name).catch(() => false);
      await t.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function startSeededApp(count: number): Promise<SeededApp> {
  const profile = await seedProfile(count);
  const harness = await startHarness({ userDataDir: profile.userDataDir, baseUrl: profile.t.sandbox.baseUrl, caPath: profile.t.sandbox.caCertPath });
  await harness.page.locator('[data-testid=fax-row]').first().waitFor({ timeout: 30_000 });
  return {
    t: profile.t,
    harness,
    async close() {
      await harness.close();
      await profile.remove();
    },
  };
}

export interface SeededAppWithMainProcess {
  window: RendererWindow;
  main: MainProcess;
  close(): Promise<void>;
}

/** The same, with main's core in a child process of its own, so its memory can be read apart from the benchmark's. */
export async function startSeededAppWithMainProcess(count: number): Promise<SeededAppWithMainProcess> {
  const profile = await seedProfile(count);
  const options = { userDataDir: profile.userDataDir, baseUrl: profile.t.sandbox.baseUrl, caPath: profile.t.sandbox.caCertPath };
  const main = await startMainProcess(options);
  const window = await openRendererWindow(main, options);
  await window.page.locator('[data-testid=fax-row]').first().waitFor({ timeout: 30_000 });
  return {
    window,
    main,
    async close() {
      await window.close();
      await profile.remove();
    },
  };
}
