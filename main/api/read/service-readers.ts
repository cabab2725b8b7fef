/** The account's fax numbers and webhook endpoints, under the names real fax APIs use. */
import type { NumberView, WebhookView } from '../../../preload/models';
import { e164, leaves, pick, text, words, type Json } from './json-shape';

export function readNumber(raw: Json, index: number): NumberView | null {
  const number = text(pick(raw, 'number', 'fax_number', 'faxNumber', 'phone_number', 'phoneNumber', 'e164')) ?? leaves(raw).map((leaf) => e164(leaf.value)).find((found) => found !== null) ?? null;
  if (number === null) return null;
  const capabilities = pick(raw, 'capabilities');
  return {
    id: text(raw.id) ?? `number-${index}`,
    number,
    label: text(pick(raw, 'label', 'name', 'display_name', 'displayName', 'friendly_name', 'friendlyName', 'nickname', 'alias', 'title', 'description')),
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

/** The one-time signing secret: at the top, or nested (`signing.secret`, `secret.value`…) as some services send it. */
export function webhookSecret(raw: Json): string | null {
  const paths = ['secret', 'signing_secret', 'signingSecret', 'webhook_secret', 'webhookSecret', 'signing.secret', 'signing.key', 'signature.secret', 'secret.value', 'signing_secret.value', 'signingSecret.value'];
  for (const path of paths) {
    const found = pick(raw, path);
    if (typeof found === 'string' && found.trim() !== '') return found;
  }
  // Any other string under a key that says it is the secret, one level down.
  for (const leaf of leaves(raw)) if (typeof leaf.value === 'string' && leaf.value.trim() !== '' && /\bsecret\b/i.test(words(leaf.path))) return leaf.value;
  return null;
}
