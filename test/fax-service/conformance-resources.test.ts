// Spec section "Resources and their fields" (fax, recipient, envelopes, request ids).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope, onePagePdf, startTestSandbox, type FaxJson, type ListJson, type TestSandbox } from './testkit';

let t: TestSandbox;
let key: string;
let accountId: string;
let faxId: number;

beforeAll(async () => {
  t = await startTestSandbox();
  ({ key, accountId } = await t.fullAccess());
  const sent = await t.send(key, [
    { name: 'to', value: '+14155550101' },
    { name: 'to', value: '+14155550486' },
    { name: 'files', filename: 'a.pdf', content: onePagePdf },
  ]);
  faxId = (sent.json as { data: FaxJson }).data.id;
});
afterAll(async () => t.close());

describe('Resources and their fields', () => {
  it('[R1] a fax carries id, reference, object, status, to, pages, recipients, created_at, direction with their types', async () => {
    const fax = ((await t.api(key, 'GET', `/faxes/${faxId}`)).json as { data: FaxJson }).data;
    expect(Number.isInteger(fax.id)).toBe(true);
    expect(typeof fax.reference).toBe('string');
    expect(fax.object).toBe('fax');
    expect(['queued', 'converting', 'sending', 'delivered', 'failed', 'partial']).toContain(fax.status);
    expect(fax.to).toMatch(/^\+[1-9]\d{7,14}$/);
    expect(Number.isInteger(fax.pages)).toBe(true);
    expect(Array.isArray(fax.recipients)).toBe(true);
    expect(fax.direction).toBe('outbound');
    expect(fax.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });

  it('[R2] each recipient has to (E.164), status, and error null when there is no error', async () => {
    await t.advance(30);
    const fax = ((await t.api(key, 'GET', `/faxes/${faxId}`)).json as { data: FaxJson }).data;
    expect(fax.recipients).toEqual([
      expect.objectContaining({ to: '+14155550101', status: 'delivered', error: null }),
      expect.objectContaining({ to: '+14155550486', status: 'failed', error: expect.any(String) as unknown }),
    ]);
  });

  it('[R3] a single resource comes in { data, request_id }', async () => {
    const response = await t.api(key, 'GET', `/faxes/${faxId}`);
    const body = response.json as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['data', 'request_id']);
    expect(body.request_id).toMatch(/^req_[A-Za-z0-9]+$/);
  });

  it('[R4] a list comes in { data: { object: "list", data, total, limit, offset, has_more } } on every list endpoint', async () => {
    await t.control('POST', `/accounts/${accountId}/contacts`, { name: 'A', fax_number: '+14155550111' });
    await t.control('POST', `/accounts/${accountId}/numbers`, { number: '+14155550999' });
    for (const path of ['/faxes', '/contacts', '/numbers', '/webhooks']) {
      const list = (await t.api(key, 'GET', `${path}?limit=1`)).json as ListJson<unknown>;
      expect(list.data.object, path).toBe('list');
      expect(Array.isArray(list.data.data), path).toBe(true);
      expect(typeof list.data.total, path).toBe('number');
      expect(list.data.limit, path).toBe(1);
      expect(list.data.offset, path).toBe(0);
      expect(typeof list.data.has_more, path).toBe('boolean');
    }
  });

  it('[R5][R6] errors come in { error: { type, code, message }, request_id: "req_…" }', async () => {
    const response = await t.api(key, 'GET', '/faxes/999999');
    const envelope = expectErrorEnvelope(response);
    expect(Object.keys(envelope).sort()).toEqual(['error', 'request_id']);
    expect(Object.keys(envelope.error).sort()).toEqual(['code', 'message', 'type']);
  });

  it('[R6] every response names its request id, and ids differ between requests', async () => {
    const first = await t.api(key, 'GET', '/account');
    const second = await t.api(key, 'GET', '/account');
    const a = (first.json as { request_id: string }).request_id;
    const b = (second.json as { request_id: string }).request_id;
    expect(a).toMatch(/^req_/);
    expect(a).not.toBe(b);
    expect(first.headers['x-request-id']).toBe(a);
  });

  it('[R8] timestamps are UTC', async () => {
    const list = (await t.api(key, 'GET', '/faxes')).json as ListJson<FaxJson>;
    for (const fax of list.data.data) expect(fax.created_at.endsWith('Z')).toBe(true);
  });
});
