// The client reads replies shaped differently from the sandbox's choices: unknown fields, other spellings of
// "not shown" fields, unknown states, odd types — and whole replies of other implementations (fixtures/).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAccount as normalizeAccount } from '../../../main/api/read/account-reader';
import { readContact as normalizeContact } from '../../../main/api/read/contact-reader';
import { readFax as normalizeFax, readRecipient as normalizeRecipient } from '../../../main/api/read/fax-reader';
import { readNumber as normalizeNumber, readWebhook as normalizeWebhook, webhookSecret } from '../../../main/api/read/service-readers';
import { faxSchema, listEnvelopeSchema } from '../../../main/api/schemas';
import { statusGroup } from '../../../preload/fax-status';

interface Fixture {
  account: Record<string, unknown>;
  contacts: Array<Record<string, unknown>>;
  outbound: unknown;
  inbound: unknown;
  expected: {
    account: Record<string, unknown>;
    contacts: Array<{ name: string | null; faxNumbers: string[]; company: string | null; email: string | null }>;
    outbound: { cost: string | null; providerError: string | null; subject: string | null; recipients: Array<[string, string, string | null]> };
    inbound: { from: string | null; senderName: string | null; group: string };
  };
}

const fixtureDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures');
const fixtures = fs
  .readdirSync(fixtureDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => [name.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(fixtureDir, name), 'utf8')) as Fixture] as const);

describe('replies of five differently shaped implementations', () => {
  it('has the sandbox\'s own shape and at least four others', () => {
    expect(fixtures.map(([name]) => name)).toContain('sandbox');
    expect(fixtures.length).toBeGreaterThanOrEqual(5);
  });

  describe.each(fixtures)('%s', (_name, fixture) => {
    it('account: plan, pages used, page limit, billing cycle, paused — nothing invented', () => {
      expect(normalizeAccount(fixture.account)).toMatchObject(fixture.expected.account);
    });

    it('contacts: names whole, split or only an organisation; every fax number, never a voice line', () => {
      const read = fixture.contacts.map((contact) => normalizeContact(contact));
      expect(read.map((contact) => ({ name: contact.name, faxNumbers: contact.faxNumbers.map((found) => found.number), company: contact.company, email: contact.email }))).toEqual(
        fixture.expected.contacts,
      );
      for (const contact of read) expect(contact.faxNumber).toBe(contact.faxNumbers[0]?.number ?? null);
    });

    it('an outbound fax: cost in its unit, the carrier\'s message, each recipient\'s result and reason', () => {
      const fax = normalizeFax(faxSchema.parse(fixture.outbound));
      const { recipients, ...rest } = fixture.expected.outbound;
      expect(fax).toMatchObject(rest);
      expect(fax.recipients.map((recipient) => [recipient.to, recipient.status, recipient.error])).toEqual(recipients);
    });

    it('an inbound fax: the sender\'s number and name, and it counts as received whatever its final word', () => {
      const fax = normalizeFax(faxSchema.parse(fixture.inbound));
      expect(fax).toMatchObject({ direction: 'inbound', from: fixture.expected.inbound.from, senderName: fixture.expected.inbound.senderName });
      expect(statusGroup(fax.direction, fax.status)).toBe(fixture.expected.inbound.group);
    });
  });
});

const minimalFax = { id: 7, status: 'queued', created_at: '2026-05-01T10:00:00Z' };

