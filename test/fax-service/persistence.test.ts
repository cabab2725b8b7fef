// A restart with the same --data keeps accounts, keys, faxes, idempotency records (and the CA).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onePagePdf, startTestSandbox, type FaxJson, type ListJson } from './testkit';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-sandbox-restart-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('persistence across restarts', () => {
  it('keeps accounts, keys, faxes, idempotency records, revocations, the clock and the CA', async () => {
    const first = await startTestSandbox({ dataDir });
    const { accountId, key } = await first.fullAccess({ page_limit: 500 });
    const revoked = await first.key(accountId, ['account:read']);
    await first.control('DELETE', `/keys/${revoked.id}`);
    const parts = [{ name: 'to', value: '+14155550100' }, { name: 'files', filename: 'a.pdf', content: onePagePdf }];
    const sent = await first.send(key, parts, { 'Idempotency-Key': 'persist-1' });
    await first.advance(3600);
    const caBefore = fs.readFileSync(first.sandbox.caCertPath, 'utf8');
    const clockBefore = (await first.control<{ now: string }>('GET', '/clock')).json.now;
    await first.close();

    const second = await startTestSandbox({ dataDir });
    expect(fs.readFileSync(second.sandbox.caCertPath, 'utf8')).toBe(caBefore);
    expect(Date.parse((await second.control<{ now: string }>('GET', '/clock')).json.now)).toBeGreaterThanOrEqual(Date.parse(clockBefore));
    const list = (await second.api(key, 'GET', '/faxes')).json as ListJson<FaxJson>;
    expect(list.data.data.map((fax) => fax.id)).toEqual([(sent.json as { data: FaxJson }).data.id]);
    expect(list.data.data[0]?.status).toBe('delivered');
    const replay = await second.send(key, parts, { 'Idempotency-Key': 'persist-1' });
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect((await second.api(revoked.key, 'GET', '/account')).status).toBe(401);
    expect(((await second.api(key, 'GET', '/account')).json as { data: { pages_used: number } }).data.pages_used).toBe(1);
    await second.close();
  });
});
