import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FaxApiError } from '../../../main/api/api-error';
import { createFaxClient } from '../../../main/api/fax-client';
import { pathTemplate } from '../../../main/api/wire-format';
import { plainFormFile } from '../../../main/api/multipart-body';
import { createTransport } from '../../../main/api/https-transport';
import { createRateBudget } from '../../../main/api/rate-budget';
import { createLogger, memorySink } from '../../../main/log/logger';
import { json, startHttpsServer, type TestServer } from '../../helpers/https-test-server';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const key = 'fk_test_unit_0123456789abcdef';

async function clientFor(handler: Parameters<typeof startHttpsServer>[0], overrides: { onUnauthorized?: (requestId: string | null) => void } = {}) {
  const api = await startHttpsServer(handler);
  servers.push(api);
  const sink = memorySink();
  const client = createFaxClient({
    transport: createTransport({ baseUrl: `${api.origin}/v1`, extraCa: api.ca, userAgent: 'test' }),
    budget: createRateBudget(),
    apiKey: () => Promise.resolve(key),
    log: createLogger({ sinks: [sink], level: 'debug' }),
    onUnauthorized: overrides.onUnauthorized ?? (() => undefined),
    sleep: () => Promise.resolve(),
    random: () => 0,
  });
  return { api, client, logLines: sink.lines };
}

const fax = { id: 1, reference: 'FX-1', object: 'fax', status: 'delivered', to: '+14155550100', pages: 1, created_at: '2026-01-01T00:00:00Z', recipients: [] };

