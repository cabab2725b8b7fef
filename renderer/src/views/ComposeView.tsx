import { useEffect, useRef, useState } from 'react';
import { faxLimits } from '../../../preload/fax-limits';
import { FileThumbnail } from '../compose/FileThumbnail';
import { RecipientsInput } from '../compose/RecipientsInput';
import { FaxView, PreflightLine, PreflightSummary, ThumbnailFlag } from '../compose/Preflight';
import { FindingsList, RecipientWarnings } from '../compose/RecipientWarnings';
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

const kindNames: Record<ComposeFile['kind'], string> = { pdf: 'PDF', docx: 'Word document', jpg: 'JPEG image', png: 'PNG image', tiff: 'TIFF image' };

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
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {file.kind === 'docx' ? (
        <p>The Fax Service converts this {kindNames[file.kind]} into fax pages itself (about {file.pages} {file.pages === 1 ? 'page' : 'pages'}), so its pages cannot be shown before sending.</p>
      ) : (
        <>
          {file.kind === 'pdf' ? (
            <div className="view-toggle" role="group" aria-label="Show">
              <button type="button" className="button button-small" aria-pressed={view === 'original'} onClick={() => setView('original')}>
                The PDF
              </button>
              <button type="button" className="button button-small" aria-pressed={view === 'fax'} onClick={() => setView('fax')}>
                As faxed (204 × 196 dpi, black and white)
              </button>
            </div>
          ) : (
            <p className="field-hint">As the recipient’s fax machine prints it: 204 × 196 dpi, black and white.</p>
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
  const blocker = sendBlocker(state);
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
          <h1 id="compose-title">New fax</h1>
          <p className="view-subtitle">Drop files anywhere on the window, or choose them. Check the thumbnails before sending.</p>
        </div>
      </div>
      {!canSend ? (
        <div className="notice notice-warning" role="alert">
          <p>This API key cannot send faxes (it lacks the fax:send scope). The draft is kept; enter a key that may send in Settings.</p>
        </div>
      ) : null}
      {state.problems.length > 0 ? (
        <div className="notice notice-error" role="alert" data-testid="compose-problems">
          {state.problems.map((message, index) => (
            <p key={`${index}-${message}`}>{message}</p>
          ))}
          <div>
            <button type="button" className="button button-small" onClick={dismissProblems}>
              Dismiss
            </button>
          </div>
        </div>
      ) : null}
      <div className="compose">
        <div className="stack">
          <div className="card">
            <RecipientsInput recipients={state.recipients} contactsAvailable={canUse(connection, 'contacts')} warnedNumbers={new Set(open.map((warning) => warning.number))} />
            <RecipientWarnings warnings={warnings} state={state} />
            <label className="field">
              <span>Subject</span>
              <input className="input" value={state.subject} onChange={(event) => setField('subject', event.target.value)} maxLength={200} />
              <span className="field-hint">Printed on the cover sheet.</span>
            </label>
            <label className="field">
              <span>Notes</span>
              <textarea className="textarea" value={state.notes} onChange={(event) => setField('notes', event.target.value)} maxLength={2000} />
            </label>
            <div className="form-grid">
              <label className="field">
                <span>Cover sheet</span>
                <input className="input" value={state.coverId} onChange={(event) => setField('coverId', event.target.value)} placeholder="None" spellCheck={false} />
                <span className="field-hint">The cover sheet’s ID from your Fax Service account; it adds one page.</span>
              </label>
              <label className="field">
                <span>Expect a reply</span>
                <select className="input" value={state.replyWithinDays ?? ''} onChange={(event) => setReplyWithinDays(event.target.value ? Number(event.target.value) : null)}>
                  <option value="">No reply expected</option>
                  {[1, 2, 3, 5, 7, 14, 30].map((days) => (
                    <option key={days} value={days}>
                      Within {days} {days === 1 ? 'day' : 'days'}
                    </option>
                  ))}
                </select>
                <span className="field-hint">A fax back from a recipient’s number is linked to this one; the outbox says when it is overdue.</span>
              </label>
              <label className="field">
                <span>Send at</span>
                <input className="input" type="datetime-local" value={state.scheduleAt} onChange={(event) => setField('scheduleAt', event.target.value)} />
                <span className="field-hint">Empty: send now.</span>
              </label>
            </div>
          </div>
          <div className="card">
            <div className="card-header">
              <h2>Documents</h2>
              <span className="field-hint">
                {state.files.length} of {faxLimits.maxFiles} files · PDF, Word, JPG, PNG, TIFF · up to 25 MB each
              </span>
            </div>
            <div className="dropzone">
              Drop files here or anywhere on the window —{' '}
              <button type="button" className="button button-small" onClick={() => picker.current?.click()}>
                Choose files…
              </button>
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
              <p className="field-hint" role="status">
                Checking {state.staging} file{state.staging === 1 ? '' : 's'}…
              </p>
            ) : null}
            <ol className="file-list" aria-label="Documents to send">
              {state.files.map((file, index) => (
                <li key={file.id} className="file-card" data-testid="file-card">
                  <button type="button" className="icon-button thumbnail-button" onClick={() => setPreview(file)} aria-label={`Preview ${file.name}`}>
                    <FileThumbnail file={file} />
                    <ThumbnailFlag file={file} />
                  </button>
                  <div className="file-card-text">
                    <div className="file-name">{file.name}</div>
                    <div className="field-hint">
                      {kindNames[file.kind]} · {file.pagesEstimated ? `about ${pagesText(file.pages)}` : pagesText(file.pages)} · {bytesText(file.size)}
                    </div>
                    <PreflightLine file={file} />
                  </div>
                  <div className="row row-tight">
                    <button type="button" className="icon-button" onClick={() => moveFile(file.id, -1)} disabled={index === 0} aria-label={`Move ${file.name} up`}>
                      <Icon name="up" />
                    </button>
                    <button type="button" className="icon-button" onClick={() => moveFile(file.id, 1)} disabled={index === state.files.length - 1} aria-label={`Move ${file.name} down`}>
                      <Icon name="down" />
                    </button>
                    <button type="button" className="icon-button" onClick={() => removeFile(file.id)} aria-label={`Remove ${file.name}`}>
                      <Icon name="trash" />
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
        <aside className="card compose-summary" aria-label="Summary">
          <h2>Summary</h2>
          <div className="summary-line">
            <span>Pages per recipient</span>
            <span data-testid="pages-per-recipient">
              {totals.estimated ? '≈ ' : ''}
              {totals.perRecipient}
            </span>
          </div>
          <div className="summary-line">
            <span>Recipients</span>
            <span>{totals.recipients}</span>
          </div>
          <div className="summary-line summary-total">
            <span>Pages in total</span>
            <span data-testid="pages-total">
              {totals.estimated ? '≈ ' : ''}
              {totals.total}
            </span>
          </div>
          {remaining !== null ? (
            <p className={totals.total > remaining ? 'field-error' : 'field-hint'} data-testid="allowance">
              {totals.total > remaining
                ? `This needs ${totals.total} pages but only ${Math.max(0, remaining)} remain this cycle: the Fax Service will refuse it until the account is topped up.`
                : `${remaining} pages remain this cycle; ${remaining - totals.total} after this fax.`}
            </p>
          ) : null}
          <PreflightSummary state={state} />
          {error ? <ErrorNotice error={error} title="Not sent — the draft is kept" /> : null}
          {!blocker && open.length > 0 ? (
            <p className="field-hint" data-testid="guard-summary">
              {open.length === 1 ? '1 recipient to check' : `${open.length} findings about the recipients to check`} before sending.
            </p>
          ) : null}
          {blocker ? (
            <p className="field-hint" data-testid="send-blocker">
              {blocker}
            </p>
          ) : null}
          <button type="button" className="button button-primary" onClick={() => void send()} disabled={blocker !== null || sending || !canSend} aria-keyshortcuts="Control+Enter">
            <Icon name="outbox" /> {sending ? 'Queuing…' : state.scheduleAt ? 'Schedule fax' : 'Send fax'}
          </button>
          <span className="field-hint">
            <span className="kbd">Ctrl</span> + <span className="kbd">Enter</span> sends. The fax goes through the outbox: if the connection drops, it is sent later, exactly once.
          </span>
        </aside>
      </div>
      {toConfirm ? (
        <ConfirmDialog title="Check the recipients before sending" confirmLabel="Send anyway" onCancel={() => setToConfirm(null)} onConfirm={() => sendAnyway(toConfirm)}>
          <p>A fax to the wrong number cannot be called back. Please check:</p>
          <FindingsList warnings={toConfirm} />
        </ConfirmDialog>
      ) : null}
      {preview ? <FilePreview file={preview} onClose={() => setPreview(null)} /> : null}
    </section>
  );
}
