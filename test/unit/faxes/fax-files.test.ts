// The CSV export streams row by row and waits for the disk (back-pressure): a slow disk never makes the whole
// list pile up in memory; a failing one is a clear error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaxRecord } from '../../../main/api/read/fax-reader';
import { downloadFolderDesktop } from '../../../main/desktop';
import { createFaxFiles } from '../../../main/faxes/fax-files';
import { createLogger } from '../../../main/log/logger';
import type { PdfStore } from '../../../main/pdf/pdf-store';
import { openCache, type Cache } from '../../../main/store/cache/cache';

const dirs: string[] = [];
const caches: Cache[] = [];
afterEach(() => {
  for (const cache of caches.splice(0)) cache.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function cacheWith(count: number): { cache: Cache; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-files-'));
  dirs.push(dir);
  const cache = openCache(dir, 'bb'.repeat(32), createLogger({ sinks: [] }));
  caches.push(cache);
  const records: FaxRecord[] = Array.from({ length: count }, (_, index) => ({
    // The newest one has a 64-bit id, which the CSV must keep whole.
    id: index === count - 1 ? '18446744073709551617' : String(index + 1),
    reference: `FX-${index + 1}`,
    direction: 'outbound',
    status: 'delivered',
    pages: 2,
    createdAt: new Date(Date.parse('2026-01-01T00:00:00Z') + index * 1000).toISOString(),
    createdMs: Date.parse('2026-01-01T00:00:00Z') + index * 1000,
    to: '+14155550100',
    from: null,
    subject: `Lab results ${index}`,
    senderName: null,
    cost: null,
    providerError: null,
    recipients: [{ to: '+14155550100', name: null, status: 'delivered', error: null, reason: null }],
  }));
  cache.faxes.upsertMany(records, { markNewInboundUnread: false });
  return { cache, dir };
}

const noPdfs = {} as PdfStore;

describe('CSV export', () => {
  it('waits for a slow disk: never more than a buffer-full of rows is held, and every row arrives', async () => {
    const { cache, dir } = cacheWith(5000);
    let written = '';
    let maxBuffered = 0;
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.toString();
        setImmediate(callback);
      },
    });
    const files = createFaxFiles({
      cache,
      pdfs: noPdfs,
      desktop: downloadFolderDesktop(() => dir),
      openOutput: () => {
        const check = setInterval(() => (maxBuffered = Math.max(maxBuffered, slow.writableLength)), 0);
        slow.on('finish', () => clearInterval(check));
        return slow;
      },
    });
    await expect(files.exportList({ direction: 'outbound' })).resolves.toEqual({ saved: true });
    expect(written.trim().split('\r\n')).toHaveLength(5001);
    expect(written.split('\r\n')[0]).toBe('\uFEFFreference,id,direction,status,created_at,counterpart,recipients,pages,subject,sender_name,unread');
    expect(written.split('\r\n')[1]).toMatch(/^FX-5000,18446744073709551617,outbound,delivered,/);
    expect(maxBuffered).toBeLessThan(32 * 1024);
    expect(cache.audit.entries().map((entry) => entry.action)).toEqual(['export']);
  });

  it("on a computer set to Germany the list is written with semicolons, as that spreadsheet reads it", async () => {
    const { cache, dir } = cacheWith(3);
    let written = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.toString();
        callback();
      },
    });
    const files = createFaxFiles({ cache, pdfs: noPdfs, desktop: downloadFolderDesktop(() => dir), openOutput: () => sink, region: () => 'de-DE' });
    await expect(files.exportList({ direction: 'outbound' })).resolves.toEqual({ saved: true });
    const lines = written.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('reference;id;direction;status;created_at;counterpart;recipients;pages;subject;sender_name;unread');
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(1)) expect(line.split(';').length).toBeGreaterThanOrEqual(11);
  });

  it('a disk that fails (full, read-only) gives a clear error and records nothing', async () => {
    const { cache, dir } = cacheWith(200);
    const failing = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
      },
    });
    const files = createFaxFiles({ cache, pdfs: noPdfs, desktop: downloadFolderDesktop(() => dir), openOutput: () => failing });
    await expect(files.exportList({ direction: 'outbound' })).rejects.toThrow(/could not be written there \(the disk may be full/);
    expect(cache.audit.entries()).toEqual([]);
  });
});
