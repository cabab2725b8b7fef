/** The account's fax numbers and webhook endpoints, under the names real fax APIs use. */
import type { NumberView, WebhookView } from '../../../preload/models';
import { e164, leaves, pick, text, type Json } from './json-shape';

export function readNumber(raw: Json, index: number): NumberView | null {
  const number = text(pick(raw, 'number', 'fax_number', 'faxNumber', 'phone_number', 'phoneNumber', 'e164')) ?? leaves(raw).map((leaf) => e164(leaf.value)).find((found) => found !== null) ?? null;
  if (number === null) return null;
  const capabilities = pick(raw, 'capabilities');
  return {
    id: text(raw.id) ?? `number-${index}`,
    number,
    label: text(pick(raw, 'label', 'name', 'description', 'friendly_name', 'friendlyName', 'nickname')),
    capabilities: Array.isArray(capabilities) ? capabilities.filter((item): item is string => typeof item === 'string') : [],
  };
}

export function readWebhook(raw: Json): WebhookView {
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
