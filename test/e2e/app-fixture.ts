/**
 * The app as a user meets it: the sandbox Fax Service with the demo account, main in Node (real keychain, real
 * encrypted stores), the renderer in Chromium through the harness. With `signedIn`, the demo key is already in the
 * profile's keychain entry (as after onboarding); without it, the test types the key like a user.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { keychainSecretStore } from '../../main/store/keychain-secret-store';
import { seedDemoAccount, type DemoAccount } from '../fax-service/demo-seed';
import { startTestSandbox, type TestSandbox } from '../fax-service/testkit';
import { keychainServiceFor } from '../harness/node-main';
import { startHarness, type Harness } from '../harness/harness';
import { filePolicySource } from '../../main/policy/policy-source';
import { noPolicySource } from '../../main/policy/organization-policies';
import { workerWindows } from './worker-browser';
import { bundledRecognitionStart } from '../helpers/recognition-bundle';

export interface AppFixture {
  t: TestSandbox;
  demo: DemoAccount;
  harness: Harness;
  page: Page;
  userDataDir: string;
  close(): Promise<void>;
}

export async function startApp(
  options: {
    signedIn?: boolean;
    colorScheme?: 'light' | 'dark';
    sandbox?: TestSandbox;
    /** Another desk of the same account: the demo account an earlier `startApp` seeded (needs its `sandbox`). */
    demo?: DemoAccount;
    viewport?: { width: number; height: number };
    scopes?: string[];
    systemLanguages?: string[];
    /** The organization's policies (a policy file, as Linux keeps them); none by default. */
    policyFile?: string;
    /** Reads faxes (OCR) in the background, as the app does; off by default (it would only cost the other tests time). */
    recognition?: boolean;
  } = {},
): Promise<AppFixture> {
  const t = options.sandbox ?? (await startTestSandbox());
  const demo = options.demo ?? (await seedDemoAccount(t.sandbox));
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-e2e-'));
  const secrets = keychainSecretStore(keychainServiceFor(userDataDir));
  if (options.signedIn !== false) await secrets.set('api-key', demo.apiKey);
  const harness = await startHarness({
    userDataDir,
    // Every number in the UI tests carries its "+" unless a test sets a country: the machine's locale never matters.
    defaultCountry: null,
    baseUrl: t.sandbox.baseUrl,
    caPath: t.sandbox.caCertPath,
    colorScheme: options.colorScheme ?? 'light',
    windows: await workerWindows(),
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.systemLanguages ? { systemLanguages: options.systemLanguages } : {}),
    policySource: options.policyFile ? filePolicySource(options.policyFile) : noPolicySource,
    // The tests wait on the reading: at the app's background priority a busy CI left it ~2 % of a core.
    ...(options.recognition ? { recognition: { start: await bundledRecognitionStart(), priority: 'normal' as const } } : {}),
  });
  return {
    t,
    demo,
    harness,
    page: harness.page,
    userDataDir,
    async close() {
      await harness.close();
      await secrets.delete('api-key').catch(() => false);
      await secrets.delete('cache-key').catch(() => false);
      await secrets.delete('lock-pin').catch(() => false);
      await secrets.delete('lock-state').catch(() => false);
      await secrets.delete('hub-password').catch(() => false);
      await secrets.delete('hub-office-key').catch(() => false);
      await secrets.delete('hub-client-key').catch(() => false);
      if (!options.sandbox) await t.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync('test-results/screens', { recursive: true });
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}
