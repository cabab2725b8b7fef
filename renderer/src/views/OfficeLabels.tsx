import { useState, type SyntheticEvent } from 'react';
import type { LabelView } from '../../../preload/office';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorNotice } from '../components/ErrorNotice';
import type { IpcError } from '../data/ipc';
import { labelsStore, removeLabel, saveLabel } from '../data/office';
import { useStore } from '../data/store';
import { t } from '../i18n';

/** Settings → Office → Labels: the office's labels; the administrator adds, renames and removes them. */
export function OfficeLabels({ admin }: { admin: boolean }) {
  const labels = useStore(labelsStore).filter((label) => !label.removed);
  const [error, setError] = useState<IpcError | null>(null);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [removing, setRemoving] = useState<LabelView | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (id: string | null, value: string): Promise<boolean> => {
    setBusy(true);
    const refused = await saveLabel(id, value);
    setBusy(false);
    setError(refused);
    return refused === null;
  };

  const add = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (await save(null, name)) setName('');
  };

  const rename = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (renaming && (await save(renaming.id, renaming.name))) setRenaming(null);
  };

  return (
    <section aria-labelledby="office-labels-title">
      <h3 className="subhead" id="office-labels-title">{t('office.labels')}</h3>
      <p className="field-hint">{t(admin ? 'office.labelsHint' : 'office.labelsByAdministrator')}</p>
      {error ? <ErrorNotice error={error} /> : null}
      {labels.length === 0 ? <p className="field-hint">{t('office.noLabelsYet')}</p> : null}
      <ul className="people-list" data-testid="office-labels">
        {labels.map((label) =>
          renaming?.id === label.id ? (
            <li key={label.id}>
              <form className="row" onSubmit={(event) => void rename(event)}>
                <label className="visually-hidden" htmlFor={`label-${label.id}`}>{t('office.labelName')}</label>
                <input id={`label-${label.id}`} className="input" value={renaming.name} maxLength={40} autoFocus onChange={(event) => setRenaming({ id: label.id, name: event.target.value })} onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)} />
                <button type="submit" className="button button-small" disabled={busy || renaming.name.trim() === ''}>{t('office.saveName')}</button>
                <button type="button" className="button button-small button-ghost" onClick={() => setRenaming(null)}>{t('confirmDialog.cancel')}</button>
              </form>
            </li>
          ) : (
            <li key={label.id} className="row">
              <span className="chip">{label.name}</span>
              {admin ? (
                <span className="row">
                  <button type="button" className="button button-small" onClick={() => setRenaming({ id: label.id, name: label.name })}>{t('office.rename')}</button>
                  <button type="button" className="button button-small button-danger" onClick={() => setRemoving(label)}>{t('office.remove')}</button>
                </span>
              ) : null}
            </li>
          ),
        )}
      </ul>
      {admin ? (
        <form className="row" onSubmit={(event) => void add(event)}>
          <label className="field">
            <span>{t('office.newLabel')}</span>
            <input className="input" value={name} maxLength={40} onChange={(event) => setName(event.target.value)} data-testid="new-label" />
          </label>
          <button type="submit" className="button" disabled={busy || name.trim() === ''}>{t('office.addLabel')}</button>
        </form>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('office.removeLabelTitle', { name: removing.name })}
          confirmLabel={t('office.remove')}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const id = removing.id;
            setRemoving(null);
            void removeLabel(id).then(setError);
          }}
        >
          {t('office.removeLabelBody')}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
