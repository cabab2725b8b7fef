/** Settings → Reading faxes: the office's own kinds of fax (learned from how people here give faxes a kind). */
import { useEffect, useState } from 'react';
import { intakeKindsStore, loadIntakeKinds, saveOfficeKinds } from '../data/intake';
import { useStore } from '../data/store';
import { t } from '../i18n';

export function OfficeKindsSettings() {
  const kinds = useStore(intakeKindsStore);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadIntakeKinds();
  }, []);
  const save = async (next: string[]) => {
    setBusy(true);
    const saved = await saveOfficeKinds(next);
    setBusy(false);
    return saved;
  };
  const add = async () => {
    // What was typed stays when it is refused; a kind the office has already is not added twice.
    const kind = name.trim();
    if (kinds.office.includes(kind) || (await save([...kinds.office, kind]))) setName('');
  };
  return (
    <section className="office-kinds" aria-labelledby="office-kinds-title" data-testid="office-kinds">
      <h3 id="office-kinds-title">{t('intake.officeKinds')}</h3>
      <p className="field-hint">{t('intake.officeKindsHelp')}</p>
      {kinds.office.length > 0 ? (
        <ul className="office-kind-list">
          {kinds.office.map((kind) => (
            <li key={kind} className="row row-small-gap">
              <span className="chip">{kind}</span>
              <button type="button" className="button button-small" disabled={busy} aria-label={t('intake.removeKind', { kind })} onClick={() => void save(kinds.office.filter((item) => item !== kind))}>{t('hotFolderSettings.remove')}</button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="row row-small-gap" onSubmit={(event) => { event.preventDefault(); void add(); }}>
        <input className="input" value={name} maxLength={40} onChange={(event) => setName(event.target.value)} aria-label={t('intake.addKind')} />
        <button type="submit" className="button" disabled={busy || name.trim() === ''}>{t('intake.addKind')}</button>
      </form>
    </section>
  );
}
