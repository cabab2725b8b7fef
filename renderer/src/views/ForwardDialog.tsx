import { useEffect, useState } from 'react';
import type { PreflightPage } from '../../../preload/models';
import { preflightDocument } from '../data/fill-sign';
import { flagWords } from '../data/preflight';
import { splitPastedNumbers } from '../../../preload/fax-number';
import { faxLimits } from '../../../preload/fax-limits';
import { Dialog } from '../components/Dialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { RecipientsInput, type RecipientActions } from '../compose/RecipientsInput';
import { RecipientWarnings } from '../compose/RecipientWarnings';
import { canUse } from '../data/capabilities';
import { recipientEntry, type RecipientEntry } from '../data/compose';
import { connectionStore } from '../data/connection';
import { forwardFax } from '../data/faxes';
import type { IpcError } from '../data/ipc';
import { checkNumbers } from '../data/recipient-guard';
import { useStore } from '../data/store';
import type { RecipientWarning } from '../../../preload/models';
import { t } from '../i18n';
import type { FaxId } from '../../../preload/fax-id';
import { PageStrip } from '../compose/PageStrip';
import { useStagedPages } from '../compose/use-page-source';

/** The pages that will go, each small and numbered: what the page tools or fill & sign made, exactly. */
function DocumentPages({ fileId }: { fileId: string }) {
  const pages = useStagedPages(fileId);
  return (
    <section aria-label={t('forwardDialog.pagesThatGo')} data-testid="pages-that-go">
      <p className="field-hint">{t('forwardDialog.pagesThatGo')}</p>
      <PageStrip pages={pages} always large />
    </section>
  );
}

const draftOf = (entries: readonly RecipientEntry[]) => entries.map((entry) => ({ number: entry.e164 ?? entry.input, ...(entry.name ? { name: entry.name } : {}) }));

/**
 * Sends a fax's document (a received one, typically) on to other numbers: picked from contacts or typed, checked by
 * the misdirected-fax guard, whose findings offer the same one-click fix and "Number is right" as compose.
 */
/**
 * `document`: a document made of the fax (page tools, fill & sign) to send instead of the fax's own, checked by
 * pre-flight first; `to`: recipients to start with (the sender, to fax a signed copy back); `answer`: it answers
 * the fax (the two are linked once the service accepts it).
 */
