// Connection & secrets against the sandbox over TLS, with the real OS keychain (gnome-keyring in a D-Bus session).
import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../preload/models';
import type { TestCore } from '../helpers/node-core';
import { useSandbox } from '../helpers/sandbox-fixture';

const fixture = useSandbox();
const core = (): TestCore => fixture.core();

type Reply<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string; requestId?: string } };

describe('connecting with an API key', () => {
  it('a good key: probed, stored in the keychain, connected with account and every view', async () => {
    const { key } = await fixture.t.fullAccess({ plan: 'team', page_limit: 1000, pages_used: 10 });
    const app = core();
    const reply = (await app.call('connect', { apiKey: key })) as Reply<ConnectionState>;
    expect(reply.ok).toBe(true);
    if (!reply.ok || reply.value.status !== 'connected') throw new Error('not connected');
    expect(reply.value.account).toMatchObject({ plan: 'team', pagesUsed: 10, pageLimit: 1000 });
    expect(reply.value.capabilities.views).toEqual({ compose: true, inbox: true, outbox: true, contacts: true, numbers: true, account: true, webhooks: true });
    expect(reply.value.capabilities.scopes).toMatchObject({ 'fax:send': 'granted', 'fax:read': 'granted', 'webhooks:write': 'granted' });
    expect(await app.secrets.get('api-key')).toBe(key);
    expect(app.events.filter((event) => event.name === 'connectionChanged').map((event) => (event.payload as ConnectionState).status)).toEqual(['connecting', 'connected']);
    // The write probes created nothing.
    expect(((await fixture.t.api(key, 'GET', '/faxes')).json as { data: { total: number } }).data.total).toBe(0);
    expect(((await fixture.t.api(key, 'GET', '/webhooks')).json as { data: { total: number } }).data.total).toBe(0);
  });

  it('a wrong key: refused with a clear message and never stored', async () => {
    const app = core();
    const reply = (await app.call('connect', { apiKey: 'fk_test_this_key_does_not_exist_000' })) as Reply<ConnectionState>;
    expect(reply).toMatchObject({ ok: false, error: { kind: 'authentication', message: expect.stringMatching(/refused this key/) as unknown } });
    expect(await app.secrets.get('api-key')).toBeNull();
    expect(app.core.connection.state().status).toBe('signed_out');
  });

  it('a scope-limited key: the missing scopes and views are reported', async () => {
    const accountId = await fixture.t.account();
    const { key } = await fixture.t.key(accountId, ['fax:read', 'contacts:read']);
    const app = core();
    const reply = (await app.call('connect', { apiKey: key })) as Reply<ConnectionState>;
    if (!reply.ok || reply.value.status !== 'connected') throw new Error('not connected');
    expect(reply.value.capabilities.scopes).toMatchObject({ 'fax:read': 'granted', 'contacts:read': 'granted', 'fax:send': 'missing', 'numbers:read': 'missing', 'account:read': 'missing', 'webhooks:write': 'missing' });
    expect(reply.value.capabilities.views).toMatchObject({ inbox: true, contacts: true, compose: false, numbers: false, account: false, webhooks: false });
    expect(reply.value.account).toBeNull();
  });

  it('an automation:events:read key is recognised: webhooks and account only', async () => {
    const accountId = await fixture.t.account();
    const { key } = await fixture.t.key(accountId, ['automation:events:read', 'webhooks:read', 'webhooks:write', 'account:read']);
    const app = core();
    const reply = (await app.call('connect', { apiKey: key })) as Reply<ConnectionState>;
    if (!reply.ok || reply.value.status !== 'connected') throw new Error('not connected');
    expect(reply.value.capabilities.automationOnly).toBe(true);
    expect(reply.value.capabilities.canCreateWebhooks).toBe(true);
    expect(reply.value.capabilities.views).toEqual({ compose: false, inbox: false, outbox: false, contacts: false, numbers: false, account: true, webhooks: true });
  });

  it('http is refused before anything is sent', async () => {
    const app = core();
    const reply = (await app.call('connect', { apiKey: 'fk_test_anything_123456', baseUrl: 'http://127.0.0.1:1/v1' })) as Reply<ConnectionState>;
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid_input', message: expect.stringMatching(/must use https/) as unknown } });
  });

  it('an untrusted certificate is refused (no CA configured), with what to do', async () => {
    const { key } = await fixture.t.fullAccess();
    const app = core();
    const reply = (await app.call('connect', { apiKey: key, extraCaPath: null })) as Reply<ConnectionState>;
    expect(reply).toMatchObject({ ok: false, error: { kind: 'tls', message: expect.stringMatching(/certificate is not trusted/) as unknown } });
    expect(await app.secrets.get('api-key')).toBeNull();
  });
});

