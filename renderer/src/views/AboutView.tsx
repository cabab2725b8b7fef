import { ErrorNotice } from '../components/ErrorNotice';
import { loadAppInfo } from '../data/app-info';
import { connectionStore, onboardingStore } from '../data/connection';
import { navigate } from '../data/navigation';
import { useStore } from '../data/store';
import { useResult } from '../hooks/useResult';
import { pdfjsVersion } from '../pdf/pdf-engine';
import { LicensesCard } from './LicensesCard';
import { t } from '../i18n';

export function AboutView() {
  const [info] = useResult(loadAppInfo);
  const connection = useStore(connectionStore);
  const onboarding = useStore(onboardingStore) || connection?.status === 'signed_out';
  return (
    <section aria-labelledby="about-title" className="view">
      <div className="view-header">
        <h1 id="about-title">{t('about.aboutFaxDesktop')}</h1>
        {onboarding ? (
          <button type="button" className="button button-small" onClick={() => navigate('settings')}>{t('about.backToSetup')}</button>
        ) : null}
      </div>
      <div className="card">
        {info.state === 'loading' ? <p className="skeleton skeleton-line" /> : null}
        {info.state === 'failed' ? <ErrorNotice error={info.error} /> : null}
        {info.state === 'ready' ? (
          <dl className="facts" data-testid="app-info">
            <dt>{t('about.version')}</dt>
            <dd>{info.value.version}</dd>
            <dt>{t('about.runtime')}</dt>
            <dd>{info.value.runtime === 'electron' ? t('about.electron', { value: info.value.versions.electron ?? '' }) : t('about.browserHarness')}</dd>
            <dt>{t('about.platform')}</dt>
            <dd>{info.value.platform}</dd>
            <dt>{t('about.pdfEngine')}</dt>
            <dd>{t('about.pdfJs', { pdfjsVersion })}</dd>
          </dl>
        ) : null}
      </div>
      <div className="card">
        <h2>{t('about.connection')}</h2>
        {connection ? (
          <p data-testid="connection-status">
            {connection.status === 'connected' ? t('onboarding.connected') : t('about.notConnected')}
            {connection.baseUrl ? ` — ${connection.baseUrl}` : t('about.noFaxServiceAddress')}
          </p>
        ) : null}
      </div>
      <div className="card">
        <h2>{t('about.privacy')}</h2>
        <p>{t('about.theApiKeyLives')}</p>
      </div>
      <LicensesCard />
    </section>
  );
}
