// Bad input never crashes the sandbox or corrupts its state: malformed multipart, random JSON, oversize bodies,
// huge headers, wrong types, unknown fields — each gets an error envelope.
import crypto from 'node:crypto';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope, multipart, onePagePdf, startTestSandbox, type FaxJson, type ListJson, type TestSandbox } from './testkit';

let t: TestSandbox;
let key: string;
beforeAll(async () => {
  t = await startTestSandbox();
  ({ key } = await t.fullAccess());
});
afterAll(async () => t.close());

// A seeded generator, so a failure can be replayed.
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function corrupt(body: Buffer, next: () => number): Buffer {
  const copy = Buffer.from(body);
  const mode = Math.floor(next() * 5);
  if (mode === 0) return copy.subarray(0, Math.floor(next() * copy.length)); // truncated
  if (mode === 1) {
    for (let flips = 0; flips < 1 + next() * 40; flips += 1) copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
    return copy;
  }
  if (mode === 2) {
    const at = Math.floor(next() * copy.length);
    return Buffer.concat([copy.subarray(0, at), crypto.randomBytes(Math.floor(next() * 300)), copy.subarray(at)]);
  }
  if (mode === 3) return Buffer.from(copy.toString('latin1').replace(/--/g, next() < 0.5 ? '-' : '---'), 'latin1');
  return Buffer.concat([copy, copy.subarray(0, Math.floor(next() * copy.length))]);
}

function randomJson(next: () => number, depth = 0): unknown {
  const kind = Math.floor(next() * (depth > 2 ? 5 : 7));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return Math.floor((next() - 0.5) * 1e12);
    case 3:
      return crypto.randomBytes(Math.floor(next() * 40)).toString(next() < 0.5 ? 'hex' : 'latin1');
    case 4:
      return ['https://a.example/', 'http://x', '', 'fax.received'][Math.floor(next() * 4)];
    case 5:
      return Array.from({ length: Math.floor(next() * 4) }, () => randomJson(next, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 4) }, () => [['url', 'events', 'description', 'x', '__proto__'][Math.floor(next() * 5)] ?? 'x', randomJson(next, depth + 1)]),
      );
  }
}

describe('robustness', () => {
  it('200 corrupted multipart uploads: every reply is a 202 or a 4xx envelope; exactly the 202s created faxes', async () => {
    const next = random(20261121);
    const valid = multipart([{ name: 'to', value: '+14155550100' }, { name: 'subject', value: 'fuzz' }, { name: 'files', filename: 'a.pdf', content: onePagePdf }]);
    let accepted = 0;
    for (let round = 0; round < 200; round += 1) {
      if (round % 100 === 99) await t.advance(61); // stay inside the rate limit
      const response = await t.api(key, 'POST', '/faxes', { headers: { 'Content-Type': valid.contentType }, body: corrupt(valid.body, next) });
      if (response.status === 202) accepted += 1;
      else {
        expect(response.status, `round ${round}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `round ${round}`).toBeLessThan(500);
        expectErrorEnvelope(response);
      }
    }
    const list = (await t.api(key, 'GET', '/faxes?limit=1')).json as ListJson<FaxJson>;
    expect(list.data.total).toBe(accepted);
  }, 120_000);

  it('300 random JSON bodies to POST /webhooks: a 201 or a 4xx envelope, never a crash', async () => {
    const next = random(7);
    await t.advance(61);
    for (let round = 0; round < 300; round += 1) {
      if (round % 100 === 99) await t.advance(61);
      const body = next() < 0.1 ? crypto.randomBytes(50).toString('latin1') : JSON.stringify(randomJson(next));
      const response = await t.api(key, 'POST', '/webhooks', { headers: { 'Content-Type': 'application/json' }, body });
      expect([201, 400]).toContain(response.status);
      if (response.status !== 201) expectErrorEnvelope(response);
    }
  });

  it('an oversize JSON body is refused with an envelope', async () => {
    await t.advance(61);
    const response = await t.api(key, 'POST', '/webhooks', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ url: 'https://a.example/', description: 'x'.repeat(200_000) }) });
    expect(response.status).toBe(400);
    expect(expectErrorEnvelope(response).error.code).toBe('body_too_large');
  });

  it('huge headers get a 431 envelope', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port: t.sandbox.port, ca: t.sandbox.caCert }, () => {
        socket.write(`GET /v1/faxes HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 431/);
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { error: { code: string }; request_id: string };
    expect(body.error.code).toBe('headers_too_large');
    expect(body.request_id).toMatch(/^req_/);
  });

  it('wrong types, unknown fields and wrong content types are 400 envelopes', async () => {
    const cases: Array<[string, string, { headers?: Record<string, string>; body?: string }]> = [
      ['GET', '/faxes?limit=-1', {}],
      ['GET', '/faxes?offset=1.5', {}],
      ['GET', '/faxes?limit=1&limit=2', {}],
      ['GET', '/faxes?colour=blue', {}],
      ['GET', '/faxes?status=exploded', {}],
      ['POST', '/faxes', { headers: { 'Content-Type': 'application/json' }, body: '{"to":"+14155550100"}' }],
      ['POST', '/webhooks', { headers: { 'Content-Type': 'text/plain' }, body: 'url=https://a.example' }],
      ['POST', '/webhooks', { headers: { 'Content-Type': 'application/json' }, body: '{"url":"https://a.example","colour":"blue"}' }],
      ['POST', '/webhooks', { headers: { 'Content-Type': 'application/json' }, body: '{"url":42}' }],
      ['POST', '/webhooks', { headers: { 'Content-Type': 'application/json' }, body: '[1,2]' }],
    ];
    for (const [method, path, options] of cases) {
      const response = await t.api(key, method, path, options);
      expect(response.status, `${method} ${path}`).toBe(400);
      expectErrorEnvelope(response);
    }
    const unknownField = await t.send(key, [{ name: 'to', value: '+14155550100' }, { name: 'priority', value: 'high' }, { name: 'files', filename: 'a.pdf', content: onePagePdf }]);
    expect(expectErrorEnvelope(unknownField).error.code).toBe('unknown_parameter');
  });

  it('after all of it the database is intact and the API still answers', async () => {
    const integrity = t.sandbox.db.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
    expect(integrity.integrity_check).toBe('ok');
    expect((await t.api(key, 'GET', '/account')).status).toBe(200);
    expect(t.sandbox.db.prepare("SELECT COUNT(*) AS n FROM idempotency WHERE state = 'processing'").get()).toEqual({ n: 0 });
  });
});
