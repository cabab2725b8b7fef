import { useEffect, useRef, useState } from 'react';
import { faxLimits } from '../../../preload/fax-limits';
import { FileThumbnail } from '../compose/FileThumbnail';
import { RecipientsInput } from '../compose/RecipientsInput';
import { FaxView, PreflightLine, PreflightSummary, ThumbnailFlag } from '../compose/Preflight';
import { FindingsList, RecipientWarnings } from '../compose/RecipientWarnings';
import { DraftNotice, DraftsAside } from '../compose/DraftNotices';
import { CoverSheetField } from '../compose/CoverSheetField';
import { coverSheetProblem } from '../data/cover-sheets';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Dialog } from '../components/Dialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { Icon } from '../components/Icon';
import { bytesText, pagesText } from '../format';
import { accountStore, pagesRemaining } from '../data/account';
import { canUse, hasKey } from '../data/capabilities';
import { addFiles, composeStore, confirmWarnings, dismissProblems, setReplyWithinDays, fileBytes, moveFile, pageTotals, removeFile, sendBlocker, sendDraft, setField, type ComposeFile } from '../data/compose';
import { connectionStore } from '../data/connection';
import type { IpcError } from '../data/ipc';
import { guardStore, recipientOf, unconfirmedWarnings, warningsBeforeSend } from '../data/recipient-guard';
import { useStore } from '../data/store';
import type { RecipientWarning } from '../../../preload/models';
import { PdfViewer } from '../pdf/PdfViewer';
import { t } from '../i18n';
import type { MessageId } from '../../../preload/i18n/translator';

const kindNames: Record<ComposeFile['kind'], MessageId> = { pdf: 'compose.pdfDocument', docx: 'compose.wordDocument', jpg: 'compose.jpegImage', png: 'compose.pngImage', tiff: 'compose.tiffImage' };

function OriginalView({ file }: { file: ComposeFile }) {
  const [read, setRead] = useState<Awaited<ReturnType<typeof fileBytes>> | null>(null);
  useEffect(() => {
    void fileBytes(file).then(setRead);
  }, [file]);
  if (read && 'error' in read) return <ErrorNotice error={read.error} />;
  if (!read) return <div className="skeleton preview-skeleton" />;
  return <PdfViewer source={{ bytes: read.bytes }} label={file.name} />;
}

/** A file of the draft, page by page: as the recipient's machine prints it (every kind), or the PDF itself. */
function FilePreview({ file, onClose }: { file: ComposeFile; onClose: () => void }) {
  const [view, setView] = useState<'fax' | 'original'>(file.kind === 'pdf' ? 'original' : 'fax');
  return (
    <Dialog
      title={file.name}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>{t('app.close')}</button>
      }
    >
      {file.kind === 'docx' ? (
        <p>{t('compose.theFaxServiceConverts', { kind: t(kindNames[file.kind]), pages: file.pages })}</p>
      ) : (
        <>
          {file.kind === 'pdf' ? (
            <div className="view-toggle" role="group" aria-label={t('keyForm.show')}>
              <button type="button" className="button button-small" aria-pressed={view === 'original'} onClick={() => setView('original')}>{t('compose.thePdf')}</button>
              <button type="button" className="button button-small" aria-pressed={view === 'fax'} onClick={() => setView('fax')}>{t('compose.asFaxed204196')}</button>
            </div>
          ) : (
            <p className="field-hint">{t('compose.asTheRecipientS')}</p>
          )}
          {view === 'fax' || file.kind !== 'pdf' ? <FaxView file={file} /> : <OriginalView file={file} />}
        </>
      )}
    </Dialog>
  );
}

