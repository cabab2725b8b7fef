import { faxApi } from '../fax-api';
import { useResult } from '../hooks/useResult';
import { ErrorNotice } from '../components/ErrorNotice';

const loadAppInfo = () => faxApi().getAppInfo();
const loadConnection = () => faxApi().getConnection();

export function AboutView() {
  const [info] = useResult(loadAppInfo);
  const [connection] = useResult(loadConnection);
  return (
    <section aria-labelledby="about-title" className="view">
      <h1 id="about-title">About Fax Desktop</h1>
      {info.state === 'loading' ? <p className="skeleton">Loading…</p> : null}
      {info.state === 'failed' ? <ErrorNotice error={info.error} /> : null}
      {info.state === 'ready' ? (
        <dl className="facts" data-testid="app-info">
          <dt>Version</dt>
          <dd>{info.value.version}</dd>
          <dt>Runtime</dt>
          <dd>{info.value.runtime === 'electron' ? `Electron ${info.value.versions.electron ?? ''}` : 'Browser harness'}</dd>
          <dt>Platform</dt>
          <dd>{info.value.platform}</dd>
        </dl>
      ) : null}
      <h2>Connection</h2>
      {connection.state === 'ready' ? (
        <p data-testid="connection-status">
          {connection.value.status === 'connected' ? 'Connected' : 'Not connected'}
          {connection.value.baseUrl ? ` — ${connection.value.baseUrl}` : ' — no Fax Service address set yet'}
        </p>
      ) : null}
      {connection.state === 'failed' ? <ErrorNotice error={connection.error} /> : null}
    </section>
  );
}
