/**
 * Sending 20 files × 25 MB (the API's limits) through the app's API client to the sandbox on loopback: the growth
 * of the sending process's peak RSS while the 500 MB go out, and the upload throughput. Each run sends from a fresh
 * process (bench/lib/send-once.ts), and the sandbox runs in its own, so only the client side is measured.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jpegHeader, rawRequest } from '../../test/fax-service/testkit';
import { tsxLoaderArgs } from '../../test/helpers/tsx-child';
import { timing, type Benchmark } from '../lib/metric';

const fileSize = 25_000_000;

export const sendMemory: Benchmark = {
  name: 'send memory and upload throughput',
  async run({ runs, log }) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-bench-send-'));
    const child = spawn(process.execPath, [...tsxLoaderArgs, 'test/fax-service/cli.ts', '--port', '0', '--data', path.join(dir, 'sandbox')], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const ready = await new Promise<{ baseUrl: string; controlUrl: string; controlToken: string; caCertPath: string }>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('\n')) resolve(JSON.parse(text.split('\n')[0] ?? '{}') as never);
        });
        child.on('exit', () => reject(new Error('sandbox exited')));
      });
      const ca = fs.readFileSync(ready.caCertPath, 'utf8');
      const control = async <T>(pathname: string, body: unknown): Promise<T> =>
        (await rawRequest(`${ready.controlUrl}${pathname}`, { method: 'POST', ca, headers: { Authorization: `Bearer ${ready.controlToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json as T;
      const { id } = await control<{ id: string }>('/accounts', { plan: 'business', page_limit: 1_000_000 });
      const { key } = await control<{ key: string }>(`/accounts/${id}/keys`, { scopes: ['fax:send'] });
      const file = path.join(dir, 'scan.jpg');
      const handle = fs.openSync(file, 'w');
      fs.writeSync(handle, jpegHeader);
      fs.ftruncateSync(handle, fileSize);
      fs.closeSync(handle);
      const growths: number[] = [];
      const speeds: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const sent = spawnSync(process.execPath, [...tsxLoaderArgs, 'bench/lib/send-once.ts', ready.baseUrl, ready.caCertPath, key, file], { encoding: 'utf8', timeout: 300_000 });
        const result = JSON.parse(sent.stdout.trim().split('\n').at(-1) ?? '{}') as { growthMb?: number; mbPerSecond?: number };
        if (result.growthMb === undefined || result.mbPerSecond === undefined) throw new Error(`the send failed: ${sent.stderr.slice(0, 300)}`);
        growths.push(result.growthMb);
        speeds.push(result.mbPerSecond);
        log(`  run ${String(run + 1)}: RSS +${result.growthMb.toFixed(1)} MB, ${result.mbPerSecond.toFixed(0)} MB/s`);
      }
      return [
        timing('send memory: peak RSS growth while sending 20 × 25 MB', growths, 'MB', { atMost: 64 }),
        timing('upload throughput: 20 × 25 MB on loopback', speeds, 'MB/s', { atLeast: 100 }),
      ];
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