describe('during a session', () => {
  it('a key revoked mid-session: key_rejected is reported with the request id; the key is not used again', async () => {
    const accountId = await fixture.t.account();
    const created = await fixture.t.key(accountId, ['fax:read', 'account:read']);
    const app = core();
    await app.call('connect', { apiKey: created.key });
    await fixture.t.control('DELETE', `/keys/${created.id}`);
    await app.core.connection.client().getAccount().catch(() => undefined);
    const state = app.core.connection.state();
    expect(state.status).toBe('key_rejected');
    if (state.status === 'key_rejected') {
      expect(state.message).toMatch(/drafts and queued faxes are kept/);
      expect(state.requestId).toMatch(/^req_/);
    }
    expect(app.events.at(-1)).toMatchObject({ name: 'connectionChanged', payload: { status: 'key_rejected' } });
    expect(() => app.core.connection.client()).toThrow(/refused the stored API key/);
  });

  it('a new key after a rejection connects again', async () => {
    const accountId = await fixture.t.account();
    const first = await fixture.t.key(accountId, ['account:read']);
    const app = core();
    await app.call('connect', { apiKey: first.key });
    await fixture.t.control('DELETE', `/keys/${first.id}`);
    await app.core.connection.reconnect();
    expect(app.core.connection.state().status).toBe('key_rejected');
    const second = await fixture.t.key(accountId, ['account:read']);
    await app.call('connect', { apiKey: second.key });
    expect(app.core.connection.state().status).toBe('connected');
    expect(await app.secrets.get('api-key')).toBe(second.key);
  });

  it('sign-out removes the key from the keychain', async () => {
    const { key } = await fixture.t.fullAccess();
    const app = core();
    await app.call('connect', { apiKey: key });
    expect(await app.secrets.get('api-key')).toBe(key);
    const reply = (await app.call('signOut')) as Reply<ConnectionState>;
    expect(reply).toMatchObject({ ok: true, value: { status: 'signed_out' } });
    expect(await app.secrets.get('api-key')).toBeNull();
  });

  it('on restart the stored key is used again (no re-entry)', async () => {
    const { key } = await fixture.t.fullAccess();
    const first = core();
    await first.call('connect', { apiKey: key });
    const second = fixture.core({ dataDir: first.dataDir, secrets: first.secrets });
    await second.core.start();
    expect(second.core.connection.state().status).toBe('connected');
  });

  it('the address cannot be moved under a stored key: the key is never sent to a new address on its own', async () => {
    const { key } = await fixture.t.fullAccess();
    const app = core();
    await app.call('connect', { apiKey: key });
    const reply = (await app.call('updateSettings', { baseUrl: 'https://elsewhere.example/v1' })) as Reply<unknown>;
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid_input', message: expect.stringMatching(/enter the key again/) as unknown } });
    expect(app.settings.get().baseUrl).toBe(fixture.t.sandbox.baseUrl);
    expect(await app.call('updateSettings', { pollIntervalSeconds: 60 })).toMatchObject({ ok: true, value: { pollIntervalSeconds: 60 } });
  });
});

describe('offline', () => {
  it('a stored key and an unreachable service: offline with the last known capabilities, then connected again', async () => {
    const { startTestSandbox: start } = await import('../fax-service/testkit');
    const own = await start();
    const { key } = await own.fullAccess();
    // Its own sandbox: this test stops and restarts it.
    const app = fixture.core({ baseUrl: own.sandbox.baseUrl, caPath: own.sandbox.caCertPath });
    await app.call('connect', { apiKey: key });
    const port = own.sandbox.port;
    const dataDir = own.dataDir;
    await own.sandbox.close();
    await app.core.connection.reconnect();
    const offline = app.core.connection.state();
    expect(offline.status).toBe('offline');
    if (offline.status === 'offline') {
      expect(offline.capabilities?.views.inbox).toBe(true);
      expect(offline.message).toMatch(/cannot be reached/);
      expect(offline.retryAt).toBeGreaterThan(Date.now());
    }
    // What was learned about the key is read back through its schema: a file that changed shape is not trusted.
    const fs = await import('node:fs');
    const path = await import('node:path');
    const file = path.join(app.dataDir, 'connection.json');
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { capabilities: { views: Record<string, unknown> } };
    fs.writeFileSync(file, JSON.stringify({ ...saved, capabilities: { ...saved.capabilities, views: { inbox: 'yes, probably' } } }));
    await app.core.connection.reconnect();
    const unreadable = app.core.connection.state();
    expect(unreadable).toMatchObject({ status: 'offline', capabilities: null });
    fs.writeFileSync(file, '{"baseUrl": ');
    await app.core.connection.reconnect();
    expect(app.core.connection.state()).toMatchObject({ status: 'offline', capabilities: null });
    const { startSandbox } = await import('../fax-service/server');
    const back = await startSandbox({ dataDir, port });
    await app.core.connection.reconnect();
    expect(app.core.connection.state().status).toBe('connected');
    await back.close();
  });
});
