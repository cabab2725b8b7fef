// The API key and the word "Bearer" never leave main: not in IPC replies, events, the settings file, the
// connection cache or the log — across a session with successes, failures, a rejection and a sign-out.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainFormFile } from '../../main/api/multipart-body';
import { startTestCore, type TestCore } from '../helpers/node-core';
import { onePagePdf, startTestSandbox, type TestSandbox } from '../fax-service/testkit';

let t: TestSandbox;
let app: TestCore;
let key: string;
let keyId: string;

beforeAll(async () => {
  t = await startTestSandbox();
  ({ key, keyId } = await t.fullAccess());
  app = startTestCore({ baseUrl: t.sandbox.baseUrl, caPath: t.sandbox.caCertPath });
  await app.call('connect', { apiKey: 'fk_test_wrong_key_first_attempt_000' });
  await app.call('connect', { apiKey: key });
  await app.call('getConnection');
  await app.call('getSettings');
  await app.call('updateSettings', { pollIntervalSeconds: 45 });
  const client = app.core.connection.client();
  await client.getAccount();
  await client.listFaxes({ limit: 5 });
  await client.getFax('424242').catch(() => undefined);
  const pdf = path.join(app.dataDir, 'a.pdf');
  fs.writeFileSync(pdf, onePagePdf);
  await client.sendFax({ recipients: [{ number: '+14155550100' }], files: [plainFormFile({ name: 'files', filename: 'document-1.pdf', contentType: 'application/pdf', path: pdf, size: onePagePdf.length })] }, { idempotencyKey: 'k-1' });
  await t.control('DELETE', `/keys/${keyId}`);
  await client.getAccount().catch(() => undefined);
  await app.call('getConnection');
  await app.call('signOut');
});
afterAll(async () => {
  await app.close();
  await t.close();
});

function everyFile(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? everyFile(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

describe('key isolation', () => {
  it('the session really exercised success, failure, rejection and sign-out', () => {
    const statuses = app.events.map((event) => (event.payload as { status?: string }).status);
    expect(statuses).toContain('connected');
    expect(statuses).toContain('key_rejected');
    expect(statuses.at(-1)).toBe('signed_out');
    expect(app.replies.length).toBeGreaterThanOrEqual(7);
    expect(app.logLines.length).toBeGreaterThan(5);
  });

  it('no IPC reply and no event contains the key or "Bearer"', () => {
    const text = JSON.stringify({ replies: app.replies, events: app.events });
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(8, 24));
    expect(text).not.toMatch(/bearer/i);
  });

  it('no file the app wrote (settings, connection cache, logs) contains the key or "Bearer"', () => {
    const files = everyFile(app.dataDir);
    expect(files.some((file) => file.endsWith('settings.json'))).toBe(true);
    expect(files.some((file) => file.endsWith('main.log'))).toBe(true);
    for (const file of files) {
      const content = fs.readFileSync(file, 'latin1');
      expect(content, file).not.toContain(key);
      expect(content, file).not.toMatch(/bearer/i);
    }
  });

  it('no log line contains the key, even the in-memory ones', () => {
    expect(app.logLines.join('\n')).not.toContain(key);
  });
});
