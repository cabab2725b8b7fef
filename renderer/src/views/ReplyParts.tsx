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
import { t } from '../i18n';
import type { FaxId } from '../../../preload/fax-id';

function isError(value: object): value is IpcError {
  return 'kind' in value && 'message' in value;
}

export function FaxLink({ id, reference, direction }: { id: FaxId; reference: string; direction: 'inbound' | 'outbound' }) {
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
        <dt>{t('replyParts.reply')}</dt>
        <dd data-testid="reply-state">
          <span className={`chip chip-${tone}`}>{label}</span>{' '}
          {detail.reply.state === 'replied'
            ? detail.reply.replies.map((reply) => <FaxLink key={reply.id} id={reply.id} reference={reply.reference} direction="inbound" />)
            : t(detail.reply.state === 'overdue' ? 'replyParts.wasExpectedBy' : 'replyParts.expectedBy', { at: dateTime(detail.reply.dueMs) })}
        </dd>
      </>
    );
  }
  return (
    <>
      <dt>{t('replyParts.replyTo')}</dt>
      <dd data-testid="reply-to">
        {detail.replyTo ? (
          <>
            <FaxLink id={detail.replyTo.id} reference={detail.replyTo.reference} direction="outbound" />{' '}
            <button type="button" className="button button-small" onClick={() => void linkReply(detail.id, null).then(setError)}>{t('replyParts.unlink')}</button>
          </>
        ) : (
          <button type="button" className="button button-small" onClick={onLink}>{t('replyParts.linkToASent')}</button>
        )}
        {error ? <ErrorNotice error={error} /> : null}
      </dd>
    </>
  );
}

export function LinkReplyDialog({ inboundId, onClose }: { inboundId: FaxId; onClose: () => void }) {
  const [candidates, setCandidates] = useState<AwaitingReply[] | null>(null);
  const [chosen, setChosen] = useState<FaxId | null>(null);
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
      title={t('replyParts.linkAsTheReply')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>{t('confirmDialog.cancel')}</button>
          <button type="button" className="button button-primary" disabled={chosen === null} onClick={() => void link()}>{t('replyParts.link')}</button>
        </>
      }
    >
      {candidates === null && !error ? <p>{t('replyParts.loadingTheFaxesWaiting')}</p> : null}
      {candidates?.length === 0 ? <p>{t('replyParts.noSentFaxIs')}</p> : null}
      {candidates && candidates.length > 0 ? (
        <fieldset className="choice-list">
          <legend>{t('replyParts.sentFaxesWaitingFor')}</legend>
          {candidates.map((candidate) => (
            <label key={candidate.id} className="checkbox">
              <input type="radio" name="reply-target" checked={chosen === candidate.id} onChange={() => setChosen(candidate.id)} />
              <span className="mono">{candidate.reference}</span> · {candidate.counterpart ?? t('replyParts.noNumber')} · {shortDate(candidate.createdAt)}
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
      title={t('replyParts.faxesWith', { number })}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>{t('app.close')}</button>
      }
    >
      {page === null ? <p>{t('replyParts.loading')}</p> : null}
      {page && isError(page) ? <ErrorNotice error={page} /> : null}
      {page && !isError(page) ? (
        <>
          <p className="field-hint">
            {t('replyParts.sentAndReceivedNewest', { total: page.total })}</p>
          <ul className="number-history" aria-label={t('replyParts.faxesWithThisNumber')}>
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
                  {fax.direction === 'inbound' ? t('replyParts.received') : t('replyParts.sent')} · {dateTime(fax.createdAt)} · <span className="mono">{fax.reference}</span>
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
