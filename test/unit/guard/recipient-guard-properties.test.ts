// The misdirected-fax guard over random offices and random drafts (fast-check): each finding belongs to the
// recipient it was computed for and names no other recipient's numbers; a near miss's fix is one slip away from
// that recipient and known; and a recipient's findings do not depend on who else is on the fax — adding, removing
// or reordering the others never moves a finding (or its fix) onto another number.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { FaxRecord } from '../../../main/api/read/fax-reader';
import { nearMisses } from '../../../main/guard/near-misses';
import { createRecipientGuard } from '../../../main/guard/recipient-guard';
import { createLogger } from '../../../main/log/logger';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import { displayNumber } from '../../../preload/fax-number';
import type { ContactView, DraftRecipient, RecipientWarning } from '../../../preload/models';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-props-'));
const key = 'ab'.repeat(32);
const openAt = (folder: string): Cache => openCache(folder, key, createLogger({ sinks: [] }), () => Date.parse('2026-06-01T10:00:00Z'));
// Each run gets a cache of its own, copied from one made (and migrated) once: making the schema 250 times was most
// of this file's time.
const template = path.join(dir, 'template');
openAt(template).close();
let caches = 0;
let lastOpened: Cache | null = null;
afterAll(() => {
  lastOpened?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// A small number space, so that near misses between contacts, sent faxes and recipients are common.
const numberIn = (tail: number): string => `+1415555${String(tail).padStart(4, '0')}`;
const space = fc.integer({ min: 100, max: 160 }).map(numberIn);
const names = ['Carla Diaz', 'Northside Clinic', 'Dr. Lee', 'Front Desk'];

const office = fc.record({
  contacts: fc.uniqueArray(fc.record({ number: space, name: fc.constantFrom(...names) }), { maxLength: 8, selector: (entry) => entry.number }),
  sent: fc.array(fc.record({ to: space, delivered: fc.boolean() }), { maxLength: 10 }),
});
const draft = fc.uniqueArray(fc.record({ number: space, name: fc.option(fc.constantFrom(...names), { nil: undefined }) }), { minLength: 1, maxLength: 6, selector: (recipient) => recipient.number });

function guardFor(setup: { contacts: Array<{ number: string; name: string }>; sent: Array<{ to: string; delivered: boolean }> }) {
  caches += 1;
  // The run before is over: its cache is closed and removed before this run's is made.
  lastOpened?.close();
  if (caches > 1) fs.rmSync(path.join(dir, String(caches - 1)), { recursive: true, force: true });
  fs.cpSync(template, path.join(dir, String(caches)), { recursive: true });
  const cache = openAt(path.join(dir, String(caches)));
  lastOpened = cache;
  const contacts: ContactView[] = setup.contacts.map((entry, index) => ({ id: `c${index}`, name: entry.name, faxNumber: entry.number, faxNumbers: [{ number: entry.number, label: null }], company: null, email: null }));
  cache.directory.saveContacts(contacts, { replaceAll: true, firstPosition: 0 });
  const faxes: FaxRecord[] = setup.sent.map((fax, index) => ({
    id: String(index + 1),
    reference: `FX-${index + 1}`,
    direction: 'outbound',
    status: fax.delivered ? 'delivered' : 'failed',
    pages: 1,
    createdAt: '2026-05-01T10:00:00.000Z',
    createdMs: Date.parse('2026-05-01T10:00:00Z'),
    to: fax.to,
    from: null,
    subject: null,
    senderName: null,
    cost: null,
    providerError: null,
    recipients: [{ to: fax.to, name: null, status: fax.delivered ? 'delivered' : 'failed', error: null, reason: null }],
  }));
  cache.faxes.upsertMany(faxes, { markNewInboundUnread: false });
  const guard = createRecipientGuard({ repository: cache.guard, settings: () => ({ guardNewNumbers: true, guardNearMisses: true, guardNameMismatch: true, guardChangedNumbers: true }) });
  const known = new Set([...setup.contacts.map((entry) => entry.number), ...setup.sent.filter((fax) => fax.delivered).map((fax) => fax.to)]);
  return { guard, known };
}

const sorted = (warnings: RecipientWarning[]) => [...warnings].sort((a, b) => a.key.localeCompare(b.key));

describe('the misdirected-fax guard, property-tested', () => {
  it('each finding is about its own recipient, and a near miss’s fix is one slip away from it and known', () => {
    fc.assert(
      fc.property(office, draft, (setup, recipients: DraftRecipient[]) => {
        const { guard, known } = guardFor(setup);
        const warnings = guard.check(recipients);
        const numbers = new Set(recipients.map((recipient) => recipient.number));
        for (const warning of warnings) {
          expect(numbers.has(warning.number)).toBe(true);
          if (warning.kind === 'near_miss') {
            const fix = warning.suggestion?.number ?? '';
            expect(nearMisses(warning.number)).toContain(fix);
            expect(known.has(fix)).toBe(true);
            expect(warning.message).toContain(displayNumber(warning.number));
            expect(warning.message).toContain(displayNumber(fix));
          }
          if (warning.kind === 'new_number') expect(warning.message).toContain(displayNumber(warning.number));
          // No finding names a number of another recipient of the draft.
          for (const other of numbers) if (other !== warning.number && other !== warning.suggestion?.number) expect(warning.message).not.toContain(displayNumber(other));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a recipient’s findings do not depend on the other recipients (added, removed or reordered)', () => {
    fc.assert(
      fc.property(office, draft, fc.nat(), (setup, recipients: DraftRecipient[], seed) => {
        const { guard } = guardFor(setup);
        const together = guard.check(recipients);
        const shuffled = [...recipients].sort((a, b) => ((a.number.charCodeAt(11) * 31 + seed) % 7) - ((b.number.charCodeAt(11) * 31 + seed) % 7));
        expect(sorted(guard.check(shuffled))).toEqual(sorted(together));
        for (const recipient of recipients) {
          const alone = guard.check([recipient]);
          expect(sorted(together.filter((warning) => warning.number === recipient.number))).toEqual(sorted(alone));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('the reported case: after a fax to Carla Diaz, a second unknown number is not offered Carla', () => {
    const { guard } = guardFor({ contacts: [{ number: '+14155550103', name: 'Carla Diaz' }], sent: [{ to: '+14155550103', delivered: true }] });
    const warnings = guard.check([{ number: '+14155550113' }, { number: '+12125550199' }]);
    expect(warnings.find((warning) => warning.number === '+14155550113')).toMatchObject({ kind: 'near_miss', suggestion: { number: '+14155550103', name: 'Carla Diaz' } });
    expect(warnings.filter((warning) => warning.number === '+12125550199')).toEqual([expect.objectContaining({ kind: 'new_number' })]);
  });
});
