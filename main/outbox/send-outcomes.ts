/**
 * What follows once the service has answered a submission for good, kept out of the outbox (which only journals
 * and sends) and wired in core: an accepted fax is written to the cache as sent (with its reply expectation and an
 * audit entry) and announced, and the account and sync are told; a refusal for the allowance has the account read
 * again.
 */
import type { RecipientView } from '../../preload/models';
import type { EventBus } from '../runtime/event-bus';
import type { Cache } from '../store/cache/cache';
import type { SubmissionRecord } from './submission-journal';
import type { FaxId } from '../../preload/fax-id';

export interface SendOutcomes {
  accepted(record: SubmissionRecord): void;
  quotaRefused(): void;
}

export function recordSendOutcomes(deps: { cache: Cache; events: EventBus; now?: () => number; onRecorded?: (faxId: FaxId, replyDue: number | null) => void; afterAccepted?: () => void; afterQuotaRefused?: () => void }): SendOutcomes {
  const now = deps.now ?? Date.now;
  return {
    accepted(record) {
      if (record.faxId === null) return;
      const recipients: RecipientView[] = record.recipients.map((recipient) => ({ to: recipient.number, name: recipient.name ?? null, status: 'queued', error: null, reason: null }));
      deps.cache.faxes.recordSent({ id: record.faxId, reference: record.reference, status: 'queued', pages: record.pages, recipients, subject: record.subject || null, submissionId: record.id, requestId: record.acceptedRequestId });
      const replyDue = record.replyWithinDays === null ? null : (record.acceptedAt ?? now()) + record.replyWithinDays * 86_400_000;
      if (replyDue !== null) deps.cache.replies.expect(record.faxId, replyDue);
      // A signed copy faxed back changes the received fax too: a detail of it open on screen shows the answer.
      const answered = record.origin === 'fax_back' ? record.relatedFaxId : null;
      if (answered !== null) deps.cache.answers.link(record.faxId, answered);
      deps.onRecorded?.(record.faxId, replyDue);
      deps.cache.audit.record('send', { faxId: record.faxId, submissionId: record.id });
      deps.events.emit('faxesChanged', { added: [record.faxId], updated: answered === null ? [] : [answered], unreadInbound: deps.cache.faxes.unreadInbound() });
      deps.afterAccepted?.();
    },
    quotaRefused() {
      deps.afterQuotaRefused?.();
    },
  };
}
