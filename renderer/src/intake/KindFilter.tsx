/** The inbox's "Kind of fax" filter: the app's kinds, then the office's own. */
import { useEffect } from 'react';
import { intakeKindsStore, loadIntakeKinds } from '../data/intake';
import { setFilters } from '../data/list-filters';
import { useStore } from '../data/store';
import { t } from '../i18n';
import { kindName } from './intake-words';

export function KindFilter({ kind }: { kind: string | null }) {
  const kinds = useStore(intakeKindsStore);
  useEffect(() => {
    void loadIntakeKinds();
  }, []);
  const offered = [...kinds.builtIn, ...kinds.office];
  return (
    <label className="date-field">
      <span className="field-hint">{t('intake.kindFilter')}</span>
      <select className="input" value={kind ?? ''} onChange={(event) => setFilters('inbound', { kind: event.target.value === '' ? null : event.target.value })} data-testid="kind-filter">
        <option value="">{t('intake.anyKind')}</option>
        {offered.map((choice) => (
          <option key={choice} value={choice}>{kindName(choice)}</option>
        ))}
      </select>
    </label>
  );
}
