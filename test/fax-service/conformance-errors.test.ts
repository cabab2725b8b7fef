// Spec section "Errors": every status of the table, in the error envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope, onePagePdf, startTestSandbox, type TestSandbox } from './testkit';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => t.close());

describe('Errors', () => {
  it('[X1] 400 invalid_request for malformed parameters', async () => {
    const { key } = await t.fullAccess();
    const response = await t.api(key, 'GET', '/faxes?limit=lots');
    expect(response.status).toBe(400);
    expect(expectErrorEnvelope(response).error.type).toBe('invalid_request');
  });

  it('[X2] 401 authentication_error', async () => {
    const response = await t.api('fk_test_wrong_000000000000000000000000', 'GET', '/faxes');
    expect(response.status).toBe(401);
    expect(expectErrorEnvelope(response).error.type).toBe('authentication_error');
  });

  it('[X3] 402 with type quota_error and code page_limit_reached', async () => {
    const { key } = await t.fullAccess({ page_limit: 1, pages_used: 1 });
    const response = await t.send(key, [{ name: 'to', value: '+14155550100' }, { name: 'files', filename: 'a.pdf', content: onePagePdf }]);
    expect(response.status).toBe(402);
    expect(expectErrorEnvelope(response).error).toMatchObject({ type: 'quota_error', code: 'page_limit_reached' });
  });

  it('[X4] 403 permission_error', async () => {
    const accountId = await t.account();
    const { key } = await t.key(accountId, ['account:read']);
    const response = await t.api(key, 'GET', '/faxes');
    expect(response.status).toBe(403);
    expect(expectErrorEnvelope(response).error.type).toBe('permission_error');
  });

  it('[X5] 404 not_found', async () => {
    const { key } = await t.fullAccess();
    const response = await t.api(key, 'GET', '/faxes/424242');
    expect(response.status).toBe(404);
    expect(expectErrorEnvelope(response).error.type).toBe('not_found');
  });

  it('[X9] 500 api_error, retryable with the same Idempotency-Key', async () => {
    const { key } = await t.fullAccess();
    await t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 500, times: 1 });
    const parts = [{ name: 'to', value: '+14155550100' }, { name: 'files', filename: 'a.pdf', content: onePagePdf }];
    const failed = await t.send(key, parts, { 'Idempotency-Key': 'retry-me-1' });
    expect(failed.status).toBe(500);
    expect(expectErrorEnvelope(failed).error.type).toBe('api_error');
    const retried = await t.send(key, parts, { 'Idempotency-Key': 'retry-me-1' });
    expect(retried.status).toBe(202);
  });

});
