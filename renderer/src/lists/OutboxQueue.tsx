/** What is still in the outbox: uploading (with progress), waiting to retry, scheduled, held or failed. */
import type { SubmissionView } from '../../../preload/models';
import { dateTime, timeUntil } from '../format';
import { faxApi } from '../fax-api';
import { outboxStore, progressStore, toast } from '../state/app-state';
import { useStore } from '../state/store';

const stateWords: Record<SubmissionView['state'], string> = {
  scheduled: 'Scheduled',
  pending: 'About to send',
  uploading: 'Uploading',
  waiting: 'Waiting to retry',
  accepted: 'Accepted by the Fax Service',
  failed: 'Not sent',
  held: 'On hold',
};

function holdText(item: SubmissionView): string | null {
  if (item.state === 'waiting' && item.nextAttemptAt) return `Next try at ${timeUntil(item.nextAttemptAt)}. ${item.error?.message ?? ''}`;
  if (item.state === 'scheduled' && item.scheduledAt) return `Goes out ${dateTime(item.scheduledAt)}.`;
  if (item.state === 'held' || item.state === 'failed') return item.error?.message ?? null;
  return null;
}

export function OutboxQueue() {
  const items = useStore(outboxStore).filter((item) => item.state !== 'accepted');
  const progress = useStore(progressStore);
  if (items.length === 0) return null;
  const act = async (call: () => Promise<{ ok: boolean; error?: { message: string } }>) => {
    const result = await call();
    if (!result.ok) toast('error', result.error?.message ?? 'That did not work.');
  };
  return (
    <section className="outbox-items" aria-label="Waiting in the outbox">
      <h3>In the outbox ({items.length})</h3>
      {items.map((item) => {
        const upload = progress[item.id];
        const detail = holdText(item);
        return (
          <div key={item.id} className="outbox-item" data-testid="outbox-item" data-state={item.state}>
            <div className="row">
              <strong>{item.recipients.map((recipient) => recipient.name ?? recipient.number).join(', ')}</strong>
              <span className="nav-spacer" />
              <span className={`chip ${item.state === 'failed' ? 'chip-danger' : item.state === 'held' ? 'chip-warning' : 'chip-info'}`}>{stateWords[item.state]}</span>
            </div>
            <span className="field-hint">
              {item.subject ? `${item.subject} · ` : ''}
              {item.fileCount} file{item.fileCount === 1 ? '' : 's'} · {item.pages} page{item.pages === 1 ? '' : 's'} per recipient
            </span>
            {item.state === 'uploading' && upload ? (
              <div className="progress" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round((upload.bytesSent / upload.bytesTotal) * 100)}>
                <div style={{ width: `${(upload.bytesSent / upload.bytesTotal) * 100}%` }} />
              </div>
            ) : null}
            {detail ? <span className="reason">{detail}</span> : null}
            {item.error?.requestId ? (
              <span className="notice-meta">
                Request id <code>{item.error.requestId}</code>
              </span>
            ) : null}
            {item.state === 'held' || item.state === 'failed' || item.state === 'waiting' || item.state === 'scheduled' ? (
              <div className="row">
                <button type="button" className="button button-small" onClick={() => void act(() => faxApi().retrySubmission({ id: item.id }))}>
                  {item.state === 'scheduled' ? 'Send now' : 'Retry now'}
                </button>
                <button type="button" className="button button-small button-danger" onClick={() => void act(() => faxApi().discardSubmission({ id: item.id }))}>
                  Discard
                </button>
              </div>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
