import { useState } from 'react';
import type { ConnectionState } from '../../../preload/models';
import { Icon } from '../components/Icon';
import { connectionStore, finishOnboarding } from '../data/connection';
import { navigate } from '../data/navigation';
import { settingsStore } from '../data/settings';
import { useStore } from '../data/store';
import { ConnectionSummary } from './ConnectionSummary';
import { KeyForm } from './KeyForm';
import { t } from '../i18n';

export function OnboardingView() {
  const settings = useStore(settingsStore);
  const connection = useStore(connectionStore);
  const [connected, setConnected] = useState<ConnectionState | null>(null);
  return (
    <section className="view" aria-labelledby="onboarding-title">
      <div className="onboarding stack">
        <div className="row">
          <span className="brand-mark">
            <Icon name="fax" size={18} />
          </span>
          <div className="grow">
            <h1 id="onboarding-title">{t('onboarding.connectFaxDesktop')}</h1>
            <p className="view-subtitle">{t('onboarding.pasteTheApiKey')}</p>
          </div>
          <button type="button" className="button button-ghost button-small" onClick={() => navigate('about')}>{t('sidebar.about')}</button>
        </div>
        {connection?.status === 'signed_out' && connection.message ? (
          <div className="notice notice-error" role="alert">
            <p>{connection.message}</p>
          </div>
        ) : null}
        <div className="card">
          {connected ? (
            <>
              <div className="notice notice-success" role="status">
                <span className="notice-title">{t('onboarding.connected')}</span>
                <p>{t('onboarding.theKeyWorksAnd')}</p>
              </div>
              <ConnectionSummary connection={connected} />
              <div className="row">
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => {
                    finishOnboarding();
                    if (!navigate('inbox')) navigate('account');
                  }}
                >{t('onboarding.continue')}</button>
              </div>
            </>
          ) : settings ? (
            <KeyForm initialBaseUrl={settings.baseUrl} initialCaPath={settings.extraCaPath} submitLabel={t('onboarding.testAndConnect')} onConnected={setConnected} />
          ) : null}
        </div>
      </div>
    </section>
  );
}
