import { useState } from 'react';
import { checkFaxNumber, splitPastedNumbers } from '../../../preload/fax-number';
import { Dialog } from '../components/Dialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { FindingsList } from '../compose/RecipientWarnings';
import { numberOptions } from '../data/compose';
import { forwardFax } from '../data/faxes';
import type { IpcError } from '../data/ipc';
import { checkNumbers } from '../data/recipient-guard';
import type { RecipientWarning } from '../../../preload/models';
import { say, t } from '../i18n';
import type { FaxId } from '../../../preload/fax-id';

/** Sends a fax's document (a received one, typically) on to other numbers. */
export function ForwardDialog({ faxId, onClose }: { faxId: FaxId; onClose: () => void }) {
  const [numbers, setNumbers] = useState('');
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  /** The guard's findings for the numbers as they were when Forward was pressed; a second press forwards anyway. */
  const [findings, setFindings] = useState<{ numbers: string; warnings: RecipientWarning[] } | null>(null);
  const entries = splitPastedNumbers(numbers);
  const checks = entries.map((entry) => ({ entry, check: checkFaxNumber(entry, numberOptions()) }));
  const invalid = checks.find((item) => !item.check.ok);
  const ready = entries.length > 0 && !invalid;

  const shownFindings = findings?.numbers === numbers ? findings.warnings : null;

  const send = async () => {
    setBusy(true);
    const recipients = checks.map((item) => ({ number: item.check.ok ? item.check.e164 : item.entry }));
    if (!shownFindings) {
      const checked = await checkNumbers(recipients);
      if ('error' in checked || checked.warnings.length > 0) {
        setBusy(false);
        if ('error' in checked) setError(checked.error);
        else setFindings({ numbers, warnings: checked.warnings });
        return;
      }
    }
    const refused = await forwardFax({
      faxId,
      recipients,
      ...(subject.trim() ? { subject: subject.trim() } : {}),
    });
    setBusy(false);
    if (refused) setError(refused);
    else onClose();
  };

  return (
    <Dialog
      title={t('forwardDialog.forwardThisFax')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>{t('confirmDialog.cancel')}</button>
          <button type="button" className="button button-primary" disabled={!ready || busy} onClick={() => void send()}>
            {busy ? t('forwardDialog.queuing') : shownFindings ? t('forwardDialog.forwardAnyway') : t('faxDetail.forward')}
          </button>
        </>
      }
    >
      <label className="field">
        <span>{t('forwardDialog.toFaxNumbersOne')}</span>
        <textarea className="textarea" value={numbers} onChange={(event) => setNumbers(event.target.value)} aria-invalid={invalid ? true : undefined} placeholder="+1 415 555 0100" />
        {invalid && !invalid.check.ok ? <span className="field-error">“{invalid.entry}”: {say(invalid.check.message)}</span> : null}
      </label>
      <label className="field">
        <span>{t('forwardDialog.subjectOptionalPrintedOn')}</span>
        <input className="input" value={subject} onChange={(event) => setSubject(event.target.value)} />
      </label>
      {shownFindings ? (
        <div className="notice notice-warning" role="alert" data-testid="forward-guard">
          <p className="notice-title">{t('forwardDialog.checkTheNumbersBefore')}</p>
          <FindingsList warnings={shownFindings} />
        </div>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
    </Dialog>
  );
}
