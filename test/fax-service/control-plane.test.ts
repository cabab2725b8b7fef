// The contract tests and tools rely on: the CLI's JSON line, the control plane, faults.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tsxLoaderArgs } from '../helpers/tsx-child';
import { multipart, onePagePdf, rawRequest, startTestSandbox, type FaxJson, type ListJson, type TestSandbox } from './testkit';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => t.close());

describe('CLI', () => {
  it('`sandbox --port 0 --data <dir>` prints one JSON line with baseUrl, controlUrl, controlToken, caCertPath', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-sandbox-cli-'));
    const child = spawn(process.execPath, [...tsxLoaderArgs, 'test/fax-service/cli.ts', '--port', '0', '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const line = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\n')) resolve(text.split('\n')[0] ?? '');
      });
      child.on('exit', () => reject(new Error(`exited early: ${text}`)));
    });
    const ready = JSON.parse(line) as { baseUrl: string; controlUrl: string; controlToken: string; caCertPath: string };
    expect(ready.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(ready.controlUrl).toBe(ready.baseUrl.replace(/\/v1$/, '/sandbox'));
    expect(path.isAbsolute(ready.caCertPath)).toBe(true);
    const ca = fs.readFileSync(ready.caCertPath, 'utf8');
    const created = await rawRequest(`${ready.controlUrl}/accounts`, {
      method: 'POST',
      ca,
      headers: { Authorization: `Bearer ${ready.controlToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan: 'solo', page_limit: 10 }),
    });
    expect(created.status).toBe(201);
    expect(fs.existsSync(path.join(dataDir, 'sandbox.db'))).toBe(true);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('control plane', () => {
  it('refuses a wrong control token', async () => {
    const response = await rawRequest(`${t.sandbox.controlUrl}/accounts`, { method: 'POST', ca: t.sandbox.caCert, headers: { Authorization: 'Bearer nope' } });
    expect(response.status).toBe(401);
  });

  it('validates its inputs with error envelopes', async () => {
    expect((await t.control('POST', '/accounts', { plan: 'platinum', page_limit: 1 })).status).toBe(400);
    expect((await t.control('POST', '/accounts', { plan: 'solo' })).status).toBe(400);
    const accountId = await t.account();
    expect((await t.control('POST', `/accounts/${accountId}/keys`, { scopes: ['fax:teleport'] })).status).toBe(400);
    expect((await t.control('POST', `/accounts/${accountId}/numbers`, { number: '555' })).status).toBe(400);
    expect((await t.control('POST', '/accounts/acct_missing/contacts', { name: 'x' })).status).toBe(404);
    expect((await t.control('POST', '/clock', { advance_seconds: -5 })).status).toBe(400);
  });

  it('the clock stops where it is and runs on from there; advancing still moves it; a fax sent meanwhile waits for it', async () => {
    const nowOf = async (): Promise<number> => Date.parse((await t.control<{ now: string }>('GET', '/clock')).json.now);
    expect((await t.control('POST', '/clock', { frozen: 'yes' })).status).toBe(400);
    await t.freezeClock(true);
    const { key } = await t.fullAccess();
    const stopped = await nowOf();
    const sent = await t.send(key, [{ name: 'to', value: '+14155550100' }, { name: 'files', filename: 'a.pdf', content: onePagePdf }]);
    const id = (sent.json as { data: { id: number } }).data.id;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await nowOf()).toBe(stopped);
    expect(((await t.api(key, 'GET', `/faxes/${id}`)).json as { data: { status: string } }).data.status).toBe('queued');
    await t.advance(5);
    expect(await nowOf()).toBe(stopped + 5_000);
    expect(((await t.api(key, 'GET', `/faxes/${id}`)).json as { data: { status: string } }).data.status).toBe('delivered');
    await t.freezeClock(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await nowOf()).toBeGreaterThan(stopped + 5_000);
  });

  it('faults: the next `times` matching requests fail, then the service is normal again', async () => {
    const { key } = await t.fullAccess();
    await t.control('POST', '/faults', { method: 'GET', path: '/account', status: 503, times: 2 });
    expect((await t.api(key, 'GET', '/account')).status).toBe(503);
    expect((await t.api(key, 'GET', '/account')).status).toBe(503);
    expect((await t.api(key, 'GET', '/account')).status).toBe(200);
    await t.control('POST', '/faults', { method: 'GET', path: '/faxes/*', status: 500, times: 5 });
    expect((await t.api(key, 'GET', '/faxes/1')).status).toBe(500);
    expect((await t.control('DELETE', '/faults')).status).toBe(204);
    expect((await t.api(key, 'GET', '/faxes/1')).status).toBe(404);
  });

  it('a status-0 fault resets the connection mid-upload; nothing is created and the key is released', async () => {
    const { key } = await t.fullAccess();
    await t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 0, times: 1, reset_after_bytes: 200_000 });
    const form = multipart([{ name: 'to', value: '+14155550100' }, { name: 'files', filename: 'a.pdf', content: Buffer.concat([onePagePdf, Buffer.alloc(3_000_000)]) }]);
    const outcome = await new Promise<string>((resolve) => {
      const request = https.request(`${t.sandbox.baseUrl}/faxes`, {
        method: 'POST',
        ca: t.sandbox.caCert,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': form.contentType, 'Idempotency-Key': 'reset-1' },
      });
      request.on('response', (response) => resolve(`status ${response.statusCode}`));
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      request.end(form.body);
    });
    expect(outcome).toMatch(/ECONNRESET|EPIPE|socket hang up/);
    const retry = await t.api(key, 'POST', '/faxes', { headers: { 'Content-Type': form.contentType, 'Idempotency-Key': 'reset-1' }, body: form.body });
    expect(retry.status).toBe(202);
    expect(((await t.api(key, 'GET', '/faxes')).json as ListJson<FaxJson>).data.total).toBe(1);
  });

  it('a garble fault processes the send and answers 2xx with an unreadable body; the same key then replays the real reply', async () => {
    const { key } = await t.fullAccess();
    const form = multipart([{ name: 'to', value: '+14155550100' }, { name: 'files', filename: 'a.pdf', content: onePagePdf }]);
    const send = () => t.api(key, 'POST', '/faxes', { headers: { 'Content-Type': form.contentType, 'Idempotency-Key': 'garble-1' }, body: form.body });
    await t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 202, times: 1, garble: 'html' });
    const html = await send();
    expect(html.status).toBe(202);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.json).toBeNull();
    await t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 202, times: 1, garble: 'truncated' });
    expect((await send()).json).toBeNull();
    await t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 200, times: 1, garble: 'wrong_types' });
    expect((await send()).json).toMatchObject({ data: { id: 'not-a-number' } });
    const readable = await send();
    expect(readable.headers['idempotent-replay']).toBe('true');
    expect(readable.json).toMatchObject({ data: { status: 'queued' } });
    expect(((await t.api(key, 'GET', '/faxes')).json as ListJson<FaxJson>).data.total).toBe(1);
    expect((await t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 500, garble: 'html' })).status).toBe(400);
  });

  it('GET /sandbox/tls issues a 127.0.0.1 certificate signed by the sandbox CA', async () => {
    const { json } = await t.control<{ cert: string; key: string }>('GET', '/tls');
    const { X509Certificate } = await import('node:crypto');
    const leaf = new X509Certificate(json.cert);
    expect(leaf.checkIssued(new X509Certificate(t.sandbox.caCert))).toBe(true);
    expect(leaf.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(json.key).toContain('PRIVATE KEY');
  });

  it('GET /sandbox/accounts/{id}/requests shows the requests a key made (without any key in the record)', async () => {
    const { accountId, key } = await t.fullAccess();
    await t.api(key, 'GET', '/faxes?limit=3');
    const { json } = await t.control<{ data: Array<{ method: string; path: string; query: Record<string, string>; status: number }> }>('GET', `/accounts/${accountId}/requests`);
    expect(json.data).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/faxes', query: { limit: '3' }, status: 200 })]);
    expect(JSON.stringify(json)).not.toContain(key);
  });

  it('an inbound fax can carry exact document bytes (how tests deliver hostile or broken PDFs)', async () => {
    const { accountId, key } = await t.fullAccess();
    const bytes = Buffer.from('%PDF-1.4\n% not really a PDF, on purpose\n');
    const { status, json } = await t.control<{ fax_id: number }>('POST', `/accounts/${accountId}/inbound`, { document_base64: bytes.toString('base64') });
    expect(status).toBe(201);
    const pdf = await t.api(key, 'GET', `/faxes/${String(json.fax_id)}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.body.equals(bytes)).toBe(true);
    const many = await t.control('POST', `/accounts/${accountId}/inbound`, { count: 2, document_base64: bytes.toString('base64') });
    expect(many.status).toBe(400);
  });
});
