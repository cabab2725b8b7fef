// Spec sections "What the service does" and "Versioning" (+ the transport rules they state).
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope, onePagePdf, rawRequest, startTestSandbox, type FaxJson, type ListJson, type TestSandbox } from './testkit';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => t.close());

function plainHttp(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('What the service does', () => {
  it('[W1] a submission only queues the fax: 202 with status queued', async () => {
    const { key } = await t.fullAccess();
    const response = await t.send(key, [{ name: 'to', value: '+14155550100' }, { name: 'files', filename: 'a.pdf', content: onePagePdf }]);
    expect(response.status).toBe(202);
    expect((response.json as { data: FaxJson }).data.status).toBe('queued');
  });

  it('[W2] inbound faxes appear in the same list with direction inbound', async () => {
    const { accountId, key } = await t.fullAccess();
    const { json } = await t.control<{ fax_id: number }>('POST', `/accounts/${accountId}/inbound`, { pages: 2 });
    const list = (await t.api(key, 'GET', '/faxes')).json as ListJson<FaxJson>;
    const inbound = list.data.data.find((fax) => fax.id === json.fax_id);
    expect(inbound?.direction).toBe('inbound');
    expect(inbound?.pages).toBe(2);
  });

  it('[W3] the document of a fax can be downloaded as a PDF', async () => {
    const { accountId, key } = await t.fullAccess();
    const { json } = await t.control<{ fax_id: number }>('POST', `/accounts/${accountId}/inbound`, { pages: 3 });
    const pdf = await t.api(key, 'GET', `/faxes/${json.fax_id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('[W4] plain HTTP is refused with an error envelope', async () => {
    const reply = await plainHttp(t.sandbox.port, 'GET /v1/faxes HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { error: { code: string } };
    expect(body.error.code).toBe('https_required');
  });

  it('[W4] the service speaks TLS with a certificate for 127.0.0.1 signed by the sandbox CA', async () => {
    const authorized = await new Promise<boolean>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port: t.sandbox.port, ca: t.sandbox.caCert }, () => {
        resolve(socket.authorized);
        socket.end();
      });
      socket.on('error', reject);
    });
    expect(authorized).toBe(true);
    await expect(rawRequest(`${t.sandbox.baseUrl}/faxes`)).rejects.toThrow(/self-signed|certificate/i);
  });

  it('[W5][V1] every path lives under /v1; other prefixes are 404 not_found', async () => {
    const { key } = await t.fullAccess();
    expect(t.sandbox.baseUrl).toMatch(/\/v1$/);
    const other = await rawRequest(t.sandbox.baseUrl.replace('/v1', '/v2/faxes'), { ca: t.sandbox.caCert, headers: { Authorization: `Bearer ${key}` } });
    expect(other.status).toBe(404);
    expect(expectErrorEnvelope(other).error.type).toBe('not_found');
    const unknown = await t.api(key, 'GET', '/v1/nothing-here');
    expect(unknown.status).toBe(404);
  });

  it('[V2] webhook read access through account:read is kept', async () => {
    const accountId = await t.account();
    const { key } = await t.key(accountId, ['account:read']);
    expect((await t.api(key, 'GET', '/webhooks')).status).toBe(200);
  });
});
