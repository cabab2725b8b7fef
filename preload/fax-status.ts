/**
 * What a fax's status means, whatever word the service uses. The spec names the outbound states (queued,
 * converting, sending, delivered, failed, partial) but not those of inbound faxes, and other services use other
 * words (received, completed, success, no-answer, …). Lists filter by these groups; the word itself is always
 * shown verbatim, so an unknown state is never hidden.
 */
import type { FaxDirection } from './models';

export const statusGroups = ['in_progress', 'delivered', 'partial', 'failed', 'received', 'other'] as const;
export type StatusGroup = (typeof statusGroups)[number];

const failedWords = /(fail|error|cancel|reject|abort|undeliver|busy|no_?answer|not_?a_?fax|expired|bounced)/;
const inProgressWords = /^(queued?|pending|converting|processing|sending|in_?progress|scheduled|retrying|receiving|ringing|dialing|dialling|transmitting|started|accepted|created|new|submitted|waiting)$/;
const deliveredWords = /^(delivered|success|succeeded|successful|sent|completed?|done|ok|confirmed)$/;

function canonical(status: string): string {
  return status.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

export function statusGroup(direction: FaxDirection, status: string): StatusGroup {
  const word = canonical(status);
  if (failedWords.test(word)) return 'failed';
  if (inProgressWords.test(word)) return 'in_progress';
  // An inbound fax that is neither failed nor still arriving has arrived, whatever the service calls that.
  if (direction === 'inbound') return 'received';
  if (word.includes('partial')) return 'partial';
  if (deliveredWords.test(word)) return 'delivered';
  return 'other';
}
