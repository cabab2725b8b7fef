import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaxRecord } from '../../../main/api/read/fax-reader';
import { nearMisses } from '../../../main/guard/near-misses';
import { createRecipientGuard, type RecipientGuard } from '../../../main/guard/recipient-guard';
import { createLogger } from '../../../main/log/logger';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import type { ContactView, Settings } from '../../../preload/models';
import { rawCacheAt } from '../../helpers/raw-cache';

const open: Cache[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const cache of open.splice(0)) cache.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-'));
  dirs.push(dir);
  return dir;
}

let clock = Date.parse('2026-06-01T10:00:00Z');
function cacheAt(dir = tempDir(), key = 'aa'.repeat(32)): Cache {
  const cache = openCache(dir, key, createLogger({ sinks: [] }), () => clock);
  open.push(cache);
  return cache;
}

type Rules = Pick<Settings, 'guardNewNumbers' | 'guardNearMisses' | 'guardNameMismatch' | 'guardChangedNumbers'>;
const allOn: Rules = { guardNewNumbers: true, guardNearMisses: true, guardNameMismatch: true, guardChangedNumbers: true };

function guardOf(cache: Cache, rules: Rules = allOn): RecipientGuard {
  return createRecipientGuard({ repository: cache.guard, settings: () => rules });
}

function contact(id: string, name: string | null, ...numbers: string[]): ContactView {
  return { id, name, faxNumber: numbers[0] ?? null, faxNumbers: numbers.map((number) => ({ number, label: null })), company: name === null ? 'Acme Imaging' : null, email: null };
}

let nextId = 1;
function sentFax(to: string, status = 'delivered', createdMs = clock - 86_400_000): FaxRecord {
  const id = nextId++;
  return {
    id: String(id),
    reference: `FX-${id}`,
    direction: 'outbound',
    status,
    pages: 1,
    createdAt: new Date(createdMs).toISOString(),
    createdMs,
    to,
    from: null,
    subject: null,
    senderName: null,
    cost: null,
    providerError: null,
    recipients: [{ to, name: null, status, error: null, reason: null }],
  };
}

const northside = '+14155550122';

describe('near misses of a number', () => {
  it('are one digit changed, two adjacent digits swapped, one digit left out or one extra; never the number itself', () => {
    const misses = new Set(nearMisses(northside));
    expect(misses.has('+14155550123')).toBe(true); // changed
    expect(misses.has('+14155550212')).toBe(true); // swapped
    expect(misses.has('+1415555012')).toBe(true); // one digit extra in the typed number
    expect(misses.has('+141555501222')).toBe(true); // one left out
    expect(misses.has(northside)).toBe(false);
    expect(misses.has('+14155550199')).toBe(false); // two digits off
    for (const miss of misses) expect(miss).toMatch(/^\+[1-9]\d{7,14}$/);
  });
});

