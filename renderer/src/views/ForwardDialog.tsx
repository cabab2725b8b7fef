import { useState } from 'react';
import { checkFaxNumber, splitPastedNumbers } from '../../../preload/fax-number';
import { Dialog } from '../components/Dialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { forwardFax } from '../data/faxes';
import type { IpcError } from '../data/ipc';

/** Sends a fax's document (a received one, typically) on to other numbers. */
export function ForwardDialog({ faxId, onClose }: { faxId: number; onClose: () => void }) {
  const [numbers, setNumbers] = useState('');
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const entries = splitPastedNumbers(numbers);
  const checks = entries.map((entry) => ({ entry, check: checkFaxNumber(entry) }));
  const invalid = checks.find((item) => !item.check.ok);
  const ready = entries.length > 0 && !invalid;

  const send = async () => {
    setBusy(true);
    const refused = await forwardFax({
      faxId,
      recipients: checks.map((item) => ({ number: item.check.ok ? item.check.e164 : item.entry })),
      ...(subject.trim() ? { subject: subject.trim() } : {}),
    });
    setBusy(false);
    if (refused) setError(refused);
    else onClose();
  };

  return (
    <Dialog
      title="Forward this fax"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={!ready || busy} onClick={() => void send()}>
            {busy ? 'Queuing…' : 'Forward'}
          </button>
        </>
      }
    >
      <label className="field">
        <span>To (fax numbers, one per line or separated by commas)</span>
        <textarea className="textarea" value={numbers} onChange={(event) => setNumbers(event.target.value)} aria-invalid={invalid ? true : undefined} placeholder="+1 415 555 0100" />
        {invalid && !invalid.check.ok ? <span className="field-error">“{invalid.entry}”: {invalid.check.message}</span> : null}
      </label>
      <label className="field">
        <span>Subject (optional, printed on the cover sheet)</span>
        <input className="input" value={subject} onChange={(event) => setSubject(event.target.value)} />
      </label>
      {error ? <ErrorNotice error={error} /> : null}
    </Dialog>
  );
}
