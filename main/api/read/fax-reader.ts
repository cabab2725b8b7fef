/**
 * Faxes and their recipients as the app keeps them. The spec fixes id, status, created_at, direction, pages and
 * recipients[].to/status/error; subject, sender, cost and the carrier's message are "not shown", so they are read
 * under the names real fax APIs use (Phaxio, Sinch, Telnyx, SignalWire and others), then by the shape of values.
 * Unknown states are kept verbatim.
 */
import type { FaxDirection, RecipientView } from '../../../preload/models';
import type { FaxId } from '../../../preload/fax-id';
import { describeRecipientError } from '../recipient-errors';
import type { FaxJson } from '../schemas';
import { count, e164, isRecord, leaves, pick, text, words, type Json } from './json-shape';

export interface FaxRecord {
  id: FaxId;
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

const numberNames = ['number', 'fax_number', 'faxNumber', 'phone_number', 'phoneNumber', 'e164', 'value'];

/** A fax number given as a string, or inside an object under a number-like name. */
function numberIn(value: unknown): string | null {
  if (isRecord(value)) return e164(pick(value, ...numberNames));
  return e164(value);
}

/** The carrier's or service's message: a string, or an object with a message (and maybe a code). */
function message(value: unknown): string | null {
  if (isRecord(value)) {
    const said = text(pick(value, 'message', 'description', 'detail', 'reason', 'text'));
    const code = text(pick(value, 'code', 'error_code', 'errorCode', 'type'));
    if (said && code && !said.includes(code)) return `${code}: ${said}`;
    return said ?? code ?? JSON.stringify(value);
  }
  return text(value);
}

function readRecipientError(record: Json): string | null {
  const raw = pick(record, 'error', 'error_message', 'errorMessage', 'failure_reason', 'failureReason', 'reason', 'error_code', 'errorCode');
  return raw === undefined ? null : message(raw);
}

export function readRecipient(raw: unknown): RecipientView | null {
  if (!isRecord(raw)) return null;
  const to = numberIn(pick(raw, 'to', 'number', 'phone_number', 'phoneNumber', 'fax_number', 'faxNumber', 'recipient')) ?? text(raw.to);
  if (to === null) return null;
  const status = text(pick(raw, 'status', 'state', 'result'));
  if (status === null) return null;
  const error = readRecipientError(raw);
  return {
    to,
    name: text(pick(raw, 'name', 'to_name', 'recipient_name', 'recipientName')),
    status,
    error,
    reason: describeRecipientError(error),
  };
}

/** With a currency an amount is money (two decimals); without one, a whole number is shown as given. */
function formatAmount(amount: number, currency: string | null): string {
  return currency === null && Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/** A cost as the service states it: cents turned into units only when the name says cents; a currency when given. */
export function readCost(record: Json): string | null {
  const currencyOf = (node: Json) => text(pick(node, 'currency', 'currency_code', 'currencyCode', 'price_unit', 'priceUnit', 'cost_currency', 'unit'));
  const topCurrency = currencyOf(record);
  const withCurrency = (amount: string, currency: string | null) => (currency ? `${amount} ${currency.toUpperCase()}` : amount);
  const cents = count(pick(record, 'cost_cents', 'costCents', 'price_cents', 'priceCents', 'amount_cents', 'charge_cents'));
  if (cents !== null) return withCurrency((cents / 100).toFixed(2), topCurrency);
  const stated = pick(record, 'cost', 'price', 'charge', 'cost_amount', 'costAmount', 'total_cost', 'totalCost', 'amount');
  if (isRecord(stated)) {
    const currency = currencyOf(stated) ?? topCurrency;
    const nestedCents = count(pick(stated, 'amount_cents', 'cents', 'amountCents', 'value_cents'));
    if (nestedCents !== null) return withCurrency((nestedCents / 100).toFixed(2), currency);
    const amount = count(pick(stated, 'amount', 'value', 'total'));
    return amount === null ? null : withCurrency(formatAmount(amount, currency), currency);
  }
  if (typeof stated === 'number') return withCurrency(formatAmount(stated, topCurrency), topCurrency);
  if (typeof stated === 'string') return count(stated) !== null ? withCurrency(formatAmount(Number(stated), topCurrency), topCurrency) : stated;
  return null;
}

/** The sender's number of an inbound fax: by name, then any E.164 value under a sender-like key. */
function readFrom(record: Json): string | null {
  const named = pick(record, 'from', 'from_number', 'fromNumber', 'sender_number', 'senderNumber', 'caller_id', 'callerId', 'sender', 'remote_number', 'remoteNumber', 'remote_identity', 'remoteIdentity');
  const direct = numberIn(named);
  if (direct) return direct;
  for (const leaf of leaves(record)) {
    if (!/\b(from|sender|caller|remote|originator)\b/.test(words(leaf.path))) continue;
    const found = e164(leaf.value);
    if (found) return found;
  }
  return null;
}

function readSenderName(record: Json): string | null {
  const named = text(pick(record, 'sender_name', 'senderName', 'from_name', 'fromName', 'caller_name', 'callerName', 'sender.name', 'from.name', 'csid', 'station_id', 'remote_station_id'));
  if (named) return named;
  const sender = pick(record, 'sender', 'from');
  if (isRecord(sender)) return text(pick(sender, 'company', 'organization', 'display_name', 'displayName'));
  return null;
}

function readProviderError(record: Json): string | null {
  const raw = pick(record, 'provider_error', 'providerError', 'carrier_error', 'carrierError', 'carrier_message', 'error_message', 'errorMessage', 'failure_reason', 'failureReason', 'status_reason', 'statusReason', 'error');
  return raw === undefined ? null : message(raw);
}

export function readFax(fax: FaxJson): FaxRecord {
  const record = fax as Json;
  const recipients = (fax.recipients ?? []).map(readRecipient).filter((recipient): recipient is RecipientView => recipient !== null);
  const direction: FaxDirection = fax.direction === 'inbound' ? 'inbound' : 'outbound';
  const createdMs = Date.parse(fax.created_at);
  return {
    id: fax.id,
    reference: fax.reference ?? fax.id,
    direction,
    status: fax.status,
    pages: fax.pages ?? null,
    createdAt: new Date(createdMs).toISOString(),
    createdMs,
    to: numberIn(fax.to) ?? text(fax.to) ?? recipients[0]?.to ?? null,
    from: readFrom(record),
    subject: text(pick(record, 'subject', 'title')),
    senderName: readSenderName(record),
    cost: readCost(record),
    providerError: readProviderError(record),
    recipients,
  };
}
