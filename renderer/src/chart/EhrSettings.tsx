/**
 * Settings → Chart with the EHR over FHIR: its address and the CA to trust, how the desk signs in there (the office's
 * registered client, set up once by IT with the key shown here, or a person in the system browser), the scopes asked
 * for and granted, and a test of the connection.
 */
import { useEffect, useState, type SyntheticEvent } from 'react';
import type { ChartSettings } from '../../../preload/chart';
import type { EhrStatus } from '../../../preload/contract-chart';
import { ehrStatus, signInEhr, signOutEhr } from '../data/chart';
import { copyText } from '../data/app-info';
import { toast, toastError } from '../data/toasts';
import { t } from '../i18n';
import { formText } from './form-text';

export function EhrSettings({ chart, change, locked }: { chart: ChartSettings; change: (patch: Partial<ChartSettings>) => Promise<void>; locked: ReadonlyArray<keyof ChartSettings> }) {
  const [status, setStatus] = useState<EhrStatus | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let current = true;
    void ehrStatus(false).then((result) => current && result.ok && setStatus(result.value));
    return () => {
      current = false;
    };
  }, [chart.signIn, chart.fhirBase]);
  const run = async (work: () => Promise<{ ok: true; value: EhrStatus } | { ok: false; error: Parameters<typeof toastError>[0] }>, success?: string) => {
    setBusy(true);
    try {
      const result = await work();
      if (!result.ok) return toastError(result.error);
      setStatus(result.value);
      if (success) toast('success', success);
    } finally {
      setBusy(false);
    }
  };
  const onEhr = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => formText(form, name).trim();
    void change({ fhirBase: text('fhirBase') || null, fhirCaPath: text('fhirCaPath') || null, clientId: text('clientId'), mrnSystem: text('mrnSystem') || null });
  };
  return (
    <>
      <form className="stack" onSubmit={onEhr} aria-label={t('chart.theEhr')}>
        <label className="field">
          <span className="field-label">{t('chart.fhirAddress')}</span>
          <input className="input" name="fhirBase" readOnly={locked.includes('fhirBase')} defaultValue={chart.fhirBase ?? ''} placeholder={t('chart.fhirAddressExample')} autoComplete="off" />
        </label>
        <label className="field">
          <span className="field-label">{t('chart.clientId')}</span>
          <input className="input" name="clientId" readOnly={locked.includes('clientId')} defaultValue={chart.clientId} autoComplete="off" />
        </label>
        <label className="field">
          <span className="field-label">{t('chart.caFile')}</span>
          <input className="input" name="fhirCaPath" readOnly={locked.includes('fhirCaPath')} defaultValue={chart.fhirCaPath ?? ''} autoComplete="off" />
        </label>
        <label className="field">
          <span className="field-label">{t('chart.mrnSystem')}</span>
          <input className="input" name="mrnSystem" readOnly={locked.includes('mrnSystem')} defaultValue={chart.mrnSystem ?? ''} autoComplete="off" />
        </label>
        <button type="submit" className="button">{t('chart.saveEhr')}</button>
      </form>
      <fieldset className="stack">
        <legend>{t('chart.signInAs')}</legend>
        <label className="checkbox">
          <input type="radio" name="chart-sign-in" disabled={locked.includes('signIn')} checked={chart.signIn === 'backend'} onChange={() => void change({ signIn: 'backend' })} />
          {t('chart.signInBackend')}
        </label>
        <label className="checkbox">
          <input type="radio" name="chart-sign-in" disabled={locked.includes('signIn')} checked={chart.signIn === 'person'} onChange={() => void change({ signIn: 'person' })} />
          {t('chart.signInPerson')}
        </label>
      </fieldset>
      {chart.signIn === 'backend' && status?.publicJwks ? (
        <div className="stack">
          <p className="field-hint">{t('chart.registerThisKey')}</p>
          <textarea className="input mono" readOnly rows={4} value={status.publicJwks} aria-label={t('chart.publicKey')} data-testid="chart-public-key" />
          <button type="button" className="button button-small" onClick={() => void copyText(status.publicJwks ?? '', t('chart.publicKey'))}>{t('chart.copyPublicKey')}</button>
        </div>
      ) : null}
      {chart.signIn === 'person' ? (
        <div className="row">
          <span className="field-hint" data-testid="chart-signed-in">{status?.signedIn ? t('chart.signedIn') : t('chart.notSignedIn')}</span>
          {status?.signedIn ? (
            <button type="button" className="button button-small" disabled={busy} onClick={() => void run(signOutEhr)}>{t('chart.signOut')}</button>
          ) : (
            <button type="button" className="button button-small" disabled={busy || chart.fhirBase === null} onClick={() => void run(signInEhr, t('chart.signedIn'))}>{t('chart.signIn')}</button>
          )}
        </div>
      ) : null}
      <div className="row">
        <button type="button" className="button button-small" disabled={busy || chart.fhirBase === null} onClick={() => void run(() => ehrStatus(true), t('chart.ehrAnswered'))} data-testid="chart-test">{t('chart.testConnection')}</button>
        {status && status.grantedScopes.length > 0 ? <span className="field-hint" data-testid="chart-scopes">{t('chart.mayDo', { scopes: status.grantedScopes.join(' ') })}</span> : <span className="field-hint">{t('chart.asksFor', { scopes: (status?.askedScopes ?? []).join(' ') })}</span>}
      </div>
    </>
  );
}
