/**
 * Print to fax on Windows, the app's half, on Linux: the port is a socket (a named pipe on Windows) and a
 * simulated spooler writes jobs to it as Windows' does — one connection per job, back to back and at once. Every
 * job lands in the hot folder once, whole, under its own name; a job cut off midway leaves nothing; with no hot
 * folder the job is refused (the spooler keeps it).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrintJobReceiver, printPipeName } from '../../../main/office/print-job-receiver';
import { silentLogger } from '../../../main/log/logger';
import { waitUntil } from '../../helpers/wait';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'print-port-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
let sockets = 0;

function spool(socketPath: string, job: Buffer, options: { cutAfter?: number } = {}): Promise<'sent' | 'refused'> {
  return new Promise((resolve) => {
    const client = net.createConnection(socketPath);
    client.on('error', () => resolve('refused'));
    client.on('connect', () => {
      if (options.cutAfter !== undefined) {
        // A spooler that stops midway closes the pipe as it would at the end.
        client.end(job.subarray(0, options.cutAfter), () => resolve('sent'));
        return;
      }
      client.end(job, () => resolve('sent'));
    });
    client.on('close', () => resolve('refused'));
  });
}

async function receiverFor(folder: string | null) {
  const listenPath = path.join(work, `port-${String(sockets++)}.sock`);
  const receiver = createPrintJobReceiver({ listenPath, folder: () => folder, log: silentLogger });
  await receiver.start();
  return { receiver, listenPath };
}

const pdf = (index: number, size = 200_000): Buffer => Buffer.concat([Buffer.from(`%PDF-1.7\n% job ${String(index)}\n`), crypto.randomBytes(size), Buffer.from('\n%%EOF\n')]);

describe('the print port (a simulated spooler)', () => {
  it('jobs back to back and at once: each lands once, whole, under its own name', async () => {
    const folder = fs.mkdtempSync(path.join(work, 'hot-'));
    const { receiver, listenPath } = await receiverFor(folder);
    const jobs = Array.from({ length: 12 }, (_, index) => pdf(index));
    for (const job of jobs.slice(0, 6)) expect(await spool(listenPath, job)).toBe('sent');
    await Promise.all(jobs.slice(6).map((job) => spool(listenPath, job)));
    await waitUntil(() => receiver.received, (count) => count === 12, { what: 'twelve jobs' });
    const landed = fs.readdirSync(folder);
    expect(landed).toHaveLength(12);
    expect(landed.every((name) => /^print-\d{8}-\d{6}-\d+-\d+\.pdf$/.test(name))).toBe(true);
    const hashes = (buffers: Buffer[]) => buffers.map((buffer) => crypto.createHash('sha256').update(buffer).digest('hex')).sort();
    expect(hashes(landed.map((name) => fs.readFileSync(path.join(folder, name))))).toEqual(hashes(jobs));
    await receiver.stop();
  });

  it('a job cut off midway leaves nothing, and the next job still arrives', async () => {
    const folder = fs.mkdtempSync(path.join(work, 'hot-'));
    const { receiver, listenPath } = await receiverFor(folder);
    await spool(listenPath, pdf(1), { cutAfter: 50_000 });
    expect(await spool(listenPath, pdf(2))).toBe('sent');
    await waitUntil(() => receiver.received, (count) => count === 1, { what: 'the whole job' });
    await waitUntil(() => fs.readdirSync(folder), (names) => names.length === 1, { what: 'the part file of the cut job gone' });
    expect(fs.readFileSync(path.join(folder, fs.readdirSync(folder)[0] ?? '')).subarray(0, 16).toString()).toContain('% job 2');
    await receiver.stop();
  });

  it('with no hot folder the job is refused; an empty job, or one that is not a whole PDF, leaves nothing', async () => {
    const { receiver, listenPath } = await receiverFor(null);
    await spool(listenPath, pdf(3));
    expect(receiver.received).toBe(0);
    await receiver.stop();
    const folder = fs.mkdtempSync(path.join(work, 'hot-'));
    const other = await receiverFor(folder);
    await spool(other.listenPath, Buffer.alloc(0));
    await spool(other.listenPath, Buffer.from('%PDF-1.7\nno end marker'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.readdirSync(folder)).toEqual([]);
    await other.receiver.stop();
  });

  it('the pipe is named per person and folder', () => {
    expect(printPipeName('maria.lopez', 'hf-1')).toBe('\\\\.\\pipe\\FaxDesktop-maria.lopez-hf-1');
    expect(printPipeName('DOMAIN\\tom baker', 'hf-2')).toBe('\\\\.\\pipe\\FaxDesktop-DOMAIN_tom_baker-hf-2');
  });
});
