// The transmission report, read back as a reader would: one page, and every field there with its value.
import { describe, expect, it } from 'vitest';
import { buildReportPdf, zonedTime } from '../../../main/faxes/report-document';
import { encodeGrayPng } from '../../../main/pages/png';
import type { FaxDetail } from '../../../preload/models';
import { readBackPdf } from '../../helpers/pdf-text';

const fax: FaxDetail = {
  id: '4711',
  reference: 'FX-20261123-0042',
  direction: 'outbound',
  status: 'partial',
  statusGroup: 'partial',
  pages: 3,
  createdAt: '2026-11-23T17:42:05Z',
  counterpart: '+14155550101',
  recipientCount: 2,
  deliveredCount: 1,
  failedCount: 1,
  subject: 'Referral Łódź',
  senderName: null,
  unread: false,
  recipients: [
    { to: '+14155550101', name: 'Dr. Alice Moreno', status: 'delivered', error: null, reason: null },
    { to: '+442079460958', name: '李医生', status: 'failed', error: 'busy', reason: 'The line was busy.' },
  ],
  cost: null,
  providerError: null,
  requestId: null,
  submissionId: 's-1',
  pdfCached: true,
};

const firstPage = { png: encodeGrayPng({ width: 4, height: 4, pixels: new Uint8Array(16).fill(0) }), width: 4, height: 4 };

describe('transmission report', () => {
  it('is one page with the reference and id, the time with its zone, pages, each recipient with result and reason, the request id and the first page', async () => {
    const bytes = await buildReportPdf({ fax, requestId: 'req_8f2c1a', generatedAtMs: Date.parse('2026-11-24T09:00:00Z'), timeZone: 'America/Los_Angeles', firstPage });
    const read = await readBackPdf(bytes);
    expect(read.pages).toBe(1);
    const text = read.text[0] ?? '';
    for (const expected of [
      'Fax transmission report',
      'Reference FX-20261123-0042',
      'Fax ID 4711',
      'Submitted November 23, 2026 at 9:42:05 AM PST (2026-11-23T09:42:05-08:00)',
      'Result Partly delivered',
      'Pages 3',
      'Subject Referral ?ód?',
      'Request ID req_8f2c1a',
      'Report made November 24, 2026 at 1:00:00 AM PST (2026-11-24T01:00:00-08:00)',
      '+1 415 555 0101 Dr. Alice Moreno Delivered —',
      '+44 20 7946 0958 ??? Failed The line was busy.',
      'First page as the recipient’s fax machine prints it',
    ]) {
      expect(text).toContain(expected);
    }
    expect(read.images[0]).toBe(1);
  });

  it('without the document, says why the first page is not shown; without a request id, says so', async () => {
    const read = await readBackPdf(await buildReportPdf({ fax, requestId: null, generatedAtMs: 0, timeZone: 'UTC', firstPage: { missing: 'the fax’s document could not be read.' } }));
    expect(read.text[0]).toContain('Request ID not recorded');
    expect(read.text[0]).toContain('Not shown: the fax’s document could not be read.');
    expect(read.images[0]).toBe(0);
  });

  it('writes times in any zone with the exact offset', () => {
    expect(zonedTime(Date.parse('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe('July 1, 2026 at 2:00:00 PM GMT+2 (2026-07-01T14:00:00+02:00)');
    expect(zonedTime(Date.parse('2026-07-01T12:00:00Z'), 'UTC')).toBe('July 1, 2026 at 12:00:00 PM UTC (2026-07-01T12:00:00+00:00)');
  });
});
