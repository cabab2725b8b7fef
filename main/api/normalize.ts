/**
 * Turns parsed replies into the app's own records. Where the spec does not show a field's name or type, a few
 * plausible spellings are tried and anything else is ignored; unknown status codes are kept verbatim.
 */
import type { AccountView, ContactView, FaxDirection, NumberView, RecipientView, WebhookView } from '../../preload/models';
import { recipientSchema, type FaxJson } from './schemas';
import { describeRecipientError } from './recipient-errors';

type Json = Record<string, unknown>;

function pick(record: Json, ...paths: string[]): unknown {
  for (const path of paths) {
    let value: unknown = record;
    for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Json)[part] : undefined;
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function count(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) return Number(value);
  return null;
}

export interface FaxRecord {
  id: number;
  reference: string;
  direction: FaxDirection;
  status: string;
  pages: number | null;
  createdAt: string;
  /** created_at as epoch ms, for ordering and incremental sync. */
  createdMs: number;
  to: string | null;
  from: string | null;
  subject: string | null;
  senderName: string | null;
  cost: string | null;
  providerError: string | null;
  recipients: RecipientView[];
}

function formatCost(value: unknown): string | null {
  if (typeof value === 'number') return value.toFixed(2);
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const record = value as Json;
    const currency = text(pick(record, 'currency')) ?? '';
    const cents = count(pick(record, 'amount_cents', 'cents'));
    if (cents !== null) return `${(cents / 100).toFixed(2)} ${currency}`.trim();
    const amount = count(pick(record, 'amount', 'value', 'total'));
    if (amount !== null) return `${amount.toFixed(2)} ${currency}`.trim();
  }
  return null;
}

export function normalizeRecipient(raw: unknown): RecipientView | null {
  const parsed = recipientSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { error } = parsed.data;
  const verbatim = error === undefined || error === null ? null : typeof error === 'string' ? error : JSON.stringify(error);
  return {
    to: parsed.data.to,
    name: parsed.data.name ?? null,
    status: parsed.data.status,
    error: verbatim,
    reason: describeRecipientError(verbatim),
  };
}

export function normalizeFax(fax: FaxJson): FaxRecord {
  const record = fax as Json;
  const recipients = (fax.recipients ?? []).map(normalizeRecipient).filter((recipient): recipient is RecipientView => recipient !== null);
  const direction: FaxDirection = fax.direction === 'inbound' ? 'inbound' : 'outbound';
  return {
    id: fax.id,
    reference: fax.reference ?? String(fax.id),
    direction,
    status: fax.status,
    pages: fax.pages ?? null,
    createdAt: new Date(Date.parse(fax.created_at)).toISOString(),
    createdMs: Date.parse(fax.created_at),
    to: fax.to ?? recipients[0]?.to ?? null,
    from: text(pick(record, 'from', 'from_number', 'sender', 'sender_number', 'caller_id')),
    subject: text(pick(record, 'subject')),
    senderName: text(pick(record, 'sender_name', 'senderName', 'from_name', 'sender.name')),
    cost: formatCost(pick(record, 'cost', 'price', 'charge')),
    providerError: text(pick(record, 'provider_error', 'providerError', 'error_message', 'failure_reason')),
    recipients,
  };
}

function dateOnly(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  return Number.isNaN(Date.parse(raw)) ? raw : raw.slice(0, 10);
}

export function normalizeAccount(raw: Json): AccountView {
  const plan = pick(raw, 'plan.name', 'plan', 'plan_name', 'tier');
  const pagesUsed = count(pick(raw, 'pages_used', 'pagesUsed', 'usage.pages_used', 'usage.pages', 'pages.used'));
  const pageLimit = count(pick(raw, 'page_limit', 'pageLimit', 'usage.page_limit', 'limits.pages', 'pages.limit', 'monthly_page_limit'));
  const cycle = pick(raw, 'billing_cycle', 'billingCycle', 'billing_period', 'cycle');
  let billingCycle: AccountView['billingCycle'] = null;
  if (typeof cycle === 'string') billingCycle = { start: null, end: null, label: cycle };
  else if (cycle && typeof cycle === 'object') {
    const start = dateOnly(pick(cycle as Json, 'start', 'starts_at', 'period_start', 'from'));
    const end = dateOnly(pick(cycle as Json, 'end', 'ends_at', 'period_end', 'to'));
    billingCycle = { start, end, label: text(pick(cycle as Json, 'label', 'name', 'interval')) };
  }
  const usageRatio = pagesUsed !== null && pageLimit !== null && pageLimit > 0 ? pagesUsed / pageLimit : null;
  const statusText = text(pick(raw, 'status', 'state'));
  const paused = pick(raw, 'paused', 'sending_paused') === true || statusText === 'paused' || (usageRatio !== null && pagesUsed !== null && pageLimit !== null && pagesUsed * 10 >= pageLimit * 11);
  return { plan: plan === undefined ? null : text(plan), pagesUsed, pageLimit, billingCycle, paused, usageRatio };
}

export function normalizeContact(raw: Json): ContactView {
  const first = text(pick(raw, 'first_name'));
  const last = text(pick(raw, 'last_name'));
  const joined = [first, last].filter(Boolean).join(' ');
  return {
    id: String(raw.id),
    name: text(pick(raw, 'name', 'display_name', 'full_name')) ?? (joined || text(pick(raw, 'company', 'organization')) || 'Unnamed contact'),
    faxNumber: text(pick(raw, 'fax_number', 'faxNumber', 'fax', 'number')),
    company: text(pick(raw, 'company', 'organization', 'organisation')),
    email: text(pick(raw, 'email')),
  };
}

export function normalizeNumber(raw: Json, index: number): NumberView | null {
  const number = text(pick(raw, 'number', 'fax_number', 'phone_number', 'e164'));
  if (number === null) return null;
  const capabilities = pick(raw, 'capabilities');
  return {
    id: text(raw.id) ?? `number-${index}`,
    number,
    label: text(pick(raw, 'label', 'name', 'description', 'friendly_name')),
    capabilities: Array.isArray(capabilities) ? capabilities.filter((item): item is string => typeof item === 'string') : [],
  };
}

export function normalizeWebhook(raw: Json): WebhookView {
  const events = pick(raw, 'events', 'enabled_events');
  return {
    id: String(raw.id),
    url: text(pick(raw, 'url', 'endpoint')) ?? '',
    events: Array.isArray(events) ? events.filter((item): item is string => typeof item === 'string') : [],
    description: text(pick(raw, 'description')),
    createdAt: text(pick(raw, 'created_at', 'created')),
  };
}

export function webhookSecret(raw: Json): string | null {
  return text(pick(raw, 'secret', 'signing_secret', 'signingSecret'));
}
