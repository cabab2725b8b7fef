// The API client against the sandbox over real TLS: every failure class of the spec, and retries that never
// duplicate a fax.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FaxApiError} from '../../main/api/api-error';
import { toAppError } from '../../main/api/api-error';
import { plainFormFile, type FormFile } from '../../main/api/multipart-body';
import { openApiSession, type ApiSession } from '../../main/connection/api-session';
import { silentLogger } from '../../main/log/logger';
import { longWait } from '../helpers/wait';
import { onePagePdf, startTestSandbox, type TestSandbox } from '../fax-service/testkit';

let t: TestSandbox;
const sessions: ApiSession[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-client-'));
const pdfPath = path.join(dir, 'letter.pdf');
fs.writeFileSync(pdfPath, onePagePdf);
const pdf: FormFile = plainFormFile({ name: 'files', filename: 'document-1.pdf', contentType: 'application/pdf', path: pdfPath, size: onePagePdf.length });

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  for (const session of sessions) session.close();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function session(key: string, options: { onUnauthorized?: (requestId: string | null) => void; now?: () => number } = {}): ApiSession {
  const opened = openApiSession({
    baseUrl: t.sandbox.baseUrl,
    extraCaPath: t.sandbox.caCertPath,
    apiKey: () => Promise.resolve(key),
    onUnauthorized: options.onUnauthorized ?? (() => undefined),
    log: silentLogger,
    userAgent: 'FaxDesktop/test',
    ...(options.now ? { now: options.now } : {}),
  });
  sessions.push(opened);
  return opened;
}

async function faxCount(key: string): Promise<number> {
  return ((await t.api(key, 'GET', '/faxes')).json as { data: { total: number } }).data.total;
}

describe('API client against the sandbox', () => {
  it('sends a fax and reads it back, typed', async () => {
    const { key } = await t.fullAccess();
    const { client } = session(key);
    const sent = await client.sendFax({ recipients: [{ number: '+14155550100', name: 'Dr. Lee' }], subject: 'Referral', files: [pdf] }, { idempotencyKey: 'send-typed-1' });
    expect(sent).toMatchObject({ status: 'queued', pages: 1, replayed: false });
    const { fax } = await client.getFax(sent.faxId);
    expect(fax).toMatchObject({ id: sent.faxId, direction: 'outbound', subject: 'Referral', recipients: [expect.objectContaining({ to: '+14155550100', name: 'Dr. Lee' })] });
  });

  it('401 mid-session (key revoked): reported to the connection, not retried', async () => {
    const accountId = await t.account();
    const created = await t.key(accountId, ['fax:read', 'account:read']);
    const onUnauthorized = vi.fn();
    const { client } = session(created.key, { onUnauthorized });
    await client.getAccount();
    await t.control('DELETE', `/keys/${created.id}`);
    const error = (await client.listFaxes({ limit: 1 }).catch((caught: unknown) => caught)) as FaxApiError;
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledWith(expect.stringMatching(/^req_/));
    expect(toAppError(error).kind).toBe('authentication');
  });

  it('403 missing scope: a permission error naming what is missing', async () => {
    const accountId = await t.account();
    const { key } = await t.key(accountId, ['fax:read']);
    const error = (await session(key).client.listContacts({ limit: 10, offset: 0 }).catch((caught: unknown) => caught)) as FaxApiError;
    expect(error.status).toBe(403);
    const appError = toAppError(error);
    expect(appError.kind).toBe('permission');
    expect(appError.message).toContain('contacts:read');
  });

  it('402 quota: surfaced as a quota state, never retried', async () => {
    const { key, accountId } = await t.fullAccess({ page_limit: 5, pages_used: 5 });
    const error = (await session(key).client.sendFax({ recipients: [{ number: '+14155550100' }], files: [pdf] }, { idempotencyKey: 'quota-1' }).catch((caught: unknown) => caught)) as FaxApiError;
    expect(error.status).toBe(402);
    expect(toAppError(error)).toMatchObject({ kind: 'quota', details: { code: 'page_limit_reached' } });
    const { json } = await t.control<{ data: Array<{ method: string }> }>('GET', `/accounts/${accountId}/requests`);
    expect(json.data.filter((entry) => entry.method === 'POST')).toHaveLength(1);
  });

  it('429 with Retry-After: waits, then succeeds', async () => {
    const { key } = await t.fullAccess();
    await t.control('POST', '/faults', { method: 'GET', path: '/account', status: 429, times: 1 });
    const started = Date.now();
    const { account } = await session(key).client.getAccount();
    expect(account.plan).toBe('business');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('500, 500, then success: retried with the same Idempotency-Key, exactly one fax', async () => {
    const { key } = await t.fullAccess();
    await t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 500, times: 2 });
    const sent = await session(key).client.sendFax({ recipients: [{ number: '+14155550100' }], files: [pdf] }, { idempotencyKey: 'retry-500' });
    expect(sent.replayed).toBe(false);
    expect(await faxCount(key)).toBe(1);
  });

  it('a failure after the fax was created: the retry replays it (Idempotent-Replay), still one fax', async () => {
    const { key } = await t.fullAccess();
    await t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 503, times: 1, after_commit: true });
    const sent = await session(key).client.sendFax({ recipients: [{ number: '+14155550100' }], files: [pdf] }, { idempotencyKey: 'after-commit' });
    expect(sent.replayed).toBe(true);
    expect(await faxCount(key)).toBe(1);
  });

  it('a connection reset mid-upload: retried with the same key, exactly one fax', async () => {
    const { key } = await t.fullAccess();
    const bigPath = path.join(dir, 'big.pdf');
    fs.writeFileSync(bigPath, Buffer.concat([onePagePdf, Buffer.alloc(3_000_000, 0x20)]));
    const big: FormFile = plainFormFile({ name: 'files', filename: 'document-1.pdf', contentType: 'application/pdf', path: bigPath, size: fs.statSync(bigPath).size });
    await t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 0, times: 1, reset_after_bytes: 1_000_000 });
    const progress: number[] = [];
    const sent = await session(key).client.sendFax(
      { recipients: [{ number: '+14155550100' }], files: [big] },
      { idempotencyKey: 'reset-mid-upload', onProgress: (bytes) => progress.push(bytes) },
    );
    expect(sent.faxId).toMatch(/^[1-9]\d*$/);
    expect(await faxCount(key)).toBe(1);
    expect(Math.max(...progress)).toBeGreaterThan(3_000_000);
  });

  it('the shared budget keeps 130 background calls inside 120 a minute: no 429 at all', async () => {
    const { key, accountId } = await t.fullAccess();
    let offset = 0;
    const opened = session(key, { now: () => Date.now() + offset });
    const calls = Array.from({ length: 130 }, () => opened.client.listFaxes({ limit: 1 }, { priority: 'background' }));
    // The budget has let calls through, every one of them has its answer, and the rest wait for the next minute.
    await vi.waitFor(() => {
      const budget = opened.budget.snapshot();
      expect(budget.remaining).toBeLessThan(budget.limit);
      expect(budget.inFlight).toBe(0);
      expect(budget.waiting).toBeGreaterThan(0);
    }, longWait);
    const beforeReset = (await t.control<{ data: unknown[] }>('GET', `/accounts/${accountId}/requests`)).json.data.length;
    expect(beforeReset).toBeLessThanOrEqual(120);
    // A minute passes, for the service and for the client.
    await t.advance(61);
    offset += 61_000;
    opened.budget.poke();
    await Promise.all(calls);
    const { json } = await t.control<{ data: Array<{ status: number }> }>('GET', `/accounts/${accountId}/requests`);
    expect(json.data).toHaveLength(130);
    expect(json.data.filter((entry) => entry.status === 429)).toHaveLength(0);
  });

  it('a user action is served even when background work has used its share', async () => {
    const { key } = await t.fullAccess();
    const opened = session(key);
    let backgroundDone = 0;
    const background = Array.from({ length: 110 }, () =>
      opened.client
        .listFaxes({ limit: 1 }, { priority: 'background' })
        .catch(() => null)
        .finally(() => (backgroundDone += 1)),
    );
    await vi.waitFor(() => {
      const budget = opened.budget.snapshot();
      expect(budget.waiting).toBeGreaterThan(0);
      expect(budget.inFlight).toBe(0);
    }, longWait);
    // Served ahead of the queue, not behind it: no background call that waited got its answer first (a wall-clock
    // bound here failed on a busy machine; the order cannot).
    const doneBefore = backgroundDone;
    await opened.client.getAccount();
    expect(backgroundDone).toBe(doneBefore);
    expect(opened.budget.snapshot().waiting).toBeGreaterThan(0);
    opened.close();
    await Promise.allSettled(background);
  });
});