describe('fax replies', () => {
  it('a minimal fax (only id, status, created_at) is accepted with sensible defaults', () => {
    const fax = normalizeFax(faxSchema.parse(minimalFax));
    expect(fax).toMatchObject({ id: '7', reference: '7', direction: 'outbound', status: 'queued', pages: null, to: null, recipients: [], subject: null });
    expect(fax.createdMs).toBe(Date.parse('2026-05-01T10:00:00Z'));
  });

  it('unknown fields are ignored and unknown states are kept verbatim', () => {
    const fax = normalizeFax(faxSchema.parse({ ...minimalFax, status: 'retrying_later', colour: 'blue', nested: { deep: true }, direction: 'inbound' }));
    expect(fax.status).toBe('retrying_later');
    expect(fax.direction).toBe('inbound');
  });

  it('reads other spellings of the not-shown fields: sender name, cost, provider error, sender number', () => {
    const fax = normalizeFax(
      faxSchema.parse({ ...minimalFax, senderName: 'Clinic', price: 1.5, failure_reason: 'T.30 DCN', sender_number: '+14155550100', subject: 'Labs' }),
    );
    expect(fax).toMatchObject({ senderName: 'Clinic', cost: '1.50', providerError: 'T.30 DCN', from: '+14155550100', subject: 'Labs' });
    // A bare number is shown as given: no unit is invented.
    expect(normalizeFax(faxSchema.parse({ ...minimalFax, cost: 21 })).cost).toBe('21');
    expect(normalizeFax(faxSchema.parse({ ...minimalFax, cost: { amount: 2, currency: 'EUR' } })).cost).toBe('2.00 EUR');
    expect(normalizeFax(faxSchema.parse({ ...minimalFax, cost: { amount_cents: 42, currency: 'USD' } })).cost).toBe('0.42 USD');
    expect(normalizeFax(faxSchema.parse({ ...minimalFax, cost: '€0.10' })).cost).toBe('€0.10');
  });

  it('recipient errors in any format are kept verbatim and explained when recognised', () => {
    expect(normalizeRecipient({ to: '+14155550486', status: 'failed', error: 'BUSY' })).toMatchObject({ error: 'BUSY', reason: expect.stringMatching(/busy/i) as unknown });
    expect(normalizeRecipient({ to: '+1', status: 'failed', error: 'no answer' })?.reason).toMatch(/Nobody answered/);
    expect(normalizeRecipient({ to: '+1', status: 'failed', error: 'not_a_fax_machine' })?.reason).toMatch(/not as a fax machine/);
    expect(normalizeRecipient({ to: '+1', status: 'failed', error: 'E_WEIRD_42' })).toMatchObject({ error: 'E_WEIRD_42', reason: null });
    expect(normalizeRecipient({ to: '+1', status: 'failed', error: { code: 'busy', detail: 'x' } })?.error).toBe('busy: x');
    expect(normalizeRecipient({ to: '+1', status: 'failed', error: { weird: true } })?.error).toBe('{"weird":true}');
    expect(normalizeRecipient({ to: '+1', status: 'delivered', error: null })).toMatchObject({ error: null, reason: null });
    expect(normalizeRecipient({ status: 'delivered' })).toBeNull();
  });

  it.each([
    [{ ...minimalFax, id: 'seven' }],
    [{ ...minimalFax, created_at: 'yesterday' }],
    [{ id: 1, created_at: '2026-01-01T00:00:00Z' }],
    [null],
    ['fax'],
  ])('refuses an item it cannot place: %j', (item) => {
    expect(faxSchema.safeParse(item).success).toBe(false);
  });

  it('list envelopes without total or has_more still parse', () => {
    expect(listEnvelopeSchema.safeParse({ data: { object: 'list', data: [] } }).success).toBe(true);
    expect(listEnvelopeSchema.safeParse({ data: [] }).success).toBe(false);
  });
});