describe('fax client: replies it cannot use become typed errors, never crashes', () => {
  it.each([
    ['non-JSON', (response: import('node:http').ServerResponse) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>proxy</html>'), 'not JSON'],
    ['JSON of the wrong shape', (response: import('node:http').ServerResponse) => json(response, 200, { data: { id: 'x' } }), 'unexpected shape'],
    ['truncated JSON', (response: import('node:http').ServerResponse) => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data": {"id": 1, "sta'), 'not JSON'],
    ['an empty body', (response: import('node:http').ServerResponse) => response.writeHead(200).end(), 'not JSON'],
  ])('%s', async (_label, reply, detail) => {
    const { client } = await clientFor((_request, response) => reply(response));
    const error = (await client.getFax('1').catch((caught: unknown) => caught)) as FaxApiError;
    expect(error).toBeInstanceOf(FaxApiError);
    expect(error.failure).toMatchObject({ kind: 'malformed', detail });
  });

  it('an error reply that is not an envelope still gives the status (e.g. an HTML 502 from a proxy)', async () => {
    const { client } = await clientFor((_request, response) => response.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    const error = (await client.getAccount({ retry: null }).catch((caught: unknown) => caught)) as FaxApiError;
    expect(error.failure).toMatchObject({ kind: 'http', status: 502, type: null, code: null });
  });

  it('a list with one unreadable item keeps the others and says how many were left out', async () => {
    const { client, logLines } = await clientFor((_request, response) =>
      json(response, 200, { data: { object: 'list', data: [fax, { id: 'broken' }, { ...fax, id: 2 }], total: 3, limit: 100, offset: 0, has_more: false } }),
    );
    const page = await client.listFaxes({ limit: 100 });
    expect(page.items.map((item) => item.id)).toEqual(['1', '2']);
    expect(page.skipped).toBe(1);
    expect(logLines.join('\n')).toContain('api.items_skipped');
  });

  it('the error envelope is read verbatim: type, code, message, request id', async () => {
    const { client } = await clientFor((_request, response) =>
      json(response, 404, { error: { type: 'not_found', code: 'resource_not_found', message: 'No such fax.' }, request_id: 'req_abc' }),
    );
    const error = (await client.getFax('9').catch((caught: unknown) => caught)) as FaxApiError;
    expect(error.failure).toMatchObject({ kind: 'http', status: 404, type: 'not_found', code: 'resource_not_found', message: 'No such fax.', requestId: 'req_abc' });
  });
});

describe('fax client: webhook deletion', () => {
  it('a 202 says the service accepted the deletion and is still at it; a 204 that it is done', async () => {
    let status = 202;
    const { client, api } = await clientFor((_request, response) => response.writeHead(status).end());
    await expect(client.deleteWebhook('we_1')).resolves.toEqual({ accepted: true });
    status = 204;
    await expect(client.deleteWebhook('we_2')).resolves.toEqual({ accepted: false });
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['DELETE /v1/webhooks/we_1', 'DELETE /v1/webhooks/we_2']);
  });
});

describe('fax client: values outside the spec\'s types', () => {
  it('a request id that is not a string, a page count that is not a count, an unknown field: the fax is still read, they as unknown', async () => {
    const { client } = await clientFor((_request, response) => json(response, 200, { data: { ...fax, pages: 'many', colour: 'blue', recipients: 'n/a' }, request_id: 42 }));
    const { fax: read, requestId } = await client.getFax('1');
    expect(read).toMatchObject({ id: '1', pages: null, recipients: [] });
    expect(requestId).toBeNull();
  });
});

describe('fax client: retries', () => {
  it('retries a 500 and succeeds, sending the same Idempotency-Key every time', async () => {
    let calls = 0;
    const { api, client } = await clientFor((request, response) => {
      request.resume();
      request.on('end', () => {
        calls += 1;
        if (calls < 3) json(response, 500, { error: { type: 'api_error', code: 'internal_error', message: 'x' }, request_id: `req_${calls}` });
        else json(response, 202, { data: { id: 77, reference: 'FX-77', object: 'fax', status: 'queued', to: '+14155550100', pages: 1 }, request_id: 'req_ok' });
      });
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'send-'));
    const file = path.join(dir, 'a.pdf');
    fs.writeFileSync(file, '%PDF-1.4 test');
    const result = await client.sendFax(
      { recipients: [{ number: '+14155550100' }], files: [plainFormFile({ name: 'files', filename: 'document-1.pdf', contentType: 'application/pdf', path: file, size: fs.statSync(file).size })] },
      { idempotencyKey: 'idem-123' },
    );
    expect(result).toMatchObject({ faxId: '77', replayed: false, requestId: 'req_ok' });
    expect(api.requests.map((request) => request.headers['idempotency-key'])).toEqual(['idem-123', 'idem-123', 'idem-123']);
  });

  it.each([
    ['a wrongly typed id', { data: { id: 'seventy-seven', status: 'queued' } }],
    ['no data', { request_id: 'req_x' }],
    ['an id that is not a whole number', { data: { id: 7.5 } }],
  ])('a 202 reply to a send with %s is unreadable (malformed), so the outbox can treat its outcome as unknown', async (_label, body) => {
    const { client } = await clientFor((request, response) => {
      request.resume();
      request.on('end', () => json(response, 202, body));
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'send-'));
    const file = path.join(dir, 'a.pdf');
    fs.writeFileSync(file, '%PDF-1.4 test');
    const error = (await client
      .sendFax({ recipients: [{ number: '+14155550100' }], files: [plainFormFile({ name: 'files', filename: 'document-1.pdf', contentType: 'application/pdf', path: file, size: 13 })] }, { idempotencyKey: 'k', retry: null })
      .catch((caught: unknown) => caught)) as FaxApiError;
    expect(error.failure).toMatchObject({ kind: 'malformed', status: 202, detail: 'unexpected shape' });
  });

  it.each([400, 402, 403, 404, 422])('never retries a %i', async (status) => {
    const { api, client } = await clientFor((_request, response) => json(response, status, { error: { type: 't', code: 'c', message: 'm' } }));
    await expect(client.getAccount()).rejects.toBeInstanceOf(FaxApiError);
    expect(api.requests).toHaveLength(1);
  });

  it('a 429 waits for Retry-After before the next request', async () => {
    let calls = 0;
    const { api, client } = await clientFor((_request, response) => {
      calls += 1;
      if (calls === 1) json(response, 429, { error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'slow down' } }, { 'Retry-After': '1' });
      else json(response, 200, { data: { plan: 'solo' } });
    });
    const started = Date.now();
    await client.getAccount();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(api.requests).toHaveLength(2);
  });

  it('a 401 is reported to the connection with its request id and not retried', async () => {
    const onUnauthorized = vi.fn();
    const { api, client } = await clientFor(
      (_request, response) => json(response, 401, { error: { type: 'authentication_error', code: 'invalid_api_key', message: 'no' }, request_id: 'req_401' }),
      { onUnauthorized },
    );
    await expect(client.listFaxes({ limit: 1 })).rejects.toBeInstanceOf(FaxApiError);
    expect(onUnauthorized).toHaveBeenCalledWith('req_401');
    expect(api.requests).toHaveLength(1);
  });

  it('logs calls without the key, the query or any number', async () => {
    const { client, logLines } = await clientFor((_request, response) => json(response, 200, { data: { object: 'list', data: [], total: 0 } }));
    await client.listContacts({ q: 'Jane Doe +14155550100', limit: 10, offset: 0 });
    const text = logLines.join('\n');
    expect(text).toContain('api.reply');
    expect(text).not.toMatch(/Jane|4155550100|fk_test|Bearer/);
  });

  it('logs a document download by its path template: no fax id, no URL', async () => {
    const { client, logLines } = await clientFor((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/pdf' }).end('%PDF-1.4 secret body');
    });
    const received: Buffer[] = [];
    await client.downloadPdf('987654', () => new Writable({ write: (chunk: Buffer, _encoding, done) => (received.push(chunk), done()) }));
    expect(Buffer.concat(received).toString()).toBe('%PDF-1.4 secret body');
    const text = logLines.join('\n');
    expect(text).toContain('"route":"/faxes/:id/pdf"');
    expect(text).not.toMatch(/987654|%PDF|secret body|https:/);
    expect(pathTemplate('/webhooks/we_123?x=1')).toBe('/webhooks/:id');
  });
});
