/**
 * The demo's setup, apart from opening the app: the sandbox Fax Service on loopback (state in `<root>/sandbox`),
 * a demo account seeded the first time, its API key in the keychain of a separate demo profile, and that profile
 * pointed at the sandbox. Reads nothing outside the repository: a user's clone has nothing beside it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openConfSettings } from '../main/store/conf-settings';
import { keychainSecretStore } from '../main/store/keychain-secret-store';
import { keychainServiceFor } from '../main/store/profile';
import { seedDemoAccount } from '../test/fax-service/demo-seed';
import { rawRequest } from '../test/fax-service/raw-request';
import { startSandbox, type Sandbox } from '../test/fax-service/server';

export interface DemoSetup {
  sandbox: Sandbox;
  accountId: string;
  profileDir: string;
  /**
   * Another desk on the same account (the office demo's second person): its own profile folder, its own API key
   * in its own keychain entry, pointed at the sandbox. Made once; later runs point it at the sandbox again.
   */
  addProfile(name: string): Promise<string>;
  /** Makes a new inbound fax arrive (the demo does so every two minutes). */
  deliverInbound(pages: number): Promise<void>;
  /** Makes a fax with this document arrive from this sender. */
  deliverDocument(pdf: Uint8Array, sender: string): Promise<void>;
  /** The faxes the demo account holds, by direction (a check that seeding worked). */
  countFaxes(): Promise<{ inbound: number; outbound: number }>;
  close(): Promise<void>;
}

const demoScopes = ['fax:send', 'fax:read', 'contacts:read', 'numbers:read', 'account:read', 'webhooks:read', 'webhooks:write'];

export async function prepareDemo(root: string, options: { port?: number } = {}): Promise<DemoSetup> {
  const stateFile = path.join(root, 'demo.json');
  const profileDir = path.join(root, 'profile');
  const sandbox = await startSandbox({ dataDir: path.join(root, 'sandbox'), port: options.port ?? 0 });
  const control = async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
    const response = await rawRequest(`${sandbox.controlUrl}${pathname}`, {
      method,
      ca: sandbox.caCert,
      headers: { Authorization: `Bearer ${sandbox.controlToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`demo: ${method} ${pathname} → ${response.status}`);
    return response.json as T;
  };
  try {
    let state = fs.existsSync(stateFile) ? (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { accountId: string; keyId: string | null }) : null;
    const secrets = keychainSecretStore(keychainServiceFor(profileDir));
    let storedKey: string | null;
    try {
      storedKey = await secrets.get('api-key');
    } catch {
      throw new Error('The keychain is not available, so the demo key cannot be stored safely. Run: bash scripts/with-keyring.sh npm run demo');
    }
    if (!state) {
      const demo = await seedDemoAccount(sandbox);
      state = { accountId: demo.accountId, keyId: null };
      await secrets.set('api-key', demo.apiKey);
      storedKey = demo.apiKey;
    }
    if (storedKey === null) {
      // A throw-away keyring (no desktop session) forgot the key: issue a new one and retire the old.
      if (state.keyId) await control('DELETE', `/keys/${state.keyId}`).catch(() => undefined);
      const created = await control<{ id: string; key: string }>('POST', `/accounts/${state.accountId}/keys`, { scopes: demoScopes });
      await secrets.set('api-key', created.key);
      state.keyId = created.id;
      storedKey = created.key;
    }
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(stateFile, JSON.stringify(state));
    // The sandbox's address changes with its port: point the demo profile at it.
    openConfSettings(profileDir, path.join(root, 'Downloads')).update({ baseUrl: sandbox.baseUrl, extraCaPath: sandbox.caCertPath });
    const accountId = state.accountId;
    const key = storedKey;
    const count = async (direction: 'inbound' | 'outbound') => {
      const response = await rawRequest(`${sandbox.baseUrl}/faxes?direction=${direction}&limit=1`, { ca: sandbox.caCert, headers: { Authorization: `Bearer ${key}` } });
      return (response.json as { data: { total: number } }).data.total;
    };
    return {
      sandbox,
      accountId,
      profileDir,
      async addProfile(name) {
        const otherDir = path.join(root, name);
        const otherSecrets = keychainSecretStore(keychainServiceFor(otherDir));
        if ((await otherSecrets.get('api-key')) === null) {
          const created = await control<{ id: string; key: string }>('POST', `/accounts/${accountId}/keys`, { scopes: demoScopes });
          await otherSecrets.set('api-key', created.key);
        }
        openConfSettings(otherDir, path.join(otherDir, 'Downloads')).update({ baseUrl: sandbox.baseUrl, extraCaPath: sandbox.caCertPath });
        return otherDir;
      },
      deliverInbound: async (pages) => {
        await control('POST', `/accounts/${accountId}/inbound`, { pages });
      },
      deliverDocument: async (pdf, sender) => {
        await control('POST', `/accounts/${accountId}/inbound`, { pages: 1, sender_name: sender, document_base64: Buffer.from(pdf).toString('base64') });
      },
      countFaxes: async () => ({ inbound: await count('inbound'), outbound: await count('outbound') }),
      close: () => sandbox.close(),
    };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}
