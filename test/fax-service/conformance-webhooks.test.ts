// Spec sections "Endpoints → Webhook endpoints" and "Events" (payloads, signatures, delivery rules).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, waitFor } from './receiver';
import { expectErrorEnvelope, onePagePdf, startTestSandbox, type ListJson, type TestSandbox } from './testkit';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => t.close());

interface Webhook {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  secret?: string;
}

async function createWebhook(key: string, body: unknown) {
  return t.api(key, 'POST', '/webhooks', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

function verify(secret: string, header: string, body: string): { ok: boolean; t: number } {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return { ok: false, t: 0 };
  const expected = crypto.createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return { ok: crypto.timingSafeEqual(expected, Buffer.from(match[2] ?? '', 'hex')), t: Number(match[1]) };
}

describe('Webhook endpoints', () => {
  it('[H2][H4][H1][H3] create returns the secret once; list never shows it; delete removes the endpoint', async () => {
    const { key } = await t.fullAccess();
    const created = await createWebhook(key, { url: 'https://hooks.example/fax', description: 'EHR bridge' });
    expect(created.status).toBe(201);
    const webhook = (created.json as { data: Webhook }).data;
    expect(webhook.secret).toMatch(/^whsec_/);
    expect(webhook.events.sort()).toEqual(['fax.delivered', 'fax.failed', 'fax.partial', 'fax.received']);
    const list = (await t.api(key, 'GET', '/webhooks')).json as ListJson<Webhook>;
    expect(list.data.data).toEqual([expect.objectContaining({ id: webhook.id, url: 'https://hooks.example/fax', description: 'EHR bridge' })]);
    expect(JSON.stringify(list)).not.toContain(webhook.secret ?? 'never');
    expect((await t.api(key, 'DELETE', `/webhooks/${webhook.id}`)).status).toBe(200);
    expect(((await t.api(key, 'GET', '/webhooks')).json as ListJson<Webhook>).data.total).toBe(0);
    expect((await t.api(key, 'DELETE', `/webhooks/${webhook.id}`)).status).toBe(404);
  });

  it('[H2][W4] the URL must be https', async () => {
    const { key } = await t.fullAccess();
    for (const url of ['http://hooks.example/fax', 'ftp://x', 'not a url']) {
      const response = await createWebhook(key, { url });
      expect(response.status, url).toBe(400);
      expect(expectErrorEnvelope(response).error.type).toBe('invalid_request');
    }
  });

  it('[H2] events restricts the subscription; unknown kinds are refused', async () => {
    const { key } = await t.fullAccess();
    const response = await createWebhook(key, { url: 'https://hooks.example/a', events: ['fax.failed'] });
    expect((response.json as { data: Webhook }).data.events).toEqual(['fax.failed']);
    expect((await createWebhook(key, { url: 'https://hooks.example/a', events: ['fax.exploded'] })).status).toBe(400);
  });

  it('[A4] GET needs webhooks:read or account:read; POST and DELETE need webhooks:write', async () => {
    const accountId = await t.account();
    const reader = await t.key(accountId, ['webhooks:read']);
    const writerless = await t.key(accountId, ['account:read', 'webhooks:read']);
    const none = await t.key(accountId, ['fax:read']);
    expect((await t.api(reader.key, 'GET', '/webhooks')).status).toBe(200);
    expect((await t.api(none.key, 'GET', '/webhooks')).status).toBe(403);
    expect((await createWebhook(writerless.key, { url: 'https://x.example/' })).status).toBe(403);
    expect((await t.api(writerless.key, 'DELETE', '/webhooks/we_x')).status).toBe(403);
  });
});

describe('Events and deliveries', () => {
  it('[E1][E2][E3][E6][E7] one signed delivery per fax outcome, with the per-recipient breakdown', async () => {
    const { key } = await t.fullAccess();
    const receiver = await startReceiver(t);
    const webhook = (await createWebhook(key, { url: receiver.url })).json as { data: Webhook };
    const sent = (await t.send(key, [{ name: 'to', value: '+14155550100' }, { name: 'to', value: '+14155550486' }, { name: 'files', filename: 'a.pdf', content: onePagePdf }])).json as {
      data: { id: number };
    };
    await t.advance(60);
    const [delivery] = await waitFor(() => receiver.deliveries, (items) => items.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.deliveries).toHaveLength(1);
    if (!delivery) throw new Error('no delivery');
    expect(delivery.headers['x-service-event']).toBe('fax.partial');
    const { json: clock } = await t.control<{ now: string }>('GET', '/clock');
    const signature = verify(webhook.data.secret ?? '', String(delivery.headers['x-service-signature']), delivery.body);
    expect(signature.ok).toBe(true);
    expect(Math.abs(Date.parse(clock.now) / 1000 - signature.t)).toBeLessThan(300);
    expect(verify('whsec_wrong', String(delivery.headers['x-service-signature']), delivery.body).ok).toBe(false);
    const payload = JSON.parse(delivery.body) as { id: string; type: string; created: number; data: Record<string, unknown> };
    expect(payload.id).toMatch(/^evt_/);
    expect(payload.type).toBe('fax.partial');
    expect(Number.isInteger(payload.created)).toBe(true);
    expect(payload.data).toMatchObject({ id: sent.data.id, object: 'fax', status: 'partial', pages: 1 });
    expect(payload.data.recipients).toEqual([
      { to: '+14155550100', status: 'delivered', error: null },
      { to: '+14155550486', status: 'failed', error: 'line_busy' },
    ]);
    await receiver.close();
  });

  it('[W2][E1] an inbound fax raises fax.received', async () => {
    const { accountId, key } = await t.fullAccess();
    const receiver = await startReceiver(t);
    await createWebhook(key, { url: receiver.url });
    const { json } = await t.control<{ fax_id: number }>('POST', `/accounts/${accountId}/inbound`, { pages: 2 });
    const [delivery] = await waitFor(() => receiver.deliveries, (items) => items.length >= 1);
    const payload = JSON.parse(delivery?.body ?? '{}') as { type: string; data: { id: number; pages: number } };
    expect(payload.type).toBe('fax.received');
    expect(payload.data).toMatchObject({ id: json.fax_id, pages: 2 });
    await receiver.close();
  });

  it('[E4] payloads carry operational metadata only — never document contents', async () => {
    const { accountId } = await t.fullAccess();
    await t.control('POST', `/accounts/${accountId}/inbound`, { pages: 1 });
    const { json } = await t.control<{ data: Array<{ standard: unknown; reduced: unknown }> }>('GET', `/accounts/${accountId}/events`);
    for (const event of json.data) expect(JSON.stringify(event)).not.toMatch(/%PDF|JVBER|base64/);
  });

  it('[H5][E5] an endpoint created by an automation:events:read key receives the reduced payload only', async () => {
    const accountId = await t.account();
    const automation = await t.key(accountId, ['automation:events:read', 'webhooks:write', 'webhooks:read']);
    const receiver = await startReceiver(t);
    const created = (await createWebhook(automation.key, { url: receiver.url })).json as { data: Webhook & { payload: string } };
    expect(created.data.payload).toBe('reduced');
    const sender = await t.key(accountId, ['fax:send']);
    await t.send(sender.key, [{ name: 'to', value: '+14155550408' }, { name: 'subject', value: 'Secret diagnosis' }, { name: 'files', filename: 'a.pdf', content: onePagePdf }]);
    await t.advance(60);
    const [delivery] = await waitFor(() => receiver.deliveries, (items) => items.length >= 1);
    const payload = JSON.parse(delivery?.body ?? '{}') as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['direction', 'error_code', 'evt_id', 'occurred_at', 'page_count', 'status', 'type']);
    expect(payload).toMatchObject({ type: 'fax.failed', direction: 'outbound', status: 'failed', page_count: 1, error_code: 'no_answer' });
    expect(delivery?.body).not.toMatch(/\+1415|FX-|Secret|"id"/);
    await receiver.close();
  });

  it('[E8][E9][E10] a delivery not answered 2xx is retried after 30 s, 2 min, 8 min, 32 min, 2 h and 8 h — 6 retries, same event id', async () => {
    const { accountId, key } = await t.fullAccess();
    const receiver = await startReceiver(t, () => 503);
    await createWebhook(key, { url: receiver.url, events: ['fax.received'] });
    await t.control('POST', `/accounts/${accountId}/inbound`, {});
    await waitFor(() => receiver.deliveries, (items) => items.length === 1);
    const delays = [30, 120, 480, 1920, 7200, 28_800];
    for (const [index, delay] of delays.entries()) {
      await t.advance(delay - 1);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(receiver.deliveries, `before retry ${index + 1}`).toHaveLength(index + 1);
      await t.advance(1);
      await waitFor(() => receiver.deliveries, (items) => items.length === index + 2);
    }
    await t.advance(100_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.deliveries).toHaveLength(7);
    const ids = new Set(receiver.deliveries.map((delivery) => (JSON.parse(delivery.body) as { id: string }).id));
    expect(ids.size).toBe(1);
    const { json } = await t.control<{ data: Array<{ attempt: number; status_code: number }> }>('GET', `/accounts/${accountId}/deliveries`);
    expect(json.data.map((row) => row.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(json.data.every((row) => row.status_code === 503)).toBe(true);
    await receiver.close();
  });

  it('[E8] a 2xx ends the retries', async () => {
    const { accountId, key } = await t.fullAccess();
    let calls = 0;
    const receiver = await startReceiver(t, () => (++calls === 1 ? 500 : 204));
    await createWebhook(key, { url: receiver.url });
    await t.control('POST', `/accounts/${accountId}/inbound`, {});
    await waitFor(() => receiver.deliveries, (items) => items.length === 1);
    await t.advance(30);
    await waitFor(() => receiver.deliveries, (items) => items.length === 2);
    await t.advance(100_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.deliveries).toHaveLength(2);
    await receiver.close();
  });

  it('[E8] a receiver that does not answer within 10 seconds counts as a time-out and is retried', async () => {
    const { accountId, key } = await t.fullAccess();
    const { json: pair } = await t.control<{ cert: string; key: string }>('GET', '/tls');
    const https = await import('node:https');
    let arrivals = 0;
    const silent = https.createServer({ cert: pair.cert, key: pair.key }, () => {
      arrivals += 1; // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as import('node:net').AddressInfo;
    await createWebhook(key, { url: `https://127.0.0.1:${port}/slow` });
    await t.control('POST', `/accounts/${accountId}/inbound`, {});
    const started = Date.now();
    const rows = await waitFor(
      async () => (await t.control<{ data: Array<{ error: string | null; status_code: number | null }> }>('GET', `/accounts/${accountId}/deliveries`)).json.data,
      (items) => items.length === 1,
      15_000,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
    expect(rows[0]).toMatchObject({ error: 'timeout', status_code: null });
    await t.advance(30);
    await waitFor(() => arrivals, (count) => count === 2);
    silent.closeAllConnections();
    silent.close();
  });
});
