import { useState } from 'react';
import type { FaxDetail } from '../../../preload/models';
import { markHandled, saveNote } from '../data/handling';
import { toastError } from '../data/toasts';
import { dateTime } from '../format';
import { t } from '../i18n';

/** A received fax's handled mark and the office's note on it (both kept on this computer, encrypted). */
export function HandlingPanel({ detail }: { detail: FaxDetail }) {
  const handling = detail.handling ?? { handledAt: null, note: '' };
  const [note, setNote] = useState(handling.note);
  const handled = handling.handledAt !== null;

  const toggle = async () => {
    const refused = await markHandled([detail.id], !handled);
    if (refused) toastError(refused);
  };

  const keepNote = async () => {
    if (note.trim() === handling.note) return;
    const refused = await saveNote(detail.id, note);
    if (refused) toastError(refused);
  };

  return (
    <section className="handling" aria-label={t('handling.handling')}>
      <div className="row">
        <button type="button" className={`button${handled ? '' : ' button-primary'}`} aria-pressed={handled} onClick={() => void toggle()}>
          {handled ? t('handling.markNotHandled') : t('handling.markHandled')}
        </button>
        <span className="field-hint" role="status">
          {handling.handledAt !== null ? t('handling.handledAt', { when: dateTime(new Date(handling.handledAt).toISOString()) }) : t('handling.notHandledYet')}
        </span>
      </div>
      <label className="field">
        <span>{t('handling.note')}</span>
        <textarea className="input" rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} onBlur={() => void keepNote()} placeholder={t('handling.eGCalledBack')} />
      </label>
    </section>
  );
}