export function ComposeView() {
  const state = useStore(composeStore);
  const account = useStore(accountStore);
  const connection = useStore(connectionStore);
  const [error, setError] = useState<IpcError | null>(null);
  const [sending, setSending] = useState(false);
  const [preview, setPreview] = useState<ComposeFile | null>(null);
  const [toConfirm, setToConfirm] = useState<RecipientWarning[] | null>(null);
  const guard = useStore(guardStore);
  const warnings = guard.warnings.filter((warning) => recipientOf(warning, state) !== undefined);
  const open = unconfirmedWarnings(warnings, state);
  const picker = useRef<HTMLInputElement>(null);
  const totals = pageTotals(state);
  const blocker = sendBlocker(state) ?? coverSheetProblem(state.coverId, account);
  const remaining = pagesRemaining(account);
  const canSend = !hasKey(connection) || canUse(connection, 'compose');

  const send = async () => {
    if (blocker || sending) return;
    setSending(true);
    setError(null);
    // The guard checks again first: a warning not confirmed yet needs an explicit "Send anyway".
    const checked = await warningsBeforeSend();
    if ('error' in checked) {
      setError(checked.error);
      setSending(false);
      return;
    }
    if (checked.open.length > 0) {
      setToConfirm(checked.open);
      setSending(false);
      return;
    }
    // On failure the draft stays as it is: nothing is lost.
    setError(await sendDraft());
    setSending(false);
  };

  const sendAnyway = (confirmed: readonly RecipientWarning[]) => {
    confirmWarnings(confirmed.map((warning) => warning.key));
    setToConfirm(null);
    void send();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault();
        void send();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <section className="view" aria-labelledby="compose-title">
      <div className="view-header">
        <div>
          <h1 id="compose-title">{t('sidebar.newFax')}</h1>
          <p className="view-subtitle">{t('compose.dropFilesAnywhereOn')}</p>
        </div>
      </div>
      {!canSend ? (
        <div className="notice notice-warning" role="alert">
          <p>{t('compose.thisApiKeyCannot')}</p>
        </div>
      ) : null}
      <DraftNotice state={state} />
      {state.problems.length > 0 ? (
        <div className="notice notice-error" role="alert" data-testid="compose-problems">
          {state.problems.map((message, index) => (
            <p key={`${index}-${message}`}>{message}</p>
          ))}
          <div>
            <button type="button" className="button button-small" onClick={dismissProblems}>{t('toasts.dismiss')}</button>
          </div>
        </div>
      ) : null}
      <div className="compose">
        <div className="stack">
          <div className="card">
            <RecipientsInput recipients={state.recipients} contactsAvailable={canUse(connection, 'contacts')} warnedNumbers={new Set(open.map((warning) => warning.number))} />
            <RecipientWarnings warnings={warnings} state={state} />
            <label className="field">
              <span>{t('faxDetail.subject')}</span>
              <input className="input" value={state.subject} onChange={(event) => setField('subject', event.target.value)} maxLength={200} />
              <span className="field-hint">{t('compose.printedOnTheCover')}</span>
            </label>
            <label className="field">
              <span>{t('compose.notes')}</span>
              <textarea className="textarea" value={state.notes} onChange={(event) => setField('notes', event.target.value)} maxLength={2000} />
            </label>
            <div className="form-grid">
              <CoverSheetField coverId={state.coverId} account={account} />
              <label className="field">
                <span>{t('compose.expectAReply')}</span>
                <select className="input" value={state.replyWithinDays ?? ''} onChange={(event) => setReplyWithinDays(event.target.value ? Number(event.target.value) : null)}>
                  <option value="">{t('compose.noReplyExpected')}</option>
                  {[1, 2, 3, 5, 7, 14, 30].map((days) => (
                    <option key={days} value={days}>{t('compose.within', { days })}
                    </option>
                  ))}
                </select>
                <span className="field-hint">{t('compose.aFaxBackFrom')}</span>
              </label>
              <label className="field">
                <span>{t('compose.sendAt')}</span>
                <input className="input" type="datetime-local" value={state.scheduleAt} onChange={(event) => setField('scheduleAt', event.target.value)} />
                <span className="field-hint">{t('compose.emptySendNow')}</span>
              </label>
            </div>
          </div>
          <div className="card">
            <div className="card-header">
              <h2>{t('compose.documents')}</h2>
              <span className="field-hint">{t('compose.ofFilesPdfWord', { length: state.files.length, maxFiles: faxLimits.maxFiles })}</span>
            </div>
            <div className="dropzone">{t('compose.dropFilesHereOr')}{' '}<button type="button" className="button button-small" onClick={() => picker.current?.click()}>{t('compose.chooseFiles')}</button>
              <input
                ref={picker}
                type="file"
                multiple
                hidden
                accept=".pdf,.docx,.jpg,.jpeg,.png,.tif,.tiff,application/pdf,image/*"
                data-testid="file-picker"
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])];
                  event.target.value = '';
                  void addFiles(files);
                }}
              />
            </div>
            {state.staging > 0 ? (
              <p className="field-hint" role="status">{t('compose.checkingFile', { staging: state.staging })}
              </p>
            ) : null}
            <ol className="file-list" aria-label={t('compose.documentsToSend')}>
              {state.files.map((file, index) => (
                <li key={file.id} className="file-card" data-testid="file-card">
                  <button type="button" className="icon-button thumbnail-button" onClick={() => setPreview(file)} aria-label={t('compose.preview', { name: file.name })}>
                    <FileThumbnail file={file} />
                    <ThumbnailFlag file={file} />
                  </button>
                  <div className="file-card-text">
                    <div className="file-name">{file.name}</div>
                    <div className="field-hint">
                      {t(kindNames[file.kind])} · {file.pagesEstimated ? t('compose.aboutPages', { pages: pagesText(file.pages) }) : pagesText(file.pages)} · {bytesText(file.size)}
                    </div>
                    <PreflightLine file={file} />
                  </div>
                  <div className="row row-tight">
                    <button type="button" className="icon-button" onClick={() => moveFile(file.id, -1)} disabled={index === 0} aria-label={t('compose.moveUp', { name: file.name })}>
                      <Icon name="up" />
                    </button>
                    <button type="button" className="icon-button" onClick={() => moveFile(file.id, 1)} disabled={index === state.files.length - 1} aria-label={t('compose.moveDown', { name: file.name })}>
                      <Icon name="down" />
                    </button>
                    <button type="button" className="icon-button" onClick={() => removeFile(file.id)} aria-label={t('compose.remove', { name: file.name })}>
                      <Icon name="trash" />
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
        <aside className="card compose-summary" aria-label={t('compose.summary')}>
          <h2>{t('compose.summary')}</h2>
          <div className="summary-line">
            <span>{t('compose.pagesPerRecipient')}</span>
            <span data-testid="pages-per-recipient">
              {totals.estimated ? '≈ ' : ''}
              {totals.perRecipient}
            </span>
          </div>
          <div className="summary-line">
            <span>{t('faxDetail.recipients')}</span>
            <span>{totals.recipients}</span>
          </div>
          <div className="summary-line summary-total">
            <span>{t('compose.pagesInTotal')}</span>
            <span data-testid="pages-total">
              {totals.estimated ? '≈ ' : ''}
              {totals.total}
            </span>
          </div>
          {remaining !== null ? (
            <p className={totals.total > remaining ? 'field-error' : 'field-hint'} data-testid="allowance">
              {totals.total > remaining
                ? t('compose.thisNeedsPagesBut', { total: totals.total, max: Math.max(0, remaining) })
                : t('compose.pagesRemainThisCycle', { remaining, after: remaining - totals.total })}
            </p>
          ) : null}
          <PreflightSummary state={state} />
          {error ? <ErrorNotice error={error} title={t('compose.notSentTheDraft')} /> : null}
          {!blocker && open.length > 0 ? (
            <p className="field-hint" data-testid="guard-summary">
              {t('compose.findingsToCheck', { count: open.length })}</p>
          ) : null}
          {blocker ? (
            <p className="field-hint" data-testid="send-blocker">
              {blocker}
            </p>
          ) : null}
          <button type="button" className="button button-primary" onClick={() => void send()} disabled={blocker !== null || sending || !canSend} aria-keyshortcuts="Control+Enter">
            <Icon name="outbox" /> {sending ? t('forwardDialog.queuing') : state.scheduleAt ? t('compose.scheduleFax') : t('compose.sendFax')}
          </button>
          <span className="field-hint">
            <span className="kbd">{t('compose.ctrl')}</span> + <span className="kbd">{t('compose.enter')}</span>{' '}{t('compose.sendsTheFaxGoes')}</span>
          <DraftsAside />
        </aside>
      </div>
      {toConfirm ? (
        <ConfirmDialog title={t('compose.checkTheRecipientsBefore')} confirmLabel={t('compose.sendAnyway')} onCancel={() => setToConfirm(null)} onConfirm={() => sendAnyway(toConfirm)}>
          <p>{t('compose.aFaxToThe')}</p>
          <FindingsList warnings={toConfirm} />
        </ConfirmDialog>
      ) : null}
      {preview ? <FilePreview file={preview} onClose={() => setPreview(null)} /> : null}
    </section>
  );
}