describe('the misdirected-fax guard', () => {
  it('a number never faxed and in no contact must be confirmed; a delivered fax makes it known, a failed one does not', () => {
    const cache = cacheAt();
    const guard = guardOf(cache);
    const [warning] = guard.check([{ number: '+1 (415) 555-0100' }]);
    expect(warning).toMatchObject({ kind: 'new_number', number: '+14155550100', key: 'new_number:+14155550100' });
    expect(warning?.message).toBe('+1 415 555 0100 was never faxed from this app and is in no contact. Check it before sending.');

    cache.faxes.upsertMany([sentFax('+14155550100', 'failed')], { markNewInboundUnread: false });
    expect(guard.check([{ number: '+14155550100' }]).map((found) => found.kind)).toEqual(['new_number']);
    cache.faxes.upsertMany([sentFax('+14155550100')], { markNewInboundUnread: false });
    expect(guard.check([{ number: '+14155550100' }])).toEqual([]);
  });

  it('a fax this app just sent counts before the service lists it', () => {
    const cache = cacheAt();
    cache.faxes.recordSent({ id: '77', reference: null, status: 'queued', pages: 1, recipients: [{ to: '+14155550100', name: null, status: 'queued', error: null, reason: null }], subject: null, submissionId: 's1' });
    expect(guardOf(cache).check([{ number: '+14155550100' }])).toEqual([]);
  });

  it('a contact number is known', () => {
    const cache = cacheAt();
    cache.directory.saveContacts([contact('c1', 'Northside Clinic', northside)], { replaceAll: true, firstPosition: 0 });
    expect(guardOf(cache).check([{ number: '+1 415 555 0122' }])).toEqual([]);
  });

  it('one slip away from a contact: "Did you mean …?" with the fix, for a changed, swapped, missing or extra digit', () => {
    const cache = cacheAt();
    cache.directory.saveContacts([contact('c1', 'Northside Clinic', northside)], { replaceAll: true, firstPosition: 0 });
    const guard = guardOf(cache);
    for (const typed of ['+14155550123', '+14155550212', '+1415555012', '+141555501222']) {
      const warnings = guard.check([{ number: typed }]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ kind: 'near_miss', number: typed, suggestion: { number: northside, name: 'Northside Clinic' } });
      expect(warnings[0]?.message).toContain('Did you mean Northside Clinic, +1 415 555 0122?');
    }
    // Two digits off is not a slip: it is a new number.
    expect(guard.check([{ number: '+14155550199' }]).map((found) => found.kind)).toEqual(['new_number']);
  });

  it('one slip away from a number faxed before (not a contact) names how often it was faxed', () => {
    const cache = cacheAt();
    cache.faxes.upsertMany([sentFax('+442079460958'), sentFax('+442079460958'), sentFax('+442079460958')], { markNewInboundUnread: false });
    const [warning] = guardOf(cache).check([{ number: '+442079460985' }]);
    expect(warning).toMatchObject({ kind: 'near_miss', suggestion: { number: '+442079460958', name: null } });
    expect(warning?.message).toContain('Did you mean +44 20 7946 0958 (faxed 3 times)?');
  });

  it('a name that belongs to a contact with another number is flagged with that number; the right pair is quiet', () => {
    const cache = cacheAt();
    cache.directory.saveContacts([contact('c1', 'Northside Clinic', northside), contact('c2', null, '+14155550177')], { replaceAll: true, firstPosition: 0 });
    cache.faxes.upsertMany([sentFax('+14155550100')], { markNewInboundUnread: false });
    const guard = guardOf(cache);
    const [warning] = guard.check([{ number: '+14155550100', name: 'northside clinic' }]);
    expect(warning).toMatchObject({ kind: 'name_mismatch', suggestion: { number: northside, name: 'Northside Clinic' } });
    expect(warning?.message).toBe("Northside Clinic's number in contacts is +1 415 555 0122, not +1 415 555 0100.");
    expect(guard.check([{ number: northside, name: 'Northside Clinic' }])).toEqual([]);
    // An organisation's name counts as its name.
    expect(guard.check([{ number: '+14155550100', name: 'Acme Imaging' }]).map((found) => found.suggestion?.number)).toEqual(['+14155550177']);
    // A name no contact has says nothing.
    expect(guard.check([{ number: '+14155550100', name: 'Dr. Nobody' }])).toEqual([]);
  });

  it('a contact whose number changed between syncs: the old number points to the new one; the new one is flagged until a fax to it went through', () => {
    const cache = cacheAt();
    cache.directory.saveContacts([contact('c1', 'Northside Clinic', northside)], { replaceAll: true, firstPosition: 0 });
    const changedAt = clock;
    cache.directory.saveContacts([contact('c1', 'Northside Clinic', '+14155550133')], { replaceAll: true, firstPosition: 0 });
    const guard = guardOf(cache);

    const old = guard.check([{ number: northside }]);
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({ kind: 'number_changed', suggestion: { number: '+14155550133', name: 'Northside Clinic' } });
    expect(old[0]?.message).toMatch(/^This was Northside Clinic's fax number until .+; it is now \+1 415 555 0133\.$/);

    const fresh = guard.check([{ number: '+14155550133' }]);
    expect(fresh.map((found) => found.kind)).toEqual(['number_changed']);
    expect(fresh[0]?.message).toMatch(/^Northside Clinic's fax number changed on .+ \(it was \+1 415 555 0122\)\. Check the new number before the first fax to it\.$/);

    clock += 3_600_000;
    cache.faxes.upsertMany([sentFax('+14155550133', 'delivered', changedAt + 60_000)], { markNewInboundUnread: false });
    expect(guard.check([{ number: '+14155550133' }])).toEqual([]);

    // The old number coming back ends the change.
    cache.directory.saveContacts([contact('c1', 'Northside Clinic', northside, '+14155550133')], { replaceAll: true, firstPosition: 0 });
    expect(guard.check([{ number: northside }])).toEqual([]);
  });

  it('each rule can be turned off', () => {
    const cache = cacheAt();
    cache.directory.saveContacts([contact('c1', 'Northside Clinic', northside)], { replaceAll: true, firstPosition: 0 });
    cache.directory.saveContacts([contact('c1', 'Northside Clinic', '+14155550133')], { replaceAll: true, firstPosition: 0 });
    const check = (rules: Partial<Rules>, number: string, name?: string) =>
      guardOf(cache, { ...allOn, ...rules })
        .check([{ number, ...(name ? { name } : {}) }])
        .map((found) => found.kind);
    expect(check({}, '+14155550134')).toEqual(['near_miss']);
    expect(check({ guardNearMisses: false }, '+14155550134')).toEqual(['new_number']);
    expect(check({ guardNearMisses: false, guardNewNumbers: false }, '+14155550134')).toEqual([]);
    expect(check({}, '+14155550199', 'Northside Clinic')).toEqual(['name_mismatch', 'new_number']);
    expect(check({ guardNameMismatch: false }, '+14155550199', 'Northside Clinic')).toEqual(['new_number']);
    expect(check({}, '+14155550133')).toEqual(['number_changed']);
    expect(check({ guardChangedNumbers: false }, '+14155550133')).toEqual([]);
  });

  it('the same finding keeps the same key (a draft remembers what was confirmed); a recipient typed twice is checked once', () => {
    const guard = guardOf(cacheAt());
    const first = guard.check([{ number: '+14155550100' }, { number: '+1 415 555 0100' }]);
    expect(first.map((found) => found.key)).toEqual(['new_number:+14155550100']);
    expect(guard.check([{ number: '+14155550100' }]).map((found) => found.key)).toEqual(first.map((found) => found.key));
  });

  it('ignores what is not a number at all (compose reports that itself)', () => {
    expect(guardOf(cacheAt()).check([{ number: 'fax the clinic' }, { number: '+12' }])).toEqual([]);
  });

  it('a cache from before the guard learns who each fax went to and each contact\'s numbers when migrated', () => {
    const dir = tempDir();
    const keyHex = crypto.randomBytes(32).toString('hex');
    const raw = rawCacheAt(dir, keyHex, 4);
    raw
      .prepare(
        "INSERT INTO faxes (id, reference, direction, status, status_group, created_at, created_ms, recipients, recipient_count, search, synced_ms) VALUES (1, 'A', 'outbound', 'delivered', 'delivered', '2026-01-01T00:00:00Z', 0, ?, 1, '', 0)",
      )
      .run(JSON.stringify([{ to: '+442079460958', name: null, status: 'delivered', error: null, reason: null }]));
    raw.prepare("INSERT INTO contacts (id, name, fax_number, fax_numbers, company, email, search, position) VALUES ('c', 'Lab', '+14155550100', ?, NULL, NULL, '', 0)").run(
      JSON.stringify([{ number: '+1 415 555 0100', label: null }]),
    );
    raw.close();
    const guard = guardOf(cacheAt(dir, keyHex));
    expect(guard.check([{ number: '+442079460958' }, { number: '+14155550100' }])).toEqual([]);
    expect(guard.check([{ number: '+14155550101' }])[0]?.suggestion).toEqual({ number: '+14155550100', name: 'Lab' });
  });
});
