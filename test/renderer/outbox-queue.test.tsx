// Discarding from the outbox: a fax that may already be on its way is only removed after the user has read why.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toasts } from '../../renderer/src/components/Toasts';
import { outboxStore } from '../../renderer/src/data/outbox';
import { composeStore } from '../../renderer/src/data/compose';
import { routeStore } from '../../renderer/src/data/navigation';
import { connectionStore } from '../../renderer/src/data/connection';
import { connected } from './states';
import { toast } from '../../renderer/src/data/toasts';
import { OutboxQueue } from '../../renderer/src/lists/OutboxQueue';
import type { SubmissionView } from '../../preload/models';
import { installFakeFax, Refusal } from './fake-fax';

afterEach(cleanup);

const waiting: SubmissionView = {
  id: 'sub-9',
  state: 'waiting',
  createdAt: 0,
  scheduledAt: null,
  recipients: [{ number: '+14155550100', name: 'Lab' }],
  subject: 'Results',
  fileCount: 1,
  pages: 2,
  attempts: 1,
  faxId: null,
  bytesSent: 0,
  bytesTotal: 0,
  error: { kind: 'server', message: 'The Fax Service\'s answer could not be read.', requestId: 'req_77' },
  nextAttemptAt: Date.now() + 5000,
  origin: 'compose',
  outcomeUnknown: true,
};

describe('outbox queue', () => {
  it('an unknown outcome shows "Checking…"; Discard asks first; Cancel keeps it; confirming discards with confirmed: true', async () => {
    const fax = installFakeFax({ discardSubmission: () => null, retrySubmission: () => waiting });
    outboxStore.set([waiting]);
    render(<OutboxQueue />);
    expect(screen.getByText('Checking…')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('dialog').textContent).toMatch(/may already be on its way/);
    expect(fax.callsOf('discardSubmission')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard anyway' }));
    await waitFor(() => expect(fax.callsOf('discardSubmission')).toEqual([{ id: 'sub-9', confirmed: true }]));
  });

  it('when main says the outcome became unknown, the same question is asked instead of an error', async () => {
    const fax = installFakeFax({ discardSubmission: () => new Refusal({ kind: 'conflict', code: 'outcome_unknown', message: 'This fax may already be on its way.' }) });
    outboxStore.set([{ ...waiting, outcomeUnknown: false }]);
    render(<OutboxQueue />);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard fax' }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toMatch(/may already be on its way/));
    expect(fax.callsOf('discardSubmission')).toEqual([{ id: 'sub-9', confirmed: false }]);
  });

  it('a held fax: Discard asks first (and points to Edit); Edit takes it back into compose with everything in it', async () => {
    const held: SubmissionView = { ...waiting, id: 'sub-held', state: 'held', outcomeUnknown: false, error: { kind: 'http', message: 'The cover sheet cov_x is not one of this account’s.' } };
    const draft = { id: 'd-1', recipients: [{ number: '+14155550100', name: 'Lab' }], subject: 'Results', notes: 'Page 2 is the summary.', coverId: 'cov_x', files: [{ id: 'f-1', name: 'results.pdf', kind: 'pdf' as const, size: 10, pages: 2, pagesEstimated: false }], scheduledAt: null, replyWithinDays: null, updatedAt: Date.now() };
    const fax = installFakeFax({ discardSubmission: () => null, editSubmission: () => draft, listDraftsAside: () => [] });
    connectionStore.set(connected());
    outboxStore.set([held]);
    render(<OutboxQueue />);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('dialog').textContent).toMatch(/removed from the outbox with its file; it is not sent.*use Edit instead/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fax.callsOf('discardSubmission')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(fax.callsOf('editSubmission')).toEqual([{ id: 'sub-held' }]));
    await waitFor(() => expect(composeStore.get()).toMatchObject({ draftId: 'd-1', subject: 'Results', notes: 'Page 2 is the summary.', coverId: 'cov_x', files: [expect.objectContaining({ id: 'f-1' })] }));
    expect(composeStore.get().recipients.map((recipient) => [recipient.e164, recipient.name])).toEqual([['+14155550100', 'Lab']]);
    expect(routeStore.get().screen).toBe('compose');
  });

  it('a fax whose outcome is unknown cannot be edited (it may already be on its way)', () => {
    installFakeFax({});
    outboxStore.set([{ ...waiting, state: 'failed' }]);
    render(<OutboxQueue />);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('a request id can be copied: the text goes to main\'s clipboard', async () => {
    const fax = installFakeFax({ copyText: () => null });
    toast('error', 'The Fax Service had a problem (500).', 'req_copy_me');
    render(<Toasts />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy request id req_copy_me' }));
    await waitFor(() => expect(fax.callsOf('copyText')).toEqual([{ text: 'req_copy_me' }]));
  });
});
