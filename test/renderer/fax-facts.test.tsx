// A carrier's code is not what a person reads first: a recognised one shows its reason in words, the code folded
// away for the support desk; one the app does not know is shown verbatim, as the spec asks.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaxDetail } from '../../preload/models';
import { FaxFacts } from '../../renderer/src/views/FaxFacts';
import { installFakeFax } from './fake-fax';

afterEach(cleanup);

const detail = (overrides: Partial<FaxDetail>): FaxDetail => ({
  id: '41', reference: 'FX-41', direction: 'outbound', status: 'failed', statusGroup: 'failed', pages: 1, createdAt: '2026-11-24T10:00:00Z',
  counterpart: '+14155550103', counterpartName: null, senderName: null, subject: null, recipientCount: 1, deliveredCount: 0, failedCount: 1,
  unread: false, recipients: [], cost: null, providerError: null, requestId: null, submissionId: null, pdfCached: false, ...overrides,
});

describe('the carrier’s words in the fax detail', () => {
  it('a recognised code: the reason in words, the code inside a folded "carrier’s words"', () => {
    installFakeFax({});
    render(<FaxFacts detail={detail({ providerError: 'SIP 486 Busy Here', providerReason: 'The line was busy. Try again in a few minutes.' })} onHistory={() => undefined} onLink={() => undefined} />);
    const shown = screen.getByTestId('provider-reason');
    expect(shown.firstChild?.textContent).toBe('The line was busy. Try again in a few minutes.');
    const folded = shown.querySelector('details');
    expect(folded?.open).toBe(false);
    expect(folded?.querySelector('code')?.textContent).toBe('SIP 486 Busy Here');
    expect(screen.queryByText('Carrier says')).toBeNull();
  });

  it('an unknown code is shown verbatim under "Carrier says"', () => {
    installFakeFax({});
    render(<FaxFacts detail={detail({ providerError: 'Q.850 cause 127', providerReason: null })} onHistory={() => undefined} onLink={() => undefined} />);
    expect(screen.getByText('Carrier says')).toBeTruthy();
    expect(screen.getByTestId('provider-reason').textContent).toBe('Q.850 cause 127');
  });
});
