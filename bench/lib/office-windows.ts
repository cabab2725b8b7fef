/**
 * An office of desks in harness windows, as people use it: one sandbox account (the demo account), one hub, and a
 * window per desk (the app's main in this process, the renderer in Chromium). The first desk creates the office
 * through its main, as Settings does; the others join with join codes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keychainSecretStore } from '../../main/store/keychain-secret-store';
import { keychainServiceFor } from '../../main/store/profile';
import { seedDemoAccount } from '../../test/fax-service/demo-seed';
import { startTestSandbox, type TestSandbox } from '../../test/fax-service/testkit';
import { startHarness, type Harness } from '../../test/harness/harness';
import type { PrivatePostgres } from '../../test/helpers/private-postgres';

export interface OfficeWindows {
  t: TestSandbox;
  desks: Harness[];
  close(): Promise<void>;
}

async function dispatch<T>(harness: Harness, name: string, request?: unknown): Promise<T> {
  const reply = (await harness.core.dispatch(name, request)) as { ok: boolean; value?: T; error?: unknown };
  if (!reply.ok) throw new Error(`${name} failed: ${JSON.stringify(reply.error)}`);
  return reply.value as T;
}

export async function startOfficeWindows(server: PrivatePostgres, count: number): Promise<OfficeWindows> {
  const t = await startTestSandbox();
  const demo = await seedDemoAccount(t.sandbox);
  const suffix = crypto.randomBytes(3).toString('hex');
  const owner = `bench_owner_${suffix}`;
  const database = `bench_office_${suffix}`;
  const password = crypto.randomBytes(16).toString('base64url');
  server.sql('postgres', `CREATE ROLE ${owner} LOGIN PASSWORD '${password}'`);
  server.sql('postgres', `CREATE DATABASE ${database}`);
  const folders: string[] = [];
  const desks: Harness[] = [];
  for (let index = 0; index < count; index += 1) {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-bench-office-'));
    folders.push(userDataDir);
    await keychainSecretStore(keychainServiceFor(userDataDir)).set('api-key', demo.apiKey);
    const harness = await startHarness({ userDataDir, baseUrl: t.sandbox.baseUrl, caPath: t.sandbox.caCertPath, defaultCountry: null, viewport: { width: 1024, height: 768 } });
    await harness.page.locator('[data-testid=fax-row]').first().waitFor({ timeout: 30_000 });
    desks.push(harness);
  }
  const [first] = desks;
  if (!first) throw new Error('no desk');
  await dispatch(first, 'createOffice', { host: server.host, port: server.port, database, user: owner, password, ca: server.ca, name: 'Desk 1', setupUser: server.superuser, setupPassword: server.password });
  for (const [index, desk] of desks.slice(1).entries()) {
    const { joinCode } = await dispatch<{ joinCode: string }>(first, 'addOfficePerson', { login: `desk${index + 2}_${suffix}`, name: `Desk ${index + 2}` });
    const asked = await dispatch<{ joining?: { login: string; safetyCode: string } }>(desk, 'joinOffice', { code: joinCode });
    if (!asked.joining) throw new Error('the joining desk shows no safety code');
    await dispatch(first, 'confirmOfficeJoin', { login: asked.joining.login, safetyCode: asked.joining.safetyCode, confirmed: true });
  }
  for (const desk of desks) await desk.page.waitForSelector('[data-testid=office-hub-status][data-state=connected]', { timeout: 30_000 });
  return {
    t,
    desks,
    async close() {
      for (const desk of desks) await desk.close();
      for (const folder of folders) {
        const secrets = keychainSecretStore(keychainServiceFor(folder));
        for (const name of ['api-key', 'cache-key', 'lock-pin', 'lock-state', 'hub-password', 'hub-office-key', 'hub-client-key'] as const) await secrets.delete(name).catch(() => false);
        fs.rmSync(folder, { recursive: true, force: true });
      }
      await t.close();
    },
  };
}
