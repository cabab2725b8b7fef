/**
 * Whether a received fax is from one of a rule's senders: the same number (in any spelling), or — for a sender
 * picked by contact name — any number that contact has in the address book.
 */
import type { DraftRecipient } from '../../../preload/models';
import { numberKey } from '../../../preload/fax-number';

export function isFromSenders(from: string | null, senders: readonly DraftRecipient[], contactNamesOf: (key: string) => ReadonlyArray<string | null>): boolean {
  if (senders.length === 0) return true;
  const key = from === null ? null : numberKey(from);
  if (key === null) return false;
  if (senders.some((sender) => numberKey(sender.number) === key)) return true;
  const named = new Set(senders.map((sender) => sender.name?.trim().toLowerCase()).filter((name): name is string => Boolean(name)));
  if (named.size === 0) return false;
  return contactNamesOf(key).some((name) => name !== null && named.has(name.trim().toLowerCase()));
}