describe('account, contacts, numbers, webhooks', () => {
  it('reads the sandbox\'s account shape', () => {
    expect(normalizeAccount({ plan: 'team', pages_used: 120, page_limit: 500, billing_cycle: { start: '2026-11-01', end: '2026-11-30' }, status: 'active' })).toEqual({
      plan: 'team',
      pagesUsed: 120,
      pageLimit: 500,
      billingCycle: { start: '2026-11-01', end: '2026-11-30', label: null },
      paused: false,
      usageRatio: 0.24,
      coverSheets: null,
    });
  });

  it('reads other shapes: nested plan and usage, cycle as text, numbers as strings', () => {
    const account = normalizeAccount({ plan: { name: 'Business' }, usage: { pages_used: '990', page_limit: '1000' }, billing_cycle: 'monthly' });
    expect(account).toMatchObject({ plan: 'Business', pagesUsed: 990, pageLimit: 1000, billingCycle: { label: 'monthly' }, usageRatio: 0.99, paused: false });
    expect(normalizeAccount({ pagesUsed: 110, pageLimit: 100 }).paused).toBe(true);
    expect(normalizeAccount({ paused: true }).paused).toBe(true);
    expect(normalizeAccount({})).toMatchObject({ plan: null, pagesUsed: null, pageLimit: null, usageRatio: null, billingCycle: null });
  });

  it('cover sheets where the service lists them with the account: by name, ids as given; none listed is "not said"', () => {
    expect(normalizeAccount({ plan: 'team', cover_sheets: [{ id: 'cov_1', name: 'Standard (confidential)' }, { id: 'cov_2', name: 'Referral' }] }).coverSheets).toEqual([
      { id: 'cov_1', name: 'Standard (confidential)' },
      { id: 'cov_2', name: 'Referral' },
    ]);
    expect(normalizeAccount({ templates: { covers: [{ cover_id: 'c9', title: 'Lab' }, 'c10', { cover_id: 'c9', title: 'twice' }] } }).coverSheets).toEqual([
      { id: 'c9', name: 'Lab' },
      { id: 'c10', name: null },
    ]);
    expect(normalizeAccount({ coverSheets: [] }).coverSheets).toEqual([]);
    expect(normalizeAccount({ plan: 'team' }).coverSheets).toBeNull();
  });

  it('contacts with other field names', () => {
    expect(normalizeContact({ id: 5, first_name: 'Ann', last_name: 'Lee', fax: '+14155550100', organization: 'Lab' })).toEqual({
      id: '5',
      name: 'Ann Lee',
      faxNumber: '+14155550100',
      faxNumbers: [{ number: '+14155550100', label: null }],
      company: 'Lab',
      email: null,
    });
    // Nothing to call it by: unknown, not an invented name.
    expect(normalizeContact({ id: 'x' }).name).toBeNull();
    // Only voice lines: no fax number.
    expect(normalizeContact({ id: 'y', name: 'Desk', phones: [{ type: 'mobile', number: '+14155550100' }] }).faxNumbers).toEqual([]);
  });

  it('a voice line with a label of its own ("type": "phone", "label": "Front desk") is never offered as a fax number', () => {
    const carla = normalizeContact({
      id: 'c1',
      name: 'Carla Diaz',
      phone_numbers: [
        { type: 'phone', label: 'Front desk', number: '+14155550199' },
        { type: 'fax', label: 'Referrals', number: '+14155550103' },
      ],
    });
    expect(carla.faxNumbers).toEqual([{ number: '+14155550103', label: 'Referrals' }]);
    expect(carla.faxNumber).toBe('+14155550103');
    expect(normalizeContact({ id: 'c2', name: 'Reception', phone_numbers: [{ type: 'phone', label: 'Main line', number: '+14155550198' }] }).faxNumbers).toEqual([]);
    expect(normalizeContact({ id: 'c3', name: 'Lab', numbers: [{ kind: 'voice', display_name: 'Lab', value: '+14155550197' }, { number: '+14155550196' }] }).faxNumbers).toEqual([{ number: '+14155550196', label: null }]);
    // A fax-named field that says it is a voice line is still a voice line.
    expect(normalizeContact({ id: 'c4', name: 'Odd', fax_numbers: [{ type: 'voice', number: '+14155550195' }, { number: '+14155550194' }] }).faxNumbers).toEqual([{ number: '+14155550194', label: null }]);
  });

  it('numbers with other field names; a number without a number is dropped', () => {
    expect(normalizeNumber({ phone_number: '+14155559000', friendly_name: 'Desk' }, 0)).toEqual({ id: 'number-0', number: '+14155559000', label: 'Desk', capabilities: [] });
    expect(normalizeNumber({ id: 1 }, 1)).toBeNull();
    expect(normalizeNumber({ id: 'n2', fax_number: '+14155559001', display_name: 'Referrals line' }, 2)).toMatchObject({ label: 'Referrals line' });
  });

  it('webhooks and their one-time secret under either name', () => {
    expect(normalizeWebhook({ id: 'we_1', url: 'https://x', enabled_events: ['fax.failed'] })).toMatchObject({ id: 'we_1', events: ['fax.failed'], description: null });
    expect(webhookSecret({ signing_secret: 'whsec_x' })).toBe('whsec_x');
    expect(webhookSecret({ id: 'we_2', signing: { secret: 'whsec_nested', algorithm: 'sha256' } })).toBe('whsec_nested');
    expect(webhookSecret({ id: 'we_3', secret: { value: 'whsec_value' } })).toBe('whsec_value');
    expect(webhookSecret({ id: 'we_4', credentials: { webhook_secret: 'whsec_deep' } })).toBe('whsec_deep');
    expect(webhookSecret({ id: 'we_5', signing: { algorithm: 'sha256' } })).toBeNull();
    expect(webhookSecret({})).toBeNull();
  });
});
