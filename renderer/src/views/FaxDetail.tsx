import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FaxDetail as Detail, TextPageHits } from '../../../preload/models';
import { ErrorNotice } from '../components/ErrorNotice';
import { Icon } from '../components/Icon';
import { MenuButton, type MenuAction } from '../components/MenuButton';
import { SkeletonLines } from '../components/EmptyState';
import { StatusChip } from '../components/StatusChip';
import { dateTime, pagesText } from '../format';
import { faxesVersionStore, loadFax, loadTextHits, noteFaxOpened, printFax, printTransmissionReport, resendFailed, saveFaxPdf, saveSearchablePdf, saveTransmissionReport } from '../data/faxes';
import type { IpcError } from '../data/ipc';
import { useStore } from '../data/store';
import { toast } from '../data/toasts';
import { PdfViewer } from '../pdf/PdfViewer';
import { ForwardDialog } from './ForwardDialog';
import { PageToolsDialog } from './PageToolsDialog';
import { FillSignDialog } from './FillSignDialog';
import { HandlingPanel } from './HandlingPanel';
import { TriagePanel } from './TriagePanel';
import { IntakePanel, type IntakeSpot } from '../intake/IntakePanel';
import { officeStore } from '../data/office';
import { RuleActionsPanel } from './RuleActionsPanel';
import { FilingLine } from '../chart/FilingLine';
import { FaxLink, LinkReplyDialog, NumberHistoryDialog } from './ReplyParts';
import { FaxFacts, RecipientResults } from './FaxFacts';
import { t } from '../i18n';
import type { FaxId } from '../../../preload/fax-id';
import { policiesStore } from '../data/policies';

