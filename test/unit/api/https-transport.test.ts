import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FaxApiError } from '../../../main/api/api-error';
import { createTransport, secureContextTrusting } from '../../../main/api/https-transport';
import { json, startHttpsServer, type TestServer } from '../../helpers/https-test-server';
import { loadOrCreateTls, type SandboxTls } from '../../fax-service/tls';

const tlsFolders: string[] = [];
/** Certificates of a CA of their own (not the test servers'). */
function otherTls(): Promise<SandboxTls> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-other-ca-'));
  tlsFolders.push(folder);
  return loadOrCreateTls(folder);
}
afterAll(() => {
  for (const folder of tlsFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function server(handler: Parameters<typeof startHttpsServer>[0]): Promise<TestServer> {
  const started = await startHttpsServer(handler);
  servers.push(started);
  return started;
}

const auth = 'Bearer fk_test_secret_value_123';

describe('https transport', () => {
  it('sends the key in the Authorization header only, never in the URL', async () => {
    const api = await server((_request, response) => json(response, 200, { ok: true }));
    const transport = createTransport({ baseUrl: `${api.origin}/v1`, extraCa: api.ca, userAgent: 'test' });
    const result = await transport.request({ method: 'GET', path: '/faxes', query: { limit: 5, offset: undefined } }, auth);
    expect(result.status).toBe(200);
    expect(api.requests[0]?.url).toBe('/v1/faxes?limit=5');
    expect(api.requests[0]?.headers.authorization).toBe(auth);
    expect(api.requests[0]?.url).not.toContain('secret');
    transport.close();
  });

  it('refuses a server whose certificate is not trusted (verification is never off)', async () => {
    const api = await server((_request, response) => json(response, 200, {}));
    const transport = createTransport({ baseUrl: `${api.origin}/v1`, extraCa: null, userAgent: 'test' });
    const error = await transport.request({ method: 'GET', path: '/account' }, auth).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FaxApiError);
    expect((error as FaxApiError).failure.kind).toBe('tls');
    expect(api.requests).toHaveLength(0);
    transport.close();
  });

  it("one secure context per extra CA: a second transport for a CA reuses it, and never trusts another transport's CA", async () => {
    const api = await server((_request, response) => json(response, 200, {}));
    const otherCa = (await otherTls()).ca.cert;
    expect(otherCa).not.toBe(api.ca);
    expect(secureContextTrusting(api.ca)).toBe(secureContextTrusting(api.ca));
    expect(secureContextTrusting(otherCa)).not.toBe(secureContextTrusting(api.ca));
    const trustingOther = createTransport({ baseUrl: `${api.origin}/v1`, extraCa: otherCa, userAgent: 'test' });
    const error = await trustingOther.request({ method: 'GET', path: '/account' }, auth).catch((caught: unknown) => caught);
    expect((error as FaxApiError).failure.kind).toBe('tls');
    const trustingApi = createTransport({ baseUrl: `${api.origin}/v1`, extraCa: api.ca, userAgent: 'test' });
    expect((await trustingApi.request({ method: 'GET', path: '/account' }, auth)).status).toBe(200);
    trustingOther.close();
    trustingApi.close();
  });

  it('keeps the secure contexts of the last eight CAs only', async () => {
    const pems = await Promise.all(Array.from({ length: 9 }, async () => (await otherTls()).ca.cert));
    const firstContext = secureContextTrusting(pems[0] ?? '');
    for (const pem of pems.slice(1)) secureContextTrusting(pem);
    expect(secureContextTrusting(pems[8] ?? '')).toBe(secureContextTrusting(pems[8] ?? ''));
    expect(secureContextTrusting(pems[0] ?? '')).not.toBe(firstContext);
  });

  it('follows a same-origin redirect with the key, and a cross-origin one without it', async () => {
    const other = await server((_request, response) => json(response, 200, { moved: true }));
    const api = await server((request, response) => {
      if (request.url === '/v1/old') response.writeHead(302, { Location: '/v1/new' }).end();
      else if (request.url === '/v1/away') response.writeHead(307, { Location: `${other.origin}/elsewhere` }).end();
      else json(response, 200, { here: true });
    });
    const transport = createTransport({ baseUrl: `${api.origin}/v1`, extraCa: api.ca, userAgent: 'test' });
    await transport.request({ method: 'GET', path: '/old' }, auth);
    expect(api.requests.map((request) => [request.url, request.headers.authorization])).toEqual([
      ['/v1/old', auth],
      ['/v1/new', auth],
    ]);
    await transport.request({ method: 'GET', path: '/away' }, auth);
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
    transport.close();
  });

  it('refuses redirects to plain http, redirect loops, and redirected POSTs', async () => {
    const api = await server((request, response) => {
      if (request.url === '/v1/plain') response.writeHead(301, { Location: 'http://127.0.0.1:9/v1/x' }).end();
      else if (request.url === '/v1/loop') response.writeHead(302, { Location: '/v1/loop' }).end();
      else response.writeHead(303, { Location: '/v1/elsewhere' }).end();
    });
    const transport = createTransport({ baseUrl: `${api.origin}/v1`, extraCa: api.ca, userAgent: 'test' });
    for (const [method, path, detail] of [
      ['GET', '/plain', /non-https/],
      ['GET', '/loop', /too many/],
      ['POST', '/faxes', /POST was redirected/],
    ] as const) {
      const error = (await transport.request({ method, path }, auth).catch((caught: unknown) => caught)) as FaxApiError;
      expect(error.failure.kind, path).toBe('refused_redirect');
      expect(error.message).toMatch(detail);
    }
    expect(api.requests.filter((request) => request.url === '/v1/loop').length).toBe(4);
    transport.close();
  });

  it('caps a huge reply instead of reading it all', async () => {
    const api = await server((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 64 && response.write(chunk)) sent += 1;
        if (sent < 64) response.once('drain', pump);
        else response.end();
      };
      pump();
    });
    const transport = createTransport({ baseUrl: `${api.origin}/v1`, extraCa: api.ca, userAgent: 'test' });
    const error = (await transport.request({ method: 'GET', path: '/faxes', maxResponseBytes: 2 * 1024 * 1024 }, auth).catch((caught: unknown) => caught)) as FaxApiError;
    expect(error.failure).toMatchObject({ kind: 'malformed', detail: 'reply too large' });
    transport.close();
  });

  it('a reply cut short (fewer bytes than Content-Length) is a network error, not a half-read body', async () => {
    const api = await server((request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      response.write('{"data": {"object": "list", "da');
      setTimeout(() => request.socket.destroy(), 20);
    });
    const transport = createTransport({ baseUrl: `${api.origin}/v1`, extraCa: api.ca, userAgent: 'test' });
    const error = (await transport.request({ method: 'GET', path: '/faxes' }, auth).catch((caught: unknown) => caught)) as FaxApiError;
    expect(error.failure.kind).toBe('network');
    transport.close();
  });

  it('times out a silent server', async () => {
    const api = await server(() => undefined);
    const transport = createTransport({ baseUrl: `${api.origin}/v1`, extraCa: api.ca, userAgent: 'test', idleTimeoutMs: 200 });
    const error = (await transport.request({ method: 'GET', path: '/account' }, auth).catch((caught: unknown) => caught)) as FaxApiError;
    expect(error.failure.kind).toBe('timeout');
    transport.close();
  });

  it('streams a 2xx body into a sink', async () => {
    const api = await server((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/pdf' });
      response.end(Buffer.from('%PDF-1.7 fake'));
    });
    const transport = createTransport({ baseUrl: `${api.origin}/v1`, extraCa: api.ca, userAgent: 'test' });
    const received: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk);
        callback();
      },
    });
    const result = await transport.request({ method: 'GET', path: '/faxes/1/pdf', sink: () => sink }, auth);
    expect(result.body.length).toBe(0);
    expect(Buffer.concat(received).toString()).toBe('%PDF-1.7 fake');
    transport.close();
  });
});
