/** What is still in the outbox: uploading (with progress), checking, waiting to retry, scheduled, held or failed. */
import { useState } from 'react';
import type { SubmissionView } from '../../../preload/models';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { RequestId } from '../components/RequestId';
import { discardSubmission, outboxStore, progressStore, retrySubmission, submissionStatus, waitingItems } from '../data/outbox';
import { editHeldFax } from '../data/drafts';
import { toastError } from '../data/toasts';
import { useStore } from '../data/store';
import { t } from '../i18n';

export function OutboxQueue() {
  const items = waitingItems(useStore(outboxStore));
  const progress = useStore(progressStore);
  const [confirming, setConfirming] = useState<SubmissionView | null>(null);
  const [discarding, setDiscarding] = useState<SubmissionView | null>(null);
  if (items.length === 0) return null;

  const discard = async (item: SubmissionView) => {
    const refused = await discardSubmission(item.id, false);
    // A fax that may already be on its way is only removed after the user has read why that matters.
    if (refused?.code === 'outcome_unknown') setConfirming(item);
  };
  const edit = async (item: SubmissionView) => {
    const refused = await editHeldFax(item.id);
    if (refused) toastError(refused);
  };
  const editable = (item: SubmissionView) => !item.outcomeUnknown && (item.state === 'held' || item.state === 'failed' || item.state === 'scheduled');

  return (
    <section className="outbox-items" aria-label={t('outboxQueue.waitingInTheOutbox')}>
      <h3>{t('outboxQueue.inTheOutbox', { length: items.length })}</h3>
      {items.map((item) => {
        const upload = progress[item.id];
        const status = submissionStatus(item);
        return (
          <div key={item.id} className="outbox-item" data-testid="outbox-item" data-state={item.state} data-checking={item.outcomeUnknown}>
            <div className="row">
              <strong>{item.recipients.map((recipient) => recipient.name ?? recipient.number).join(', ')}</strong>
              <span className="nav-spacer" />
              <span className={`chip chip-${status.tone}`}>{status.label}</span>
            </div>
            <span className="field-hint">
              {item.subject ? `${item.subject} · ` : ''}{t('outboxQueue.file', { files: item.fileCount, pages: item.pages })}</span>
            {item.state === 'uploading' && upload ? (
              <div className="progress" role="progressbar" aria-label={t('outboxQueue.uploadProgress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round((upload.bytesSent / upload.bytesTotal) * 100)}>
                <div style={{ width: `${(upload.bytesSent / upload.bytesTotal) * 100}%` }} />
              </div>
            ) : null}
            {status.detail ? <span className="reason">{status.detail}</span> : null}
            {item.error?.requestId ? (
              <span className="notice-meta">
                <RequestId id={item.error.requestId} />
              </span>
            ) : null}
            {status.actionable ? (
              <div className="row">
                <button type="button" className="button button-small" onClick={() => void retrySubmission(item.id)}>
                  {item.state === 'scheduled' ? t('outboxQueue.sendNow') : item.outcomeUnknown ? t('outboxQueue.checkNow') : t('outboxQueue.retryNow')}
                </button>
                {editable(item) ? (
                  <button type="button" className="button button-small" onClick={() => void edit(item)}>{t('outboxQueue.edit')}</button>
                ) : null}
                <button type="button" className="button button-small button-danger" onClick={() => (item.outcomeUnknown ? setConfirming(item) : setDiscarding(item))}>{t('outboxQueue.discard')}</button>
              </div>
            ) : null}
          </div>
        );
      })}
      {discarding ? (
        <ConfirmDialog
          title={t('outboxQueue.discardThisFax')}
          confirmLabel={t('outboxQueue.discardFax')}
          onCancel={() => setDiscarding(null)}
          onConfirm={() => {
            const item = discarding;
            setDiscarding(null);
            void discard(item);
          }}
        >
          <p>{t('outboxQueue.discardExplain', { recipients: discarding.recipients.map((recipient) => recipient.name ?? recipient.number).join(', '), files: discarding.fileCount })}</p>
          {editable(discarding) ? <p>{t('outboxQueue.discardOrEdit')}</p> : null}
        </ConfirmDialog>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('outboxQueue.discardAFaxThat')}
          confirmLabel={t('outboxQueue.discardAnyway')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const item = confirming;
            setConfirming(null);
            void discardSubmission(item.id, true);
          }}
        >
          <p>{t('outboxQueue.thisFaxWentOut')}</p>
          <p>{t('outboxQueue.discardingOnlyRemovesIt')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
