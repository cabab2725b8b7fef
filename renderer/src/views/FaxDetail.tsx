import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FaxDetail as Detail } from '../../../preload/models';
import { ErrorNotice } from '../components/ErrorNotice';
import { Icon } from '../components/Icon';
import { SkeletonLines } from '../components/EmptyState';
import { StatusChip } from '../components/StatusChip';
import { dateTime, pagesText } from '../format';
import { RequestId } from '../components/RequestId';
import { faxesVersionStore, loadFax, printFax, printTransmissionReport, resendFailed, saveFaxPdf, saveTransmissionReport } from '../data/faxes';
import type { IpcError } from '../data/ipc';
import { useStore } from '../data/store';
import { toast } from '../data/toasts';
import { PdfViewer } from '../pdf/PdfViewer';
import { ForwardDialog } from './ForwardDialog';
import { LinkReplyDialog, NumberHistoryDialog, ReplyFacts } from './ReplyParts';

export function FaxDetail({ faxId }: { faxId: number }) {
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [forwarding, setForwarding] = useState(false);
  const [linking, setLinking] = useState(false);
  const [history, setHistory] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [printing, setPrinting] = useState<{ done: number; total: number } | null>(null);
  const version = useStore(faxesVersionStore);

  const load = useCallback(
    (refresh: boolean) =>
      loadFax(faxId, refresh).then((result) => {
        if (result.ok) {
          setDetail(result.value);
          setError(null);
        } else setError(result.error);
      }),
    [faxId],
  );

  useEffect(() => {
    // What the cache holds shows at once; the Fax Service's current state follows.
    void load(false).then(() => load(true));
  }, [faxId, load]);

  // Live status: reload when this fax changed.
  useEffect(() => {
    const change = version.last;
    if (change && (change.updated.includes(faxId) || change.added.includes(faxId))) void load(false);
  }, [version, faxId, load]);

  const onPdfError = useCallback((message: string) => toast('error', message), []);
  const pdfSource = useMemo(() => ({ faxId }), [faxId]);

  if (error) return <div className="detail"><ErrorNotice error={error} title="This fax cannot be shown" /></div>;
  if (!detail) return <div className="detail"><SkeletonLines count={6} /></div>;

  const failed = detail.recipients.filter((recipient) => recipient.status === 'failed');
  const run = async (label: string, work: () => Promise<void>) => {
    setBusy(label);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  return (
    <article className="detail" aria-labelledby="fax-title">
      <div className="detail-header">
        <div>
          <h2 id="fax-title">{detail.direction === 'inbound' ? `From ${detail.senderName ?? detail.counterpart ?? 'unknown sender'}` : `To ${detail.counterpart ?? 'no recipient'}${detail.recipientCount > 1 ? ` and ${detail.recipientCount - 1} more` : ''}`}</h2>
          <p className="view-subtitle">
            {dateTime(detail.createdAt)} · {pagesText(detail.pages)} · <span className="mono">{detail.reference}</span>
          </p>
        </div>
        <StatusChip status={detail.status} direction={detail.direction} />
      </div>
      <div className="row" role="toolbar" aria-label="Fax actions">
        {detail.direction === 'outbound' && failed.length > 0 ? (
          <button
            type="button"
            className="button button-primary"
            disabled={busy !== null}
            onClick={() => void run('resend', () => resendFailed(faxId, failed.length))}
          >
            <Icon name="retry" /> Resend to failed ({failed.length})
          </button>
        ) : null}
        <button type="button" className="button" onClick={() => setForwarding(true)} disabled={busy !== null}>
          <Icon name="forward" /> Forward
        </button>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => void run('save', () => saveFaxPdf(faxId))}
        >
          <Icon name="download" /> Save PDF
        </button>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => void run('print', () => printFax(faxId, (done, total) => setPrinting({ done, total })).finally(() => setPrinting(null)))}
          aria-describedby={printing ? 'print-progress' : undefined}
        >
          <Icon name="print" /> Print
        </button>
        {detail.direction === 'outbound' ? (
          <>
            <button type="button" className="button" disabled={busy !== null} onClick={() => void run('report-save', () => saveTransmissionReport(faxId))}>
              <Icon name="file" /> Save report
            </button>
            <button type="button" className="button" disabled={busy !== null} onClick={() => void run('report-print', () => printTransmissionReport(faxId))}>
              <Icon name="print" /> Print report
            </button>
          </>
        ) : null}
        {printing ? (
          <span className="field-hint" id="print-progress" role="status" data-testid="print-progress">
            Preparing page {printing.done} of {printing.total}…
          </span>
        ) : null}
      </div>

      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <StatusChip status={detail.status} direction={detail.direction} />
        </dd>
        {detail.subject ? (
          <>
            <dt>Subject</dt>
            <dd>{detail.subject}</dd>
          </>
        ) : null}
        {detail.direction === 'inbound' && detail.counterpart ? (
          <>
            <dt>From number</dt>
            <dd>
              {detail.counterpart}{' '}
              <button type="button" className="button button-small" onClick={() => setHistory(detail.counterpart)}>
                All faxes with this number
              </button>
            </dd>
          </>
        ) : null}
        <ReplyFacts detail={detail} onLink={() => setLinking(true)} />
        {detail.cost ? (
          <>
            <dt>Cost</dt>
            <dd>{detail.cost}</dd>
          </>
        ) : null}
        {detail.providerError ? (
          <>
            <dt>Carrier says</dt>
            <dd className="mono">{detail.providerError}</dd>
          </>
        ) : null}
        {detail.requestId ? (
          <>
            <dt>Request id</dt>
            <dd>
              <RequestId id={detail.requestId} label={false} />
            </dd>
          </>
        ) : null}
      </dl>

      {detail.recipients.length > 0 ? (
        <table className="table" aria-label="Recipients">
          <thead>
            <tr>
              <th>{detail.direction === 'inbound' ? 'Received on' : 'Recipient'}</th>
              <th>Result</th>
            </tr>
          </thead>
          <tbody>
            {detail.recipients.map((recipient, index) => (
              <tr key={`${recipient.to}-${index}`} data-testid="recipient-row">
                <td>
                  {recipient.name ? <div>{recipient.name}</div> : null}
                  <span className="mono">{recipient.to}</span>{' '}
                  {detail.direction === 'outbound' ? (
                    <button type="button" className="link-button" onClick={() => setHistory(recipient.to)} aria-label={`All faxes with ${recipient.to}`}>
                      History
                    </button>
                  ) : null}
                </td>
                <td>
                  <StatusChip status={recipient.status} direction={detail.direction} />
                  {recipient.reason ? <div className="reason">{recipient.reason}</div> : null}
                  {recipient.error && !recipient.reason ? <div className="reason mono">{recipient.error}</div> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      <PdfViewer source={pdfSource} label={`fax ${detail.reference}`} onError={onPdfError} />
      {forwarding ? <ForwardDialog faxId={faxId} onClose={() => setForwarding(false)} /> : null}
      {linking ? <LinkReplyDialog inboundId={faxId} onClose={() => setLinking(false)} /> : null}
      {history ? <NumberHistoryDialog number={history} onClose={() => setHistory(null)} /> : null}
    </article>
  );
}
