/**
 * `npm run demo`: the app against the built-in sandbox Fax Service. Starts the sandbox (state in .demo-data/),
 * seeds a demo account the first time, stores its API key in the keychain of a separate demo profile, and opens
 * the app on that profile — in Electron when its binary is available, otherwise in the browser harness. A new
 * inbound fax arrives every two minutes so notifications and unread marks can be seen.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openConfSettings } from '../main/store/conf-settings';
import { keychainSecretStore } from '../main/store/keychain-secret-store';
import { keychainServiceFor } from '../main/store/profile';
import { seedDemoAccount } from '../test/fax-service/demo-seed';
import { startSandbox } from '../test/fax-service/server';
import { rawRequest } from '../test/fax-service/testkit';
import { findElectronBinary } from './electron-binary';

const root = path.resolve('.demo-data');
const sandboxDir = path.join(root, 'sandbox');
const profileDir = path.join(root, 'profile');
const stateFile = path.join(root, 'demo.json');

const sandbox = await startSandbox({ dataDir: sandboxDir, port: Number(process.env.DEMO_PORT ?? 0) });

async function control<T>(method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await rawRequest(`${sandbox.controlUrl}${pathname}`, {
    method,
    ca: sandbox.caCert,
    headers: { Authorization: `Bearer ${sandbox.controlToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json as T;
}

let state = fs.existsSync(stateFile) ? (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { accountId: string; keyId: string | null }) : null;
const secrets = keychainSecretStore(keychainServiceFor(profileDir));
let storedKey: string | null;
try {
  storedKey = await secrets.get('api-key');
} catch {
  console.error('The keychain is not available, so the demo key cannot be stored safely. Run: bash scripts/with-keyring.sh npm run demo');
  await sandbox.close();
  process.exit(1);
}
if (!state) {
  console.log('Seeding the demo account…');
  const demo = await seedDemoAccount(sandbox);
  state = { accountId: demo.accountId, keyId: null };
  await secrets.set('api-key', demo.apiKey);
  storedKey = demo.apiKey;
}
if (storedKey === null) {
  // A throw-away keyring (no desktop session) forgot the key: issue a new one and retire the old.
  if (state.keyId) await control('DELETE', `/keys/${state.keyId}`).catch(() => undefined);
  const created = await control<{ id: string; key: string }>('POST', `/accounts/${state.accountId}/keys`, {
    scopes: ['fax:send', 'fax:read', 'contacts:read', 'numbers:read', 'account:read', 'webhooks:read', 'webhooks:write'],
  });
  await secrets.set('api-key', created.key);
  state.keyId = created.id;
}
fs.mkdirSync(root, { recursive: true });
fs.writeFileSync(stateFile, JSON.stringify(state));
// The sandbox's address changes with its port: point the demo profile at it.
openConfSettings(profileDir, path.join(root, 'Downloads')).update({ baseUrl: sandbox.baseUrl, extraCaPath: sandbox.caCertPath });

console.log(`Sandbox Fax Service: ${sandbox.baseUrl}`);
const accountId = state.accountId;
const inbound = setInterval(() => {
  void control('POST', `/accounts/${accountId}/inbound`, { pages: 1 + Math.floor(Math.random() * 4) }).catch(() => undefined);
}, 120_000);

const binary = findElectronBinary({ tryDownload: true });
const child = binary
  ? spawn(binary, ['.', `--profile-dir=${profileDir}`], { stdio: 'inherit' })
  : (() => {
      console.log('The Electron binary is not available here: opening the demo in the browser harness (same main process and renderer, in Chromium).');
      const args = ['--import', 'tsx', 'test/harness/cli.ts', '--user-data', profileDir];
      if (!process.env.DISPLAY) args.push('--headless');
      return spawn(process.execPath, args, { stdio: 'inherit' });
    })();

const stop = async (code: number): Promise<void> => {
  clearInterval(inbound);
  await sandbox.close();
  process.exit(code);
};
child.on('exit', (code) => void stop(code ?? 0));
process.on('SIGINT', () => child.kill('SIGINT'));
process.on('SIGTERM', () => child.kill('SIGTERM'));
