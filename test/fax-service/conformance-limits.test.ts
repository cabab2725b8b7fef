// Spec section "Limits": rate limit, recipient/file/size limits, idempotency rules and the quota rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope, multipart, onePagePdf, rawRequest, startTestSandbox, type FaxJson, type ListJson, type Part, type TestSandbox } from './testkit';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => t.close());

const pdfPart: Part = { name: 'files', filename: 'a.pdf', content: onePagePdf };
const to = (value: string): Part => ({ name: 'to', value });

describe('Rate limit', () => {
  it('[L1][L2][X8] 120 requests a minute per key; X-RateLimit-* on every response; 429 rate_limit_error with Retry-After', async () => {
    const accountId = await t.account();
    const { key } = await t.key(accountId, ['account:read']);
    let last = await t.api(key, 'GET', '/account');
    expect(last.headers['x-ratelimit-limit']).toBe('120');
    expect(last.headers['x-ratelimit-remaining']).toBe('119');
    const reset = Number(last.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    for (let index = 2; index <= 120; index += 1) last = await t.api(key, 'GET', '/account');
    expect(last.status).toBe(200);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    const limited = await t.api(key, 'GET', '/account');
    expect(limited.status).toBe(429);
    expect(expectErrorEnvelope(limited).error.type).toBe('rate_limit_error');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    // Per key: another key of the same account is unaffected.
    const other = await t.key(accountId, ['account:read']);
    expect((await t.api(other.key, 'GET', '/account')).status).toBe(200);
    // The window ends with the virtual minute.
    await t.advance(61);
    expect((await t.api(key, 'GET', '/account')).status).toBe(200);
  });

  it('[L2] error responses carry the rate headers too', async () => {
    const { key } = await t.fullAccess();
    const response = await t.api(key, 'GET', '/faxes/999999');
    expect(response.status).toBe(404);
    expect(response.headers['x-ratelimit-limit']).toBe('120');
    const unauthenticated = await rawRequest(`${t.sandbox.baseUrl}/faxes`, { ca: t.sandbox.caCert });
    expect(unauthenticated.headers['x-ratelimit-remaining']).toBeDefined();
  });
});

describe('Size limits', () => {
  it('[L4] 20 files are accepted, the 21st is refused', async () => {
    const { key } = await t.fullAccess();
    const twenty = Array.from({ length: 20 }, (): Part => pdfPart);
    expect((await t.send(key, [to('+14155550100'), ...twenty])).status).toBe(202);
    const response = await t.send(key, [to('+14155550100'), ...twenty, pdfPart]);
    expect(response.status).toBe(400);
    expect(expectErrorEnvelope(response).error.code).toBe('too_many_files');
  });

  it('[L5] 25 MB per file: exactly 25 MB is accepted, one byte more is refused', async () => {
    const { key } = await t.fullAccess();
    const exact = Buffer.concat([onePagePdf, Buffer.alloc(25_000_000 - onePagePdf.length, 0x20)]);
    expect((await t.send(key, [to('+14155550100'), { name: 'files', filename: 'big.pdf', content: exact }])).status).toBe(202);
    const over = Buffer.concat([exact, Buffer.from(' ')]);
    const response = await t.send(key, [to('+14155550100'), { name: 'files', filename: 'big.pdf', content: over }]);
    expect(response.status).toBe(400);
    expect(expectErrorEnvelope(response).error.code).toBe('file_too_large');
  });

  it('[L3] 20 recipients (see also F1)', async () => {
    const { key } = await t.fullAccess();
    const recipients = Array.from({ length: 20 }, (_, index) => to(`+1415555${2000 + index}`));
    expect((await t.send(key, [...recipients, pdfPart])).status).toBe(202);
  });
});

describe('Idempotency', () => {
  it('[I1] same key, same request: the original response with Idempotent-Replay: true, and no second fax', async () => {
    const { key } = await t.fullAccess();
    const first = await t.send(key, [to('+14155550100'), pdfPart], { 'Idempotency-Key': 'same-1' });
    const second = await t.send(key, [to('+14155550100'), pdfPart], { 'Idempotency-Key': 'same-1' });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.headers['idempotent-replay']).toBe('true');
    expect(first.headers['idempotent-replay']).toBeUndefined();
    expect(second.json).toEqual(first.json);
    expect(((await t.api(key, 'GET', '/faxes')).json as ListJson<FaxJson>).data.total).toBe(1);
  });

  it('[I2][X6] same key while the first request is still processing: 409 request_in_progress', async () => {
    const { key } = await t.fullAccess();
    const form = multipart([to('+14155550100'), { name: 'files', filename: 'a.pdf', content: Buffer.concat([onePagePdf, Buffer.alloc(8_000_000)]) }]);
    const https = await import('node:https');
    // Start an upload and hold it half-way: the key is held from the moment the headers arrive.
    const slow = https.request(`${t.sandbox.baseUrl}/faxes`, {
      method: 'POST',
      ca: t.sandbox.caCert,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': form.contentType, 'Content-Length': String(form.body.length), 'Idempotency-Key': 'busy-1' },
    });
    const slowResponse = new Promise<number>((resolve) => slow.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }));
    slow.write(form.body.subarray(0, 1_000_000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const concurrent = await t.send(key, [to('+14155550100'), pdfPart], { 'Idempotency-Key': 'busy-1' });
    expect(concurrent.status).toBe(409);
    expect(expectErrorEnvelope(concurrent).error.code).toBe('request_in_progress');
    slow.end(form.body.subarray(1_000_000));
    expect(await slowResponse).toBe(202);
  });

  it('[I3][X7] same key with a different request: 422 idempotency_key_reused', async () => {
    const { key } = await t.fullAccess();
    expect((await t.send(key, [to('+14155550100'), pdfPart], { 'Idempotency-Key': 'reuse-1' })).status).toBe(202);
    const response = await t.send(key, [to('+14155550999'), pdfPart], { 'Idempotency-Key': 'reuse-1' });
    expect(response.status).toBe(422);
    expect(expectErrorEnvelope(response).error.code).toBe('idempotency_key_reused');
  });

  it('[I4] a request that fails before completing releases its key (validation error, then a valid retry)', async () => {
    const { key } = await t.fullAccess();
    const invalid = await t.send(key, [to('not-a-number'), pdfPart], { 'Idempotency-Key': 'release-1' });
    expect(invalid.status).toBe(400);
    const valid = await t.send(key, [to('+14155550100'), pdfPart], { 'Idempotency-Key': 'release-1' });
    expect(valid.status).toBe(202);
    expect(valid.headers['idempotent-replay']).toBeUndefined();
  });

  it('[I4] an upload cut off mid-way releases its key', async () => {
    const { key } = await t.fullAccess();
    const form = multipart([to('+14155550100'), { name: 'files', filename: 'a.pdf', content: Buffer.concat([onePagePdf, Buffer.alloc(2_000_000)]) }]);
    const https = await import('node:https');
    const cut = https.request(`${t.sandbox.baseUrl}/faxes`, {
      method: 'POST',
      ca: t.sandbox.caCert,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': form.contentType, 'Content-Length': String(form.body.length), 'Idempotency-Key': 'cut-1' },
    });
    cut.on('error', () => undefined);
    cut.write(form.body.subarray(0, 500_000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    cut.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const retry = await t.send(key, [to('+14155550100'), { name: 'files', filename: 'a.pdf', content: Buffer.concat([onePagePdf, Buffer.alloc(2_000_000)]) }], { 'Idempotency-Key': 'cut-1' });
    expect(retry.status).toBe(202);
    expect(((await t.api(key, 'GET', '/faxes')).json as ListJson<FaxJson>).data.total).toBe(1);
  });

  it('[L8] keys are scoped to the account and kept 24 hours', async () => {
    const first = await t.fullAccess();
    const second = await t.fullAccess();
    expect((await t.send(first.key, [to('+14155550100'), pdfPart], { 'Idempotency-Key': 'scoped-1' })).status).toBe(202);
    const otherAccount = await t.send(second.key, [to('+14155550555'), pdfPart], { 'Idempotency-Key': 'scoped-1' });
    expect(otherAccount.status).toBe(202);
    expect(otherAccount.headers['idempotent-replay']).toBeUndefined();
    await t.advance(23 * 3600);
    expect((await t.send(first.key, [to('+14155550100'), pdfPart], { 'Idempotency-Key': 'scoped-1' })).headers['idempotent-replay']).toBe('true');
    await t.advance(3600);
    const afterRetention = await t.send(first.key, [to('+14155550100'), pdfPart], { 'Idempotency-Key': 'scoped-1' });
    expect(afterRetention.status).toBe(202);
    expect(afterRetention.headers['idempotent-replay']).toBeUndefined();
    expect(((await t.api(first.key, 'GET', '/faxes')).json as ListJson<FaxJson>).data.total).toBe(2);
  });

  it('[I1][X9] a failure after the fax was created (after_commit) replays the 202 on retry: exactly one fax', async () => {
    const { key } = await t.fullAccess();
    await t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 500, times: 1, after_commit: true });
    const failed = await t.send(key, [to('+14155550100'), pdfPart], { 'Idempotency-Key': 'commit-1' });
    expect(failed.status).toBe(500);
    const retry = await t.send(key, [to('+14155550100'), pdfPart], { 'Idempotency-Key': 'commit-1' });
    expect(retry.status).toBe(202);
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(((await t.api(key, 'GET', '/faxes')).json as ListJson<FaxJson>).data.total).toBe(1);
  });
});

