/**
 * A submission whose outcome is unknown near the end of the service's 24 h Idempotency-Key memory is looked for in
 * the fax list (same recipients, same pages, around the time it was tried): found, it is accepted as that fax; not
 * found, it gets a new key, so the next attempt is a fresh one and never a second copy of a fax that arrived.
 */
import crypto from 'node:crypto';
import type { FaxClient } from '../api/fax-client';
import type { Logger } from '../log/logger';
import type { SubmissionRecord } from './submission-journal';

export async function reconcileSubmission(record: SubmissionRecord, deps: { client: FaxClient; now: () => number; log: Logger }): Promise<SubmissionRecord> {
  const { client, now, log } = deps;
  const from = (record.firstAttemptAt ?? record.createdAt) - 10 * 60_000;
  const to = (record.lastAttemptAt ?? now()) + 10 * 60_000;
  const wanted = [...record.recipients.map((recipient) => recipient.number)].sort().join(',');
  for (let offset = 0; offset < 1000; offset += 100) {
    const page = await client.listFaxes(
      { limit: 100, offset, direction: 'outbound', createdAfter: new Date(from).toISOString(), createdBefore: new Date(to).toISOString() },
      { priority: 'background' },
    );
    const match = page.items.find((fax) => {
      const numbers = fax.recipients.map((recipient) => recipient.to).sort().join(',');
      return numbers === wanted && (fax.pages === null || fax.pages === record.pages);
    });
    if (match) {
      log.info('outbox.reconciled_found', { submissionId: record.id, faxId: match.id });
      return { ...record, state: 'accepted', faxId: match.id, reference: match.reference, acceptedAt: now(), error: null, nextAttemptAt: null, outcomeUnknown: false };
    }
    if (!page.hasMore) break;
  }
  log.info('outbox.reconciled_absent', { submissionId: record.id });
  // Not on the service: the old key is forgotten there, so a new key makes the next attempt a fresh one.
  return { ...record, idempotencyKey: crypto.randomUUID(), keyGeneration: record.keyGeneration + 1, firstAttemptAt: null, state: 'pending', outcomeUnknown: false };
}
