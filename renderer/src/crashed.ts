/**
 * The plain page shown after the window crashed twice within a minute: no React, no app state, only "Copy
 * diagnostics" (run by main, which holds everything) and a way to try the app again.
 */
import './styles/crashed.css';
import { isMessageId } from '../../preload/i18n/translator';
import { copyDiagnostics } from './data/crash-page';
import { loadSettings, settingsStore } from './data/settings';
import { chooseLanguage, currentLocale, t } from './i18n';

/** The page's words come from the catalogue (the HTML holds the English ones until then). */
function translatePage(): void {
  document.documentElement.lang = currentLocale();
  for (const element of document.querySelectorAll<HTMLElement>('[data-message]')) {
    const id = element.dataset.message ?? '';
    if (isMessageId(id)) element.textContent = t(id);
  }
}

translatePage();
void loadSettings().then(() => {
  const settings = settingsStore.get();
  if (settings) chooseLanguage(settings.language);
  translatePage();
});

const status = document.getElementById('crashed-status');
document.getElementById('copy-diagnostics')?.addEventListener('click', () => {
  void copyDiagnostics().then((message) => {
    if (status) status.textContent = message;
  });
});