describe('Quota', () => {
  it('[Q1] pages sent count against the allowance (pages × recipients)', async () => {
    const { key } = await t.fullAccess({ page_limit: 100, pages_used: 0 });
    await t.send(key, [to('+14155550100'), to('+14155550101'), pdfPart, pdfPart]);
    expect(((await t.api(key, 'GET', '/account')).json as { data: { pages_used: number } }).data.pages_used).toBe(4);
  });

  it('[Q3] sending that would exceed the limit gives 402 quota_error; nothing is created or counted', async () => {
    const { key } = await t.fullAccess({ page_limit: 10, pages_used: 9 });
    const response = await t.send(key, [to('+14155550100'), to('+14155550101'), pdfPart]);
    expect(response.status).toBe(402);
    expect(expectErrorEnvelope(response).error).toMatchObject({ type: 'quota_error', code: 'page_limit_reached' });
    expect(((await t.api(key, 'GET', '/faxes')).json as ListJson<FaxJson>).data.total).toBe(0);
    expect(((await t.api(key, 'GET', '/account')).json as { data: { pages_used: number } }).data.pages_used).toBe(9);
  });

  it('[Q2] at 110 % of the limit sending and receiving pause until topped up', async () => {
    const { accountId, key } = await t.fullAccess({ page_limit: 100, pages_used: 105 });
    // Receiving still works below 110 % and can push usage over it…
    expect((await t.control('POST', `/accounts/${accountId}/inbound`, { pages: 5 })).status).toBe(201);
    const account = ((await t.api(key, 'GET', '/account')).json as { data: { pages_used: number; status: string } }).data;
    expect(account).toMatchObject({ pages_used: 110, status: 'paused' });
    // …then both pause.
    const send = await t.send(key, [to('+14155550100'), pdfPart]);
    expect(send.status).toBe(402);
    expect(expectErrorEnvelope(send).error).toMatchObject({ type: 'quota_error', code: 'account_paused' });
    const receive = await t.control<{ error: { code: string } }>('POST', `/accounts/${accountId}/inbound`, {});
    expect(receive.status).toBe(402);
    expect(receive.json.error.code).toBe('account_paused');
    // Topped up: both resume.
    await t.control('PATCH', `/accounts/${accountId}`, { page_limit: 1000 });
    expect((await t.send(key, [to('+14155550100'), pdfPart])).status).toBe(202);
    expect((await t.control('POST', `/accounts/${accountId}/inbound`, {})).status).toBe(201);
  });
});