export function ForwardDialog({ faxId, onClose, document, to = [], answer = false }: { faxId: FaxId; onClose: () => void; document?: { fileId: string; pages: number } | undefined; to?: ReadonlyArray<{ number: string; name?: string | undefined }>; answer?: boolean }) {
  const connection = useStore(connectionStore);
  const [entries, setEntries] = useState<RecipientEntry[]>(() => to.map((recipient) => recipientEntry(recipient.number, recipient.name ?? '')));
  const [checked, setChecked] = useState<PreflightPage[] | null>(null);
  useEffect(() => {
    if (!document) return;
    let current = true;
    void preflightDocument(document.fileId).then((pages) => current && setChecked(pages));
    return () => {
      current = false;
    };
  }, [document]);
  const flagged = (checked ?? []).filter((page) => page.flags.length > 0);
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  /** The guard's findings for the recipients as they were when Forward was pressed. */
  const [findings, setFindings] = useState<{ signature: string; warnings: RecipientWarning[] } | null>(null);
  const [confirmed, setConfirmed] = useState<string[]>([]);
  const signature = JSON.stringify(draftOf(entries));
  const shownFindings = findings?.signature === signature ? findings.warnings : null;
  const open = shownFindings?.filter((warning) => !confirmed.includes(warning.key)) ?? [];
  const invalid = entries.find((entry) => entry.error);
  const ready = entries.length > 0 && !invalid;
  // A signed copy going back to its sender says so on its button; pages made of the fax are faxed; the fax itself
  // is forwarded.
  const go = answer ? t('fillSign.sendBack') : document ? t('forwardDialog.fax') : t('faxDetail.forward');
  const anyway = answer ? t('fillSign.sendBackAnyway') : document ? t('forwardDialog.faxAnyway') : t('forwardDialog.forwardAnyway');

  const actions: RecipientActions = {
    add: (inputs) =>
      setEntries((current) => {
        const next = [...current];
        for (const input of inputs) {
          if (next.length >= faxLimits.maxRecipients) break;
          const entry = recipientEntry(input.number, input.name ?? '');
          if (entry.e164 === null || !next.some((other) => other.e164 === entry.e164)) next.push(entry);
        }
        return next;
      }),
    addPasted: (text) => actions.add(splitPastedNumbers(text).map((number) => ({ number }))),
    remove: (key) => setEntries((current) => current.filter((entry) => entry.key !== key)),
  };

  const findingActions = {
    fix: (warning: RecipientWarning) => {
      const suggestion = warning.suggestion;
      if (!suggestion) return;
      setEntries((current) => {
        const index = current.findIndex((entry) => entry.e164 === warning.number);
        if (index < 0) return current;
        const replacement = recipientEntry(suggestion.number, suggestion.name ?? '');
        const duplicate = current.some((entry, other) => other !== index && entry.e164 === replacement.e164);
        return duplicate ? current.filter((_, other) => other !== index) : current.map((entry, other) => (other === index ? replacement : entry));
      });
    },
    confirm: (warning: RecipientWarning) => setConfirmed((current) => [...new Set([...current, warning.key])]),
  };

  const send = async () => {
    setBusy(true);
    const recipients = draftOf(entries);
    // A second press with findings on screen forwards anyway; otherwise the guard looks first.
    if (!shownFindings) {
      const checked = await checkNumbers(recipients);
      const unconfirmed = 'warnings' in checked ? checked.warnings.filter((warning) => !confirmed.includes(warning.key)) : [];
      if ('error' in checked || unconfirmed.length > 0) {
        setBusy(false);
        if ('error' in checked) setError(checked.error);
        else setFindings({ signature, warnings: checked.warnings });
        return;
      }
    }
    const refused = await forwardFax({ faxId, recipients, ...(subject.trim() ? { subject: subject.trim() } : {}), ...(document ? { fileId: document.fileId } : {}), ...(answer ? { answer: true } : {}) });
    setBusy(false);
    if (refused) setError(refused);
    else onClose();
  };

  return (
    <Dialog
      title={answer ? t('fillSign.faxBackTitle') : document ? t('pageTools.faxThesePages', { pages: document.pages }) : t('forwardDialog.forwardThisFax')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>{t('confirmDialog.cancel')}</button>
          <button type="button" className="button button-primary" disabled={!ready || busy} onClick={() => void send()}>
            {busy ? t('forwardDialog.queuing') : open.length > 0 ? anyway : go}
          </button>
        </>
      }
    >
      <RecipientsInput recipients={entries} contactsAvailable={canUse(connection, 'contacts')} warnedNumbers={new Set(open.map((warning) => warning.number))} actions={actions} />
      <label className="field">
        <span>{t('forwardDialog.subjectOptionalPrintedOn')}</span>
        <input className="input" value={subject} onChange={(event) => setSubject(event.target.value)} />
      </label>
      {shownFindings && shownFindings.length > 0 ? (
        <div className="stack" data-testid="forward-guard">
          <p className="notice-title">{t('forwardDialog.checkTheNumbersBefore')}</p>
          <RecipientWarnings warnings={shownFindings} state={{ confirmedWarnings: confirmed }} actions={findingActions} />
        </div>
      ) : null}
      {document ? <DocumentPages fileId={document.fileId} /> : null}
      {document && checked ? (
        <p className={flagged.length > 0 ? 'notice notice-warning' : 'field-hint'} role="status" data-testid="forward-preflight">
          {flagged.length > 0
            ? flagged.map((page) => t('fillSign.preflightPage', { page: page.page, flags: page.flags.map((flag) => t(flagWords[flag].inline)).join(', ') })).join(' ')
            : t('fillSign.preflightClear', { pages: checked.length })}
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
    </Dialog>
  );
}
