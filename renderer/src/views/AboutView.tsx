import { ErrorNotice } from '../components/ErrorNotice';
import { loadAppInfo } from '../data/app-info';
import { connectionStore, onboardingStore } from '../data/connection';
import { navigate } from '../data/navigation';
import { useStore } from '../data/store';
import { useResult } from '../hooks/useResult';
import { pdfjsVersion } from '../pdf/pdf-engine';
import { LicensesCard } from './LicensesCard';

export function AboutView() {
  const [info] = useResult(loadAppInfo);
  const connection = useStore(connectionStore);
  const onboarding = useStore(onboardingStore) || connection?.status === 'signed_out';
  return (
    <section aria-labelledby="about-title" className="view">
      <div className="view-header">
        <h1 id="about-title">About Fax Desktop</h1>
        {onboarding ? (
          <button type="button" className="button button-small" onClick={() => navigate('settings')}>
            Back to setup
          </button>
        ) : null}
      </div>
      <div className="card">
        {info.state === 'loading' ? <p className="skeleton skeleton-line" /> : null}
        {info.state === 'failed' ? <ErrorNotice error={info.error} /> : null}
        {info.state === 'ready' ? (
          <dl className="facts" data-testid="app-info">
            <dt>Version</dt>
            <dd>{info.value.version}</dd>
            <dt>Runtime</dt>
            <dd>{info.value.runtime === 'electron' ? `Electron ${info.value.versions.electron ?? ''}` : 'Browser harness'}</dd>
            <dt>Platform</dt>
            <dd>{info.value.platform}</dd>
            <dt>PDF engine</dt>
            <dd>pdf.js {pdfjsVersion}</dd>
          </dl>
        ) : null}
      </div>
      <div className="card">
        <h2>Connection</h2>
        {connection ? (
          <p data-testid="connection-status">
            {connection.status === 'connected' ? 'Connected' : 'Not connected'}
            {connection.baseUrl ? ` — ${connection.baseUrl}` : ' — no Fax Service address set yet'}
          </p>
        ) : null}
      </div>
      <div className="card">
        <h2>Privacy</h2>
        <p>
          The API key lives in the system keychain. Faxes, contacts and documents kept on this computer are encrypted with a key that lives there too. Nothing is sent anywhere but to your Fax Service, over
          verified HTTPS.
        </p>
      </div>
      <LicensesCard />
    </section>
  );
}
