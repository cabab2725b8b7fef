import { useEffect, useId, useRef, useState } from 'react';
import { faxLimits } from '../../../preload/fax-limits';
import { FileList, kindName } from '../compose/FileList';
import { RecipientsInput } from '../compose/RecipientsInput';
import { FaxView, PreflightSummary } from '../compose/Preflight';
import { FindingsList, RecipientWarnings } from '../compose/RecipientWarnings';
import { DraftNotice, DraftsAside } from '../compose/DraftNotices';
import { focusToFieldStore } from '../data/drafts';
import { CoverSheetField } from '../compose/CoverSheetField';
import { coverSheetProblem } from '../data/cover-sheets';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Dialog } from '../components/Dialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { Icon } from '../components/Icon';
import { accountStore, pagesRemaining } from '../data/account';
import { canUse, hasKey } from '../data/capabilities';
import { composeStore, dismissProblems, setReplyWithinDays, pageTotals, sendBlocker, sendDraft, setField, type ComposeFile } from '../data/compose';
import { addFiles, replaceFileWith, fileBytes } from '../data/compose-files';
import { confirmWarnings } from '../data/compose-recipients';
import { connectionStore } from '../data/connection';
import type { IpcError } from '../data/ipc';
import { guardStore, recipientOf, unconfirmedWarnings, warningsBeforeSend } from '../data/recipient-guard';
import { useStore } from '../data/store';
import type { RecipientWarning, StagedFile } from '../../../preload/models';
import { PdfViewer } from '../pdf/PdfViewer';
import { PageToolsDialog } from './PageToolsDialog';
import { toast } from '../data/toasts';
import { t } from '../i18n';

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
        <p>{t('compose.theFaxServiceConverts', { kind: kindName(file.kind), pages: file.pages })}</p>
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

/**
 * When the fax goes: now, or at a time. The date and time fields (six Tab stops in Chromium) are there only once
 * "At a time" is chosen, so the way to Send stays short.
 */
function SendAtField({ scheduleAt }: { scheduleAt: string }) {
  const [laterChosen, setLaterChosen] = useState(false);
  const later = laterChosen || scheduleAt !== '';
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{t('compose.sendAt')}</label>
      <select
        id={id}
        className="input"
        value={later ? 'later' : 'now'}
        onChange={(event) => {
          setLaterChosen(event.target.value === 'later');
          if (event.target.value === 'now') setField('scheduleAt', '');
        }}
      >
        <option value="now">{t('compose.sendNow')}</option>
        <option value="later">{t('compose.sendAtATime')}</option>
      </select>
      {later ? (
        <input className="input" type="datetime-local" aria-label={t('compose.sendAtTime')} value={scheduleAt} onChange={(event) => setField('scheduleAt', event.target.value)} data-testid="send-at-time" />
      ) : null}
    </div>
  );
}

export function ComposeView() {
  const state = useStore(composeStore);
  const account = useStore(accountStore);
  const connection = useStore(connectionStore);
  const [error, setError] = useState<IpcError | null>(null);
  const [sending, setSending] = useState(false);
  const [preview, setPreview] = useState<ComposeFile | null>(null);
  const [pagesOf, setPagesOf] = useState<ComposeFile | null>(null);
  /** The documents made of a file's pages take its place; the cursor goes to the first of them. */
  const putPagesInFax = (file: ComposeFile, files: StagedFile[]): string | null => {
    const outcome = replaceFileWith(file.id, files);
    if (outcome === 'tooMany') return t('pageTools.tooManyFiles', { maxFiles: faxLimits.maxFiles });
    setPagesOf(null);
    if (outcome === 'replaced') {
      toast('success', t('pageTools.fileChanged'));
      const first = files[0];
      if (first) setTimeout(() => document.querySelector<HTMLButtonElement>(`li[data-file="${CSS.escape(first.id)}"] button[data-control="pages"]`)?.focus(), 0);
    }
    return null;
  };
  const [toConfirm, setToConfirm] = useState<RecipientWarning[] | null>(null);
  const guard = useStore(guardStore);
  const focusTo = useStore(focusToFieldStore);
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
            <RecipientsInput recipients={state.recipients} contactsAvailable={canUse(connection, 'contacts')} takeFocus={{ wanted: focusTo, taken: () => focusToFieldStore.set(false) }} warnedNumbers={new Set(open.map((warning) => warning.number))} />
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
              <SendAtField scheduleAt={state.scheduleAt} />
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
            <FileList files={state.files} onPreview={setPreview} onPages={setPagesOf} />
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
      {pagesOf ? <PageToolsDialog subject={{ kind: 'file', file: pagesOf }} onClose={() => setPagesOf(null)} onUse={(files) => putPagesInFax(pagesOf, files)} /> : null}
    </section>
  );
}
