/**
 * Settings → Chart: where a fax is filed — a document in the chart (FHIR), an HL7 v2 message to the EHR's MLLP
 * listener, or a file in a folder — and which kinds are filed without a person when the patient and the kind are sure.
 */
import type { SyntheticEvent } from 'react';
import type { ChartSettings } from '../../../preload/chart';
import { builtInKinds } from '../../../preload/intake';
import { t } from '../i18n';
import { kindName } from '../intake/intake-words';
import { formText } from './form-text';

const filedKinds = builtInKinds.filter((kind) => kind !== 'cover_sheet' && kind !== 'other');

export function FilingSettings({ chart, change, locked }: { chart: ChartSettings; change: (patch: Partial<ChartSettings>) => Promise<void>; locked: ReadonlyArray<keyof ChartSettings> }) {
  const onMllp = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => formText(form, name).trim();
    void change({ mllp: { host: text('host'), port: Number(text('port')), tlsCaPath: text('tlsCaPath') || null, receivingApplication: text('receivingApplication'), receivingFacility: text('receivingFacility'), sendingFacility: text('sendingFacility') } });
  };
  const onFolder = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void change({ folder: formText(new FormData(event.currentTarget), 'folder').trim() || null });
  };
  // Without FHIR access (a patient list) a fax is filed as an HL7 message or a file.
  const targets = chart.source === 'list' ? (['mllp', 'folder'] as const) : (['fhir', 'mllp', 'folder'] as const);
  const words = { fhir: t('chart.targetFhir'), mllp: t('chart.targetMllp'), folder: t('chart.targetFolder') };
  const mllp = chart.mllp;
  return (
    <>
      <label className="field">
        <span className="field-label">{t('chart.fileInto')}</span>
        <select className="input" value={chart.target} disabled={locked.includes('target')} onChange={(event) => void change({ target: event.target.value as ChartSettings['target'] })} data-testid="chart-target">
          {targets.map((target) => (
            <option key={target} value={target}>{words[target]}</option>
          ))}
        </select>
      </label>
      {chart.source === 'list' && chart.target === 'fhir' ? <p className="field-error" role="alert">{t('chart.listFilesAsHl7OrFile')}</p> : null}
      {chart.target === 'mllp' ? (
        <form className="stack" onSubmit={onMllp} aria-label={t('chart.targetMllp')} data-testid="chart-mllp">
          <div className="patient-list-fields">
            <label className="field"><span className="field-label">{t('chart.mllpHost')}</span><input className="input" name="host" defaultValue={mllp?.host ?? ''} required autoComplete="off" /></label>
            <label className="field"><span className="field-label">{t('chart.mllpPort')}</span><input className="input" name="port" type="number" min={1} max={65535} defaultValue={mllp?.port ?? 2575} required /></label>
            <label className="field"><span className="field-label">{t('chart.mllpReceivingApplication')}</span><input className="input" name="receivingApplication" defaultValue={mllp?.receivingApplication ?? ''} autoComplete="off" /></label>
            <label className="field"><span className="field-label">{t('chart.mllpReceivingFacility')}</span><input className="input" name="receivingFacility" defaultValue={mllp?.receivingFacility ?? ''} autoComplete="off" /></label>
            <label className="field"><span className="field-label">{t('chart.mllpSendingFacility')}</span><input className="input" name="sendingFacility" defaultValue={mllp?.sendingFacility ?? ''} autoComplete="off" /></label>
            <label className="field"><span className="field-label">{t('chart.mllpCaFile')}</span><input className="input" name="tlsCaPath" defaultValue={mllp?.tlsCaPath ?? ''} autoComplete="off" /></label>
          </div>
          <button type="submit" className="button">{t('chart.saveMllp')}</button>
        </form>
      ) : null}
      {chart.target === 'folder' ? (
        <form className="stack" onSubmit={onFolder} aria-label={t('chart.targetFolder')} data-testid="chart-folder">
          <label className="field"><span className="field-label">{t('chart.folderPath')}</span><input className="input" name="folder" defaultValue={chart.folder ?? ''} required autoComplete="off" /></label>
          <button type="submit" className="button">{t('chart.saveFolder')}</button>
        </form>
      ) : null}
      <fieldset className="stack">
        <legend>{t('chart.fileOnTheirOwn')}</legend>
        <p className="field-hint">{t('chart.fileOnTheirOwnHint')}</p>
        {filedKinds.map((kind) => (
          <label key={kind} className="checkbox">
            <input type="checkbox" disabled={locked.includes('autoFileKinds')} checked={chart.autoFileKinds.includes(kind)} onChange={(event) => void change({ autoFileKinds: event.target.checked ? [...chart.autoFileKinds, kind] : chart.autoFileKinds.filter((other) => other !== kind) })} />
            {kindName(kind)}
          </label>
        ))}
      </fieldset>
    </>
  );
}
