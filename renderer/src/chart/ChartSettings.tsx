/**
 * Settings → Chart: where the office's patients come from — its EHR over FHIR, a patient list exported by its
 * practice-management system, or nowhere (the app as it was) — and, with a source, where and when a fax is filed.
 */
import type { ChartSettings as Chart } from '../../../preload/chart';
import type { SettingsPatch } from '../../../preload/models';
import { SetByOrganization } from '../components/SetByOrganization';
import { policiesStore } from '../data/policies';
import { useStore } from '../data/store';
import { t } from '../i18n';
import { EhrSettings } from './EhrSettings';
import { FilingSettings } from './FilingSettings';
import { PatientListSettings } from './PatientListSettings';

export function ChartSettings({ chart, save }: { chart: Chart; save: (patch: SettingsPatch) => Promise<void> }) {
  const locked = useStore(policiesStore).chartLocked;
  const change = (patch: Partial<Chart>) => save({ chart: { ...chart, ...patch } });
  const changeSource = (source: Chart['source']) => {
    // A list has no FHIR access: its faxes are filed as HL7 messages or files.
    void change(source === 'list' && chart.target === 'fhir' ? { source, target: 'folder' } : { source });
  };
  return (
    <div className="card" aria-labelledby="chart-settings-title" data-testid="chart-settings">
      <h2 id="chart-settings-title">{t('chart.settingsTitle')}</h2>
      <label className="field">
        <span className="field-label">{t('chart.patientsComeFrom')}</span>
        <select className="input" value={chart.source} disabled={locked.includes('source')} onChange={(event) => changeSource(event.target.value as Chart['source'])} data-testid="chart-source">
          <option value="none">{t('chart.sourceNone')}</option>
          <option value="fhir">{t('chart.sourceFhir')}</option>
          <option value="list">{t('chart.sourceList')}</option>
        </select>
      </label>
      {locked.length > 0 ? <SetByOrganization text={t('chart.partlySetByOrganization')} /> : null}
      <p className="field-hint">{t('chart.sourceHint')}</p>
      {chart.source === 'fhir' ? <EhrSettings chart={chart} change={change} locked={locked} /> : null}
      {chart.source === 'list' ? <PatientListSettings /> : null}
      {chart.source !== 'none' ? <FilingSettings chart={chart} change={change} locked={locked} /> : null}
    </div>
  );
}
