/**
 * The misdirected-fax guard: one check of a draft's recipients in main (what runs each time the recipients
 * change), with 10,000 contacts and 50,000 sent faxes in the encrypted cache. Measured on the guard service over
 * the real cache (the IPC hop is not included: in Electron it adds well under a millisecond). Scenarios: a typo of
 * a contact's number (the near-miss lookup: ~250 variants), a known number (the common case), and the worst case,
 * 20 recipients that are all new numbers (20 near-miss lookups). Each run is the slowest of 20 checks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FaxRecord } from '../../main/api/read/fax-reader';
import { createRecipientGuard } from '../../main/guard/recipient-guard';
import { createLogger } from '../../main/log/logger';
import { openCache } from '../../main/store/cache/cache';
import type { ContactView, DraftRecipient } from '../../preload/models';
import { timing, type Benchmark } from '../lib/metric';

const contactCount = 10_000;
const sentCount = 50_000;

/** A distinct valid US number for each index (+1 415 2xx xxxx). */
function numberOf(index: number): string {
  return `+1415${String(2_000_000 + index * 37).padStart(7, '0')}`;
}

function sentFaxes(): FaxRecord[] {
  const newestMs = Date.now();
  const records: FaxRecord[] = [];
  for (let index = 0; index < sentCount; index += 1) {
    const createdMs = newestMs - index * 60_000;
    // Half to contacts, half to 20,000 other numbers; one in ten with a second recipient.
    const numbers = [numberOf(index % 2 === 0 ? index % contactCount : contactCount + (index % 20_000)), ...(index % 10 === 0 ? [numberOf((index * 7) % 30_000)] : [])];
    records.push({
      id: String(index + 1),
      reference: `FX-${String(index + 1)}`,
      direction: 'outbound',
      status: 'delivered',
      pages: 1,
      createdAt: new Date(createdMs).toISOString(),
      createdMs,
      to: numbers[0] ?? null,
      from: null,
      subject: null,
      senderName: null,
      cost: null,
      providerError: null,
      recipients: numbers.map((to) => ({ to, name: null, status: index % 17 === 0 ? 'failed' : 'delivered', error: null, reason: null })),
    });
  }
  return records;
}

function contacts(): ContactView[] {
  return Array.from({ length: contactCount }, (_, index) => ({
    id: `c${String(index)}`,
    name: `Contact ${String(index)}`,
    faxNumber: numberOf(index),
    faxNumbers: [{ number: numberOf(index), label: null }],
    company: index % 3 === 0 ? `Clinic ${String(index)}` : null,
    email: null,
  }));
}

/** The slowest of 20 checks, in ms. */
function slowestOf(check: () => unknown): number {
  let slowest = 0;
  for (let index = 0; index < 20; index += 1) {
    const started = performance.now();
    check();
    slowest = Math.max(slowest, performance.now() - started);
  }
  return slowest;
}

export const guard: Benchmark = {
  name: 'guard',
  async run({ runs, log }) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-guard-'));
    const cache = openCache(dir, 'cd'.repeat(32), createLogger({ sinks: [] }));
    try {
      cache.directory.saveContacts(contacts(), { replaceAll: true, firstPosition: 0 });
      const faxes = sentFaxes();
      for (let start = 0; start < faxes.length; start += 1000) cache.faxes.upsertMany(faxes.slice(start, start + 1000), { markNewInboundUnread: false });
      const recipientGuard = createRecipientGuard({
        repository: cache.guard,
        settings: () => ({ guardNewNumbers: true, guardNearMisses: true, guardNameMismatch: true, guardChangedNumbers: true }),
      });
      const contact = numberOf(4242);
      const typo = `${contact.slice(0, -1)}${String((Number(contact.slice(-1)) + 1) % 10)}`;
      const scenarios: Array<{ metric: string; recipients: DraftRecipient[]; expect: string }> = [
        { metric: 'guard check: a typo of a contact’s number (10,000 contacts, 50,000 sent)', recipients: [{ number: typo, name: 'Contact 4242' }], expect: 'name_mismatch,near_miss' },
        { metric: 'guard check: a known contact (10,000 contacts, 50,000 sent)', recipients: [{ number: contact, name: 'Contact 4242' }], expect: '' },
        {
          metric: 'guard check: 20 new numbers at once (10,000 contacts, 50,000 sent)',
          recipients: Array.from({ length: 20 }, (_, index) => ({ number: `+1212555${String(1000 + index * 3)}` })),
          expect: 'new_number',
        },
      ];
      const metrics = [];
      for (const scenario of scenarios) {
        const kinds = [...new Set(recipientGuard.check(scenario.recipients).map((warning) => warning.kind))].join(',');
        if (kinds !== scenario.expect) throw new Error(`the guard found "${kinds}" instead of "${scenario.expect}"`);
        const times: number[] = [];
        for (let run = 0; run < runs; run += 1) times.push(slowestOf(() => recipientGuard.check(scenario.recipients)));
        log(`  ${scenario.metric}: ${times.map((time) => time.toFixed(2)).join(', ')} ms`);
        metrics.push(timing(scenario.metric, times, 'ms', { atMost: 20 }, 'slowest of 20 checks per run'));
      }
      return metrics;
    } finally {
      cache.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
