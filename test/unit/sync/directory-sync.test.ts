// The account's cadence: every half hour, or a minute after faxes changed — and every minute while it is paused,
// so a top-up clears the "sending paused" banner by itself; a fax the service accepted makes it due at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaxClient } from '../../../main/api/fax-client';
import { createLogger } from '../../../main/log/logger';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import { accountDueNow, syncDirectory } from '../../../main/sync/directory-sync';
import type { AccountView } from '../../../preload/models';
import { capabilities } from '../../renderer/states';

const open: Array<{ cache: Cache; dir: string }> = [];
afterEach(() => {
  for (const { cache, dir } of open.splice(0)) {
    cache.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const account = (paused: boolean): AccountView => ({ plan: 'Team', pagesUsed: paused ? 560 : 186, pageLimit: 500, billingCycle: null, paused, usageRatio: paused ? 1.12 : 0.37 });

function setup(served: () => AccountView) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'directory-sync-'));
  const cache = openCache(dir, 'dd'.repeat(32), createLogger({ sinks: [] }));
  open.push({ cache, dir });
  let reads = 0;
  const client = {
    getAccount: () => {
      reads += 1;
      return Promise.resolve({ account: served(), requestId: null });
    },
  } as unknown as FaxClient;
  const keyCan = capabilities({ contacts: false, numbers: false });
  return { cache, reads: () => reads, pass: (at: number, faxesChanged = false) => syncDirectory(client, cache, keyCan, { faxesChanged, now: at }) };
}

describe('the account in the background', () => {
  it('while paused it is read every minute, so a top-up shows by itself', async () => {
    let paused = true;
    const app = setup(() => account(paused));
    const start = Date.parse('2026-11-23T10:00:00Z');
    expect((await app.pass(start)).account).toMatchObject({ paused: true });
    await app.pass(start + 30_000);
    expect(app.reads()).toBe(1);
    paused = false; // topped up on the service's website
    const after = await app.pass(start + 61_000);
    expect(app.reads()).toBe(2);
    expect(after.account).toMatchObject({ paused: false });
    // Not paused: back to every half hour.
    await app.pass(start + 5 * 60_000);
    expect(app.reads()).toBe(2);
  });

  it('a fax accepted by the service makes it due at the next pass', async () => {
    const app = setup(() => account(false));
    const start = Date.parse('2026-11-23T10:00:00Z');
    await app.pass(start);
    await app.pass(start + 10_000);
    expect(app.reads()).toBe(1);
    accountDueNow(app.cache);
    await app.pass(start + 20_000);
    expect(app.reads()).toBe(2);
  });
});
