/**
 * How stored rows become API resources. The spec names some fields; for the ones it leaves "not shown" the
 * sandbox's shapes are written down in README.md (the client must not rely on them).
 */
import { isoSeconds } from './clock';
import type { PublicIds } from './public-ids';

export interface FaxRow {
  id: number;
  account_id: string;
  reference: string;
  direction: 'inbound' | 'outbound';
  status: string;
  pages: number;
  created_s: number;
  accepted_ms: number;
  subject: string | null;
  notes: string | null;
  cover_id: string | null;
  sender_name: string | null;
  from_number: string | null;
  to_number: string;
  cost_cents: number;
  provider_error: string | null;
  has_docx: number;
  files: string;
  completed_ms: number | null;
  updated_ms: number;
}

export interface RecipientRow {
  fax_id: number;
  position: number;
  to_number: string;
  name: string | null;
  status: string;
  error: string | null;
}

export function faxResource(fax: FaxRow, recipients: readonly RecipientRow[], ids: PublicIds) {
  return {
    id: ids.json(fax.id),
    reference: fax.reference,
    object: 'fax' as const,
    status: fax.status,
    direction: fax.direction,
    to: fax.to_number,
    from: fax.from_number,
    pages: fax.pages,
    recipients: recipients.map((recipient) => ({ to: recipient.to_number, name: recipient.name, status: recipient.status, error: recipient.error })),
    subject: fax.subject,
    sender_name: fax.sender_name,
    cost: { amount_cents: fax.cost_cents, currency: 'USD' },
    provider_error: fax.provider_error,
    created_at: isoSeconds(fax.created_s * 1000),
    updated_at: new Date(fax.updated_ms).toISOString(),
    completed_at: fax.completed_ms === null ? null : new Date(fax.completed_ms).toISOString(),
  };
}

export interface AccountRow {
  id: string;
  name: string;
  plan: string;
  page_limit: number;
  pages_used: number;
  cycle_start: string;
  cycle_end: string;
  created_at: string;
}

/** At 110 % of the page limit sending and receiving pause. */
export function isPaused(account: AccountRow): boolean {
  return account.pages_used * 10 >= account.page_limit * 11; // integers: no floating-point edge at exactly 110 %
}

/** The account; its cover sheets ride along (the spec leaves the account's fields not shown — see README). */
export function accountResource(account: AccountRow, covers: ReadonlyArray<{ id: string; name: string }> = []) {
  return {
    id: account.id,
    object: 'account' as const,
    name: account.name,
    plan: account.plan,
    pages_used: account.pages_used,
    page_limit: account.page_limit,
    billing_cycle: { start: account.cycle_start, end: account.cycle_end },
    status: isPaused(account) ? 'paused' : 'active',
    cover_sheets: covers.map((cover) => ({ id: cover.id, name: cover.name })),
  };
}

export interface ContactRow {
  id: string;
  name: string;
  fax_number: string | null;
  company: string | null;
  email: string | null;
  notes: string | null;
  created_at: string;
}

export const contactResource = (row: ContactRow) => ({ object: 'contact' as const, ...row });

export interface NumberRow {
  id: string;
  number: string;
  label: string | null;
  created_at: string;
}

export const numberResource = (row: NumberRow) => ({ object: 'number' as const, ...row, capabilities: ['send', 'receive'] });

export interface WebhookRow {
  id: string;
  account_id: string;
  url: string;
  events: string;
  description: string | null;
  secret: string;
  payload: 'standard' | 'reduced';
  created_at: string;
  deleted_at: string | null;
}

export function webhookResource(row: WebhookRow) {
  return {
    id: row.id,
    object: 'webhook_endpoint' as const,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    payload: row.payload,
    created_at: row.created_at,
  };
}

export function listEnvelope<T>(items: T[], total: number, limit: number, offset: number, requestId: string) {
  return { data: { object: 'list' as const, data: items, total, limit, offset, has_more: offset + items.length < total }, request_id: requestId };
}
