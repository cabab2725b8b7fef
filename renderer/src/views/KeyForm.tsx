/**
 * Entering an API key: masked, never kept after it is handed to main (the field is cleared on every attempt), and
 * the base URL must be https.
 */
import { useState, type SyntheticEvent } from 'react';
import type { ConnectionState } from '../../../preload/models';
import { ErrorNotice } from '../components/ErrorNotice';
import { connect } from '../data/connection';
import type { IpcError } from '../data/ipc';
import { t } from '../i18n';
import { SetByOrganization } from '../components/SetByOrganization';
import { policiesStore } from '../data/policies';
import { useStore } from '../data/store';

export function KeyForm({ initialBaseUrl, initialCaPath, submitLabel, onConnected }: { initialBaseUrl: string; initialCaPath: string | null; submitLabel: string; onConnected: (state: ConnectionState) => void }) {
  const policies = useStore(policiesStore);
  const [baseUrl, setBaseUrl] = useState(initialBaseUrl);
  const [caPath, setCaPath] = useState(initialCaPath ?? '');
  const [apiKey, setApiKey] = useState('');
  const [reveal, setReveal] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const urlProblem = baseUrl.trim() !== '' && !baseUrl.trim().toLowerCase().startsWith('https://') ? t('keyForm.theAddressMustStart') : null;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (urlProblem || apiKey.trim() === '') return;
    setBusy(true);
    setError(null);
    const key = apiKey;
    // The key leaves the renderer now and is not kept here, whatever the outcome.
    setApiKey('');
    setReveal(false);
    const result = await connect({ apiKey: key, baseUrl: baseUrl.trim(), extraCaPath: caPath.trim() === '' ? null : caPath.trim() });
    setBusy(false);
    if (result.ok) onConnected(result.value);
    else setError(result.error);
  };

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} aria-label={t('keyForm.connectToTheFax')}>
      <label className="field">
        <span>{t('keyForm.faxServiceAddress')}</span>
        <input
          className="input"
          type="url"
          value={baseUrl}
          readOnly={policies.locked.includes('baseUrl')}
          onChange={(event) => setBaseUrl(event.target.value)}
          placeholder={t('keyForm.httpsApiExampleCom')}
          aria-invalid={urlProblem ? true : undefined}
          aria-describedby="base-url-hint"
          required
          autoComplete="off"
          spellCheck={false}
        />
        {policies.locked.includes('baseUrl') ? (
          <SetByOrganization id="base-url-hint" />
        ) : urlProblem ? (
          <span className="field-error" id="base-url-hint">
            {urlProblem}
          </span>
        ) : (
          <span className="field-hint" id="base-url-hint">{t('keyForm.theApiRootEnding')}</span>
        )}
      </label>
      <label className="field">
        <span>{t('keyForm.apiKey')}</span>
        <div className="row row-nowrap">
          <input
            className="input grow"
            type={reveal ? 'text' : 'password'}
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            required
            aria-describedby="key-hint"
            data-testid="api-key-input"
          />
          <button type="button" className="button" onClick={() => setReveal((value) => !value)} aria-pressed={reveal}>
            {reveal ? t('keyForm.hide') : t('keyForm.show')}
          </button>
        </div>
        <span className="field-hint" id="key-hint">{t('keyForm.storedOnlyInThe')}</span>
      </label>
      <details>
        <summary>{t('keyForm.advancedTrustAnExtra')}</summary>
        <label className="field advanced-field">
          <span>{t('keyForm.caCertificateFilePem')}</span>
          <input className="input" value={caPath} readOnly={policies.locked.includes('extraCaPath')} onChange={(event) => setCaPath(event.target.value)} placeholder={t('keyForm.pathToCaPem')} spellCheck={false} />
          {policies.locked.includes('extraCaPath') ? <SetByOrganization /> : <span className="field-hint">{t('keyForm.forAPrivateGateway')}</span>}
        </label>
      </details>
      {error ? <ErrorNotice error={error} title={t('keyForm.couldNotConnect')} /> : null}
      <div className="row">
        <button type="submit" className="button button-primary" disabled={busy || urlProblem !== null}>
          {busy ? t('keyForm.checkingTheKey') : submitLabel}
        </button>
      </div>
    </form>
  );
}
