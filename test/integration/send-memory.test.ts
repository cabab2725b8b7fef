// Sending 20 × 25 MB streams the files from disk: the client's memory grows by far less than the upload.
// The sandbox runs in its own process, so only the client side is measured here.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainFormFile, type FormFile } from '../../main/api/multipart-body';
import { openApiSession } from '../../main/connection/api-session';
import { silentLogger } from '../../main/log/logger';
import { rawRequest, jpegHeader } from '../fax-service/testkit';
import { tsxLoaderArgs } from '../helpers/tsx-child';

let child: ChildProcess;
let ready: { baseUrl: string; controlUrl: string; controlToken: string; caCertPath: string };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'send-memory-'));

beforeAll(async () => {
  child = spawn(process.execPath, [...tsxLoaderArgs, 'test/fax-service/cli.ts', '--port', '0', '--data', path.join(dir, 'sandbox')], { stdio: ['ignore', 'pipe', 'inherit'] });
  ready = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(JSON.parse(text.split('\n')[0] ?? '{}') as typeof ready);
    });
    child.on('exit', () => reject(new Error('sandbox exited')));
  });
});

afterAll(async () => {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function control<T>(method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await rawRequest(`${ready.controlUrl}${pathname}`, {
    method,
    ca: fs.readFileSync(ready.caCertPath, 'utf8'),
    headers: { Authorization: `Bearer ${ready.controlToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json as T;
}

describe('send memory', () => {
  it('20 files × 25 MB: peak RSS grows by at most 64 MB while 500 MB go out', async () => {
    const { id } = await control<{ id: string }>('POST', '/accounts', { plan: 'business', page_limit: 100_000 });
    const { key } = await control<{ key: string }>('POST', `/accounts/${id}/keys`, { scopes: ['fax:send'] });
    const file = path.join(dir, 'scan.jpg');
    const size = 25_000_000;
    const handle = fs.openSync(file, 'w');
    fs.writeSync(handle, jpegHeader);
    fs.ftruncateSync(handle, size);
    fs.closeSync(handle);
    const files: FormFile[] = Array.from({ length: 20 }, (_, index) => plainFormFile({ name: 'files', filename: `document-${index + 1}.jpg`, contentType: 'image/jpeg', path: file, size }));
    const session = openApiSession({ baseUrl: ready.baseUrl, extraCaPath: ready.caCertPath, apiKey: () => Promise.resolve(key), onUnauthorized: () => undefined, log: silentLogger, userAgent: 'test' });

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    let sentBytes = 0;
    const result = await session.client.sendFax({ recipients: [{ number: '+14155550100' }], files }, { idempotencyKey: 'memory-1', onProgress: (sent) => (sentBytes = sent) });
    clearInterval(sampler);
    session.close();

    expect(result.pages).toBe(20);
    expect(sentBytes).toBeGreaterThan(20 * size);
    const growthMb = (peak - baseline) / (1024 * 1024);
    console.log(`send memory: baseline ${(baseline / 1048576).toFixed(0)} MB, peak ${(peak / 1048576).toFixed(0)} MB, growth ${growthMb.toFixed(1)} MB`);
    expect(growthMb).toBeLessThanOrEqual(64);
  }, 120_000);
});