/** `search`: the list's search, whose matches in the fax's recognized text the preview highlights. */
export function FaxDetail({ faxId, search = '' }: { faxId: FaxId; search?: string }) {
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [forwarding, setForwarding] = useState(false);
  const [pageTools, setPageTools] = useState(false);
  const closePageTools = useCallback(() => setPageTools(false), []);
  const [filling, setFilling] = useState(false);
  const closeFilling = useCallback(() => setFilling(false), []);
  const [linking, setLinking] = useState(false);
  const [history, setHistory] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [printing, setPrinting] = useState<{ done: number; total: number } | null>(null);
  const version = useStore(faxesVersionStore);
  const office = useStore(officeStore);
  const policies = useStore(policiesStore);

  // Replies can arrive out of order (the Fax Service's answer after a later read of the cache): only the newest
  // read is shown.
  const reads = useRef({ asked: 0, shown: 0 });
  const load = useCallback(
    (refresh: boolean) => {
      const asked = ++reads.current.asked;
      return loadFax(faxId, refresh).then((result) => {
        if (asked < reads.current.shown) return;
        reads.current.shown = asked;
        if (result.ok) {
          setDetail(result.value);
          setError(null);
        } else setError(result.error);
      });
    },
    [faxId],
  );

  useEffect(() => {
    // What the cache holds shows at once; the Fax Service's current state follows.
    void load(false).then(() => load(true));
  }, [faxId, load]);

  // One view in the audit log each time a fax is opened here — not each time it is read again.
  const opened = useRef<FaxId | null>(null);
  useEffect(() => {
    if (opened.current === faxId) return;
    opened.current = faxId;
    void noteFaxOpened(faxId);
  }, [faxId]);

  // Live status: reload when this fax changed.
  useEffect(() => {
    const change = version.last;
    if (change && (change.updated.includes(faxId) || change.added.includes(faxId))) void load(false);
  }, [version, faxId, load]);

  const [hits, setHits] = useState<TextPageHits[]>([]);
  const [showPage, setShowPage] = useState<{ page: number } | null>(null);
  // A field of intake pressed: its spot is marked on its page (instead of the search's words) until another fax.
  const [pressed, setSpot] = useState<(IntakeSpot & { faxId: FaxId }) | null>(null);
  const spot = pressed?.faxId === faxId ? pressed : null;
  useEffect(() => {
    let current = true;
    void loadTextHits(faxId, search).then((found) => current && setHits(found));
    return () => {
      current = false;
    };
  }, [faxId, search, version]);

  const onPdfError = useCallback((message: string) => toast('error', message), []);
  const pdfSource = useMemo(() => ({ faxId }), [faxId]);

  if (error) return <div className="detail"><ErrorNotice error={error} title={t('faxDetail.thisFaxCannotBe')} /></div>;
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

  const savingOff = policies.savePdf ? undefined : t('policy.turnedOff');
  // Less frequent actions wait in "More": with every action shown, a narrow detail (1024 px, German) wrapped them
  // onto five rows and pushed the preview out of sight.
  const moreActions: MenuAction[] = [
    { id: 'save', label: t('faxDetail.savePdf'), icon: 'download', disabled: !policies.savePdf, title: savingOff, reason: savingOff, onSelect: () => void run('save', () => saveFaxPdf(faxId)) },
    { id: 'searchable', label: t('faxDetail.searchablePdf'), icon: 'search', disabled: !policies.savePdf, title: savingOff ?? t('faxDetail.searchablePdfHint'), reason: savingOff, onSelect: () => void run('save-searchable', () => saveSearchablePdf(faxId)) },
    ...(detail.direction === 'outbound'
      ? [
          { id: 'report-save', label: t('faxDetail.saveReport'), icon: 'file' as const, disabled: !policies.savePdf, title: savingOff, reason: savingOff, onSelect: () => void run('report-save', () => saveTransmissionReport(faxId)) },
          { id: 'report-print', label: t('faxDetail.printReport'), icon: 'print' as const, onSelect: () => void run('report-print', () => printTransmissionReport(faxId)) },
        ]
      : []),
  ];

  return (
    <article className="detail" aria-labelledby="fax-title">
      <div className="detail-header">
        <div>
          <h2 id="fax-title">{detail.direction === 'inbound' ? t('faxDetail.from', { sender: detail.counterpartName ?? detail.senderName ?? detail.counterpart ?? t('faxDetail.unknownSender') }) : t('faxDetail.to', { recipient: detail.counterpartName ?? detail.counterpart ?? t('faxRows.noRecipient'), more: Math.max(0, detail.recipientCount - 1) })}</h2>
          <p className="view-subtitle">
            {dateTime(detail.createdAt)} · {pagesText(detail.pages)} · <span className="mono">{detail.reference}</span>
          </p>
        </div>
        <StatusChip status={detail.status} direction={detail.direction} />
      </div>
      <div className="row" role="toolbar" aria-label={t('faxDetail.faxActions')}>
        {detail.direction === 'outbound' && failed.length > 0 ? (
          <button
            type="button"
            className="button button-primary"
            disabled={busy !== null}
            onClick={() => void run('resend', () => resendFailed(faxId, failed.length))}
          >
            <Icon name="retry" />{' '}{t('faxDetail.resendToFailed', { length: failed.length })}</button>
        ) : null}
        <button type="button" className="button" onClick={() => setForwarding(true)} disabled={busy !== null}>
          <Icon name="forward" />{' '}{t('faxDetail.forward')}</button>
        {detail.direction === 'inbound' ? (
          <button type="button" className="button" onClick={() => setFilling(true)} disabled={busy !== null} title={t('faxDetail.fillAndSignHint')}>
            <Icon name="compose" />{' '}{t('faxDetail.fillAndSign')}</button>
        ) : null}
        <button type="button" className="button" onClick={() => setPageTools(true)} disabled={busy !== null} title={t('faxDetail.pagesHint')}>
          <Icon name="pages" />{' '}{t('faxDetail.pages')}</button>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => void run('print', () => printFax(faxId, (done, total) => setPrinting({ done, total })).finally(() => setPrinting(null)))}
          aria-describedby={printing ? 'print-progress' : undefined}
        >
          <Icon name="print" />{' '}{t('faxDetail.print')}</button>
        <MenuButton label={t('faxDetail.more')} disabled={busy !== null} actions={moreActions} />
        {printing ? (
          <span className="field-hint" id="print-progress" role="status" data-testid="print-progress">{t('faxDetail.preparingPageOf', { done: printing.done, total: printing.total })}</span>
        ) : null}
      </div>

      {detail.direction === 'inbound' && office.joined ? <TriagePanel detail={detail} /> : null}
      {detail.direction === 'outbound' && office.joined && detail.triage?.sentBy ? (
        <p className="field-hint" data-testid="sent-by">{detail.triage.sentBy.login === office.me.login ? t('office.sentByYou') : t('office.sentBy', { name: detail.triage.sentBy.name })}</p>
      ) : null}
      {detail.answeredWith && detail.answeredWith.length > 0 ? (
        <p className="field-hint row row-small-gap" data-testid="answered-with">
          {t('faxDetail.answeredWith')}{' '}
          {detail.answeredWith.map((answer) => <FaxLink key={answer.id} id={answer.id} reference={answer.reference} direction="outbound" />)}
        </p>
      ) : null}
      {detail.answerTo ? (
        <p className="field-hint row row-small-gap" data-testid="answer-to">
          {t('faxDetail.answerTo')} <FaxLink id={detail.answerTo.id} reference={detail.answerTo.reference} direction="inbound" />
        </p>
      ) : null}
      {detail.direction === 'inbound' && !office.joined ? <HandlingPanel key={`${detail.id}:${detail.handling?.note ?? ''}`} detail={detail} /> : null}
      {/* What was read and what the rules did: above the document in a tall window, after it in a short one (the stylesheet). */}
      {detail.direction === 'inbound' ? (
        <div className="after-document">
          <RuleActionsPanel detail={detail} />
          <FilingLine faxId={faxId} />
          {detail.intakeDetail ? (
            <IntakePanel
              faxId={faxId}
              intake={detail.intakeDetail}
              onShow={(shown) => {
                setSpot({ ...shown, faxId });
                setShowPage({ page: shown.page });
              }}
              onSplit={() => setPageTools(true)}
            />
          ) : null}
        </div>
      ) : null}

      {failed.length > 0 ? <RecipientResults detail={detail} onHistory={setHistory} /> : null}
      {/* The document comes before the facts: at 1024 × 768 its first page is on screen without scrolling. What failed stays above it. */}
      {hits.length > 0 ? (
        <p className="field-hint text-hits row row-small-gap" role="status">
          <span data-testid="text-hits-summary">{t('faxDetail.searchWordsOnPages', { pages: hits.map((hit) => hit.page).join(', '), count: hits.length })}</span>
          <button type="button" className="button button-small" onClick={() => setShowPage({ page: hits[0]?.page ?? 1 })}>{t('faxDetail.showPage', { page: hits[0]?.page ?? 1 })}</button>
        </p>
      ) : null}
      <PdfViewer source={pdfSource} label={t('faxDetail.faxReference', { reference: detail.reference })} onError={onPdfError} highlights={spot ? [{ page: spot.page, boxes: [spot.box] }] : hits} show={showPage} />
      <div className="document-facts">
        <FaxFacts detail={detail} onHistory={setHistory} onLink={() => setLinking(true)} />
        {failed.length === 0 ? <RecipientResults detail={detail} onHistory={setHistory} /> : null}
      </div>
      {forwarding ? <ForwardDialog faxId={faxId} onClose={() => setForwarding(false)} /> : null}
      {filling ? <FillSignDialog detail={detail} onClose={closeFilling} /> : null}
      {pageTools ? <PageToolsDialog subject={{ kind: 'fax', faxId, reference: detail.reference, parts: detail.intakeDetail?.parts }} onClose={closePageTools} /> : null}
      {linking ? <LinkReplyDialog inboundId={faxId} onClose={() => setLinking(false)} /> : null}
      {history ? <NumberHistoryDialog number={history} onClose={() => setHistory(null)} /> : null}
    </article>
  );
}
