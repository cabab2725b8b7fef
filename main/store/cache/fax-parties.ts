/** Who a fax went to (each recipient) or came from, by number key: what fax_parties holds for each fax. */
import { numberKey } from '../../../preload/fax-number';
import { statusGroup } from '../../../preload/fax-status';

export interface FaxParty {
  number: string;
  role: 'to' | 'from';
  /** This recipient's transmission failed: the number is not proven by it. */
  failed: boolean;
}

export function partiesOf(fax: { direction: 'inbound' | 'outbound'; to: string | null; from: string | null; recipients: ReadonlyArray<{ to: string; status: string }> }): FaxParty[] {
  const parties = new Map<string, FaxParty>();
  if (fax.direction === 'inbound') {
    const from = fax.from === null ? null : numberKey(fax.from);
    if (from !== null) parties.set(`from${from}`, { number: from, role: 'from', failed: false });
    return [...parties.values()];
  }
  const recipients = fax.recipients.length > 0 ? fax.recipients : fax.to !== null ? [{ to: fax.to, status: 'queued' }] : [];
  for (const recipient of recipients) {
    const number = numberKey(recipient.to);
    if (number === null) continue;
    const failed = statusGroup('outbound', recipient.status) === 'failed';
    const known = parties.get(`to${number}`);
    // The same number twice on one fax: it counts as proven if either went through.
    parties.set(`to${number}`, { number, role: 'to', failed: known ? known.failed && failed : failed });
  }
  return [...parties.values()];
}
