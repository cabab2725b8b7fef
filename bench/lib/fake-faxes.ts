/** Plausible fax records for filling a cache quickly (benchmarks of big inboxes; no Fax Service involved). */
import type { FaxRecord } from '../../main/api/read/fax-reader';

const senders = ['Riverside Clinic', 'Northgate Pharmacy', 'St. Mary Radiology', 'Lakeside Dental', 'City Lab Services', 'Oak Family Practice', 'Harbor Imaging', 'Summit Cardiology'];
const subjects = ['Referral', 'Lab results', 'Prescription renewal', 'Prior authorization', 'Discharge summary', 'Imaging report', 'Insurance form', null];
const outboundStates = ['delivered', 'delivered', 'delivered', 'delivered', 'failed', 'partially_delivered'];

/** `count` faxes, newest first, one every ~7 minutes back from `newestMs`; ids start at `firstId`. */
export function fakeFaxes(count: number, options: { firstId: number; newestMs: number }): FaxRecord[] {
  const records: FaxRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = options.firstId + index;
    const createdMs = options.newestMs - index * 7 * 60_000 - (index % 13) * 1000;
    const inbound = index % 3 !== 0;
    const number = `+1555${String(1_000_000 + ((index * 7919) % 8_999_999))}`;
    const status = inbound ? 'received' : (outboundStates[index % outboundStates.length] ?? 'delivered');
    records.push({
      id: String(id),
      reference: `FX-${String(id).padStart(8, '0')}`,
      direction: inbound ? 'inbound' : 'outbound',
      status,
      pages: 1 + (index % 9),
      createdAt: new Date(createdMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      createdMs,
      to: inbound ? '+15550100000' : number,
      from: inbound ? number : '+15550100000',
      subject: inbound ? null : (subjects[index % subjects.length] ?? null),
      senderName: inbound ? (senders[index % senders.length] ?? null) : null,
      cost: null,
      providerError: null,
      recipients: inbound ? [] : [{ to: number, name: null, status: status === 'partially_delivered' ? 'failed' : status, error: status === 'failed' ? 'busy' : null, reason: status === 'failed' ? 'The line was busy.' : null }],
    });
  }
  return records;
}
