import { useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import type { IntakeFieldName } from '../../../preload/intake';
import type { FaxId } from '../../../preload/fax-id';
import { setFaxField } from '../data/intake';
import { t } from '../i18n';
import { fieldName } from './intake-words';

/**
 * A person's value for a field, typed in place: Enter saves, Escape leaves it as it was. Empty says the fax has none.
 * What is saved stands through every new reading of the fax.
 */
export function FieldCorrection({ faxId, name, value, onDone }: { faxId: FaxId; name: IntakeFieldName; value: string; onDone: () => void }) {
  const [typed, setTyped] = useState(value);
  const [busy, setBusy] = useState(false);
  const save = async (event?: SyntheticEvent) => {
    event?.preventDefault();
    setBusy(true);
    const saved = await setFaxField(faxId, name, typed);
    setBusy(false);
    if (saved) onDone();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // The field only: Escape here never closes or leaves anything else.
    event.stopPropagation();
    onDone();
  };
  return (
    <form className="row row-small-gap field-correction" onSubmit={(event) => void save(event)} data-testid={`intake-correct-${name}`}>
      <input
        className="input"
        value={typed}
        maxLength={200}
        disabled={busy}
        placeholder={t('intake.noneOnTheFax')}
        aria-label={t('intake.correctField', { field: fieldName(name) })}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKeyDown}
        // The person asked to correct it: the typing goes here at once.
        autoFocus
      />
      <button type="submit" className="button button-small button-primary" disabled={busy}>{t('intake.saveField')}</button>
      <button type="button" className="button button-small" disabled={busy} onClick={onDone}>{t('intake.cancelField')}</button>
    </form>
  );
}
