/**
 * Replies tracked in the fax detail: what a sent fax expects ("Awaiting reply until …", "Overdue", its replies),
 * which sent fax a received one answers (with Unlink, or Link by hand), and a number's faxes in both directions.
 */
import { useEffect, useState } from 'react';
import type { FaxDetail, FaxListPage } from '../../../preload/models';
import { Dialog } from '../components/Dialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { StatusChip } from '../components/StatusChip';
import { dateTime, shortDate } from '../format';
import type { IpcError } from '../data/ipc';
import { navigate } from '../data/navigation';
import { awaitingReplies, faxesOfNumber, linkReply, replyLabel, type AwaitingReply } from '../data/replies';

function isError(value: object): value is IpcError {
  return 'kind' in value && 'message' in value;
}

function FaxLink({ id, reference, direction }: { id: number; reference: string; direction: 'inbound' | 'outbound' }) {
  return (
    <button type="button" className="link-button mono" onClick={() => navigate(direction === 'inbound' ? 'inbox' : 'outbox', id)}>
      {reference}
    </button>
  );
}

export function ReplyFacts({ detail, onLink }: { detail: FaxDetail; onLink: () => void }) {
  const [error, setError] = useState<IpcError | null>(null);
  if (detail.direction === 'outbound') {
    if (!detail.reply) return null;
    const { label, tone } = replyLabel(detail.reply);
    return (
      <>
        <dt>Reply</dt>
        <dd data-testid="reply-state">
          <span className={`chip chip-${tone}`}>{label}</span>{' '}
          {detail.reply.state === 'replied'
            ? detail.reply.replies.map((reply) => <FaxLink key={reply.id} id={reply.id} reference={reply.reference} direction="inbound" />)
            : `${detail.reply.state === 'overdue' ? 'was expected by' : 'expected by'} ${dateTime(detail.reply.dueMs)}`}
        </dd>
      </>
    );
  }
  return (
    <>
      <dt>Reply to</dt>
      <dd data-testid="reply-to">
        {detail.replyTo ? (
          <>
            <FaxLink id={detail.replyTo.id} reference={detail.replyTo.reference} direction="outbound" />{' '}
            <button type="button" className="button button-small" onClick={() => void linkReply(detail.id, null).then(setError)}>
              Unlink
            </button>
          </>
        ) : (
          <button type="button" className="button button-small" onClick={onLink}>
            Link to a sent fax…
          </button>
        )}
        {error ? <ErrorNotice error={error} /> : null}
      </dd>
    </>
  );
}

export function LinkReplyDialog({ inboundId, onClose }: { inboundId: number; onClose: () => void }) {
  const [candidates, setCandidates] = useState<AwaitingReply[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  useEffect(() => {
    void awaitingReplies().then((found) => (isError(found) ? setError(found) : setCandidates(found)));
  }, []);
  const link = async () => {
    if (chosen === null) return;
    const refused = await linkReply(inboundId, chosen);
    if (refused) setError(refused);
    else onClose();
  };
  return (
    <Dialog
      title="Link as the reply to a sent fax"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={chosen === null} onClick={() => void link()}>
            Link
          </button>
        </>
      }
    >
      {candidates === null && !error ? <p>Loading the faxes waiting for a reply…</p> : null}
      {candidates?.length === 0 ? <p>No sent fax is waiting for a reply. Choose “Expect a reply” when sending a fax.</p> : null}
      {candidates && candidates.length > 0 ? (
        <fieldset className="choice-list">
          <legend>Sent faxes waiting for a reply</legend>
          {candidates.map((candidate) => (
            <label key={candidate.id} className="checkbox">
              <input type="radio" name="reply-target" checked={chosen === candidate.id} onChange={() => setChosen(candidate.id)} />
              <span className="mono">{candidate.reference}</span> · {candidate.counterpart ?? 'no number'} · {shortDate(candidate.createdAt)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
    </Dialog>
  );
}

export function NumberHistoryDialog({ number, onClose }: { number: string; onClose: () => void }) {
  const [page, setPage] = useState<FaxListPage | IpcError | null>(null);
  useEffect(() => {
    void faxesOfNumber(number).then(setPage);
  }, [number]);
  return (
    <Dialog
      title={`Faxes with ${number}`}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {page === null ? <p>Loading…</p> : null}
      {page && isError(page) ? <ErrorNotice error={page} /> : null}
      {page && !isError(page) ? (
        <>
          <p className="field-hint">
            {page.total} {page.total === 1 ? 'fax' : 'faxes'}, sent and received, newest first.
          </p>
          <ul className="number-history" aria-label="Faxes with this number">
            {page.items.map((fax) => (
              <li key={fax.id}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    onClose();
                    navigate(fax.direction === 'inbound' ? 'inbox' : 'outbox', fax.id);
                  }}
                >
                  {fax.direction === 'inbound' ? 'Received' : 'Sent'} · {dateTime(fax.createdAt)} · <span className="mono">{fax.reference}</span>
                </button>
                <StatusChip status={fax.status} direction={fax.direction} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Dialog>
  );
}
