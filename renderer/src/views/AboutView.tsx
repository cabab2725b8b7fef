import { ErrorNotice } from '../components/ErrorNotice';
import { faxApi } from '../fax-api';
import { useResult } from '../hooks/useResult';
import { pdfjsVersion } from '../pdf/pdf-engine';
import { connectionStore } from '../state/app-state';
import { useStore } from '../state/store';
import { LicensesCard } from './LicensesCard';

const loadAppInfo = () => faxApi().getAppInfo();

export function AboutView() {
  const [info] = useResult(loadAppInfo);
  const connection = useStore(connectionStore);
  return (
    <section aria-labelledby="about-title" className="view">
      <h1 id="about-title">About Fax Desktop</h1>
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
