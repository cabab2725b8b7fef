import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startActivityReports } from './data/activity';
import { startPresenceReports } from './data/presence';
import { settingsStore } from './data/settings';
import { startAppState } from './data/start';
import { useStore } from './data/store';
import { chooseLanguage, localeStore } from './i18n';
import './styles/app.css';

settingsStore.subscribe(() => {
  const settings = settingsStore.get();
  if (settings) chooseLanguage(settings.language);
});
startAppState();
startActivityReports();
startPresenceReports();

/** A new language renders the app anew: every view reads its words when it renders (drafts live in main). */
function LocalisedApp() {
  const locale = useStore(localeStore);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <App key={locale} />;
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <LocalisedApp />
    </StrictMode>,
  );
}
