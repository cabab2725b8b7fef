/**
 * Webhook events: one event per fax outcome (never one per recipient) and one per inbound fax, in two shapes —
 * the standard payload, and the reduced, PHI-free payload for endpoints created by an
 * `automation:events:read` key. Events are queued for every subscribed endpoint of the account.
 */
import type { SandboxDb } from './database';
import { newEventId } from './ids';
import type { FaxRow, RecipientRow, WebhookRow } from './resources';
import type { PublicIds } from './public-ids';

export const eventTypes = ['fax.delivered', 'fax.partial', 'fax.failed', 'fax.received'] as const;
export type EventType = (typeof eventTypes)[number];

/** The closed list of `error_code` values in reduced payloads. */
export const reducedErrorCodes = ['line_busy', 'no_answer', 'not_a_fax_machine', 'other'] as const;

export function eventTypeFor(fax: Pick<FaxRow, 'direction' | 'status'>): EventType | null {
  if (fax.direction === 'inbound') return 'fax.received';
  if (fax.status === 'delivered') return 'fax.delivered';
  if (fax.status === 'failed') return 'fax.failed';
  if (fax.status === 'partial') return 'fax.partial';
  return null;
}

export function createEventRecorder(db: SandboxDb, ids: PublicIds) {
  const insertEvent = db.prepare('INSERT INTO events (id, account_id, type, created, fax_id, standard, reduced) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const endpointsOf = db.prepare('SELECT * FROM webhooks WHERE account_id = ? AND deleted_at IS NULL');
  const queue = db.prepare('INSERT OR IGNORE INTO delivery_queue (event_id, endpoint_id, attempt, due_ms) VALUES (?, ?, 1, ?)');

  return db.transaction((fax: FaxRow, recipients: readonly RecipientRow[], now: number): string | null => {
    const type = eventTypeFor(fax);
    if (!type) return null;
    const id = newEventId();
    const created = Math.floor(now / 1000);
    const data: Record<string, unknown> = {
      id: ids.json(fax.id),
      reference: fax.reference,
      object: 'fax',
      status: fax.status,
      pages: fax.pages,
      recipients: recipients.map((recipient) => ({ to: recipient.to_number, status: recipient.status, error: recipient.error })),
    };
    if (type === 'fax.received') Object.assign(data, { direction: 'inbound', from: fax.from_number, to: fax.to_number });
    const standard = JSON.stringify({ id, type, created, data });
    const firstError = recipients.find((recipient) => recipient.error !== null)?.error ?? null;
    const errorCode = firstError === null ? null : (reducedErrorCodes as readonly string[]).includes(firstError) ? firstError : 'other';
    const reduced = JSON.stringify({
      evt_id: id,
      type,
      occurred_at: new Date(now).toISOString(),
      direction: fax.direction,
      status: fax.status,
      page_count: fax.pages,
      error_code: errorCode,
    });
    insertEvent.run(id, fax.account_id, type, created, fax.id, standard, reduced);
    for (const endpoint of endpointsOf.all(fax.account_id) as WebhookRow[]) {
      if ((JSON.parse(endpoint.events) as string[]).includes(type)) queue.run(id, endpoint.id, now);
    }
    return id;
  });
}
