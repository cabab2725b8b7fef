// Spec section "Authentication".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope, rawRequest, startTestSandbox, type TestSandbox } from './testkit';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => t.close());

describe('Authentication', () => {
  it('[A1][A2] a request without Authorization is 401 authentication_error', async () => {
    const response = await rawRequest(`${t.sandbox.baseUrl}/account`, { ca: t.sandbox.caCert });
    expect(response.status).toBe(401);
    expect(expectErrorEnvelope(response).error.type).toBe('authentication_error');
  });

  it('[A1] only Bearer is accepted; a key in the query string is refused even with a valid header', async () => {
    const { key } = await t.fullAccess();
    const variants: Array<Record<string, string>> = [{ Authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` }, { Authorization: key }, { 'X-Api-Key': key }];
    for (const headers of variants) {
      const response = await rawRequest(`${t.sandbox.baseUrl}/account`, { ca: t.sandbox.caCert, headers });
      expect(response.status).toBe(401);
    }
    for (const param of ['api_key', 'key', 'access_token']) {
      const query = await rawRequest(`${t.sandbox.baseUrl}/account?${param}=${key}`, { ca: t.sandbox.caCert });
      expect(query.status).toBe(401);
      expect(expectErrorEnvelope(query).error.code).toBe('key_in_query_not_allowed');
    }
    expect((await t.api(key, 'GET', `/account?api_key=${key}`)).status).toBe(401);
  });

  it('[A2] an invalid key is 401', async () => {
    const response = await t.api('fk_test_not_a_real_key_000000000000', 'GET', '/account');
    expect(response.status).toBe(401);
    expect(expectErrorEnvelope(response).error.type).toBe('authentication_error');
  });

  it('[A7][A2] revocation takes effect immediately: the very next request is 401', async () => {
    const accountId = await t.account();
    const { id, key } = await t.key(accountId, ['account:read']);
    expect((await t.api(key, 'GET', '/account')).status).toBe(200);
    expect((await t.control('DELETE', `/keys/${id}`)).status).toBe(204);
    expect((await t.api(key, 'GET', '/account')).status).toBe(401);
  });

  it('[A3][A4] a key lacking the scope gets 403 permission_error on every endpoint of the scope table', async () => {
    const accountId = await t.account();
    const { key } = await t.key(accountId, ['numbers:read']);
    const cases: Array<[string, string]> = [
      ['POST', '/faxes'],
      ['GET', '/faxes'],
      ['GET', '/faxes/1'],
      ['GET', '/faxes/1/pdf'],
      ['GET', '/contacts'],
      ['GET', '/account'],
      ['GET', '/webhooks'],
      ['POST', '/webhooks'],
      ['DELETE', '/webhooks/we_1'],
    ];
    for (const [method, path] of cases) {
      const response = await t.api(key, method, path);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(expectErrorEnvelope(response).error.type).toBe('permission_error');
    }
    expect((await t.api(key, 'GET', '/numbers')).status).toBe(200);
  });

  it('[A5] automation:events:read cannot be combined with fax:send, fax:read, contacts:read or numbers:read', async () => {
    const accountId = await t.account();
    for (const other of ['fax:send', 'fax:read', 'contacts:read', 'numbers:read']) {
      const { status, json } = await t.control<{ error: { code: string } }>('POST', `/accounts/${accountId}/keys`, { scopes: ['automation:events:read', other] });
      expect(status, other).toBe(400);
      expect(json.error.code).toBe('invalid_scopes');
    }
    const { status } = await t.control('POST', `/accounts/${accountId}/keys`, { scopes: ['automation:events:read', 'webhooks:read', 'webhooks:write', 'account:read'] });
    expect(status).toBe(201);
  });

  it('[A6] keys are stored hashed: the key value is nowhere in the database file', async () => {
    const accountId = await t.account();
    const { key } = await t.key(accountId, ['account:read']);
    const rows = t.sandbox.db.prepare('SELECT * FROM api_keys').all();
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(JSON.stringify(rows)).not.toContain(key.slice(8));
  });

  it('[A9] active keys per plan: Solo 3, Plus 5, Team 10, Business 25; revoked keys do not count', async () => {
    for (const [plan, limit] of [['solo', 3], ['plus', 5], ['team', 10], ['business', 25]] as const) {
      const accountId = await t.account({ plan });
      const ids: string[] = [];
      for (let index = 0; index < limit; index += 1) ids.push((await t.key(accountId, ['account:read'])).id);
      const refused = await t.control<{ error: { code: string } }>('POST', `/accounts/${accountId}/keys`, { scopes: ['account:read'] });
      expect(refused.status, plan).toBe(409);
      expect(refused.json.error.code).toBe('active_key_limit_reached');
      await t.control('DELETE', `/keys/${ids[0] ?? ''}`);
      expect((await t.control('POST', `/accounts/${accountId}/keys`, { scopes: ['account:read'] })).status, plan).toBe(201);
    }
  });

  it('[A8] another account\'s webhook is 404 not_found', async () => {
    const owner = await t.fullAccess();
    const stranger = await t.fullAccess();
    const created = await t.api(owner.key, 'POST', '/webhooks', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ url: 'https://a.example/' }) });
    const id = (created.json as { data: { id: string } }).data.id;
    expect((await t.api(stranger.key, 'DELETE', `/webhooks/${id}`)).status).toBe(404);
  });

  it('the control plane is never reachable with an API key, and the API never with the control token', async () => {
    const { key } = await t.fullAccess();
    const control = await rawRequest(`${t.sandbox.controlUrl}/accounts`, {
      method: 'POST',
      ca: t.sandbox.caCert,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan: 'solo', page_limit: 1 }),
    });
    expect(control.status).toBe(401);
    expect((await t.api(t.sandbox.controlToken, 'GET', '/account')).status).toBe(401);
  });
});
