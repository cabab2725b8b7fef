import { useEffect, useState } from 'react';
import { Dialog } from './components/Dialog';
import { Sidebar } from './components/Sidebar';
import { Banners } from './components/Banners';
import { StatusBar } from './components/StatusBar';
import { Toasts } from './components/Toasts';
import { startFaxWith } from './data/drafts';
import { connectionStore, onboardingStore } from './data/connection';
import { commandForKey, runCommand, shortcutsDialogStore } from './data/commands';
import { lockStore } from './data/lock';
import { routeStore } from './data/navigation';
import { useStore } from './data/store';
import { AboutView } from './views/AboutView';
import { AccountView } from './views/AccountView';
import { ComposeView } from './views/ComposeView';
import { ContactsView } from './views/ContactsView';
import { FaxListView } from './views/FaxListView';
import { LockScreen } from './views/LockScreen';
import { NumbersView } from './views/NumbersView';
import { OnboardingView } from './views/OnboardingView';
import { SettingsView } from './views/SettingsView';
import { WebhooksView } from './views/WebhooksView';
import { ToFileView } from './views/ToFileView';
import { t } from './i18n';
import type { MessageId } from '../../preload/i18n/translator';

const shortcuts: Array<[MessageId, MessageId]> = [
  ['app.keys.newFax', 'sidebar.newFax'],
  ['app.keys.open', 'app.openAFileTo'],
  ['app.keys.send', 'app.sendInNewFax'],
  ['app.keys.search', 'app.searchTheList'],
  ['app.keys.move', 'app.nextPreviousFax'],
  ['app.keys.openSelected', 'app.openTheSelectedFax'],
  ['app.keys.savePrint', 'app.saveOrPrintThe'],
  ['app.keys.export', 'app.exportTheListAs'],
  ['app.keys.sync', 'statusBar.syncNow'],
  ['app.keys.views', 'app.inboxOutboxContactsNumbers'],
  ['app.keys.settings', 'sidebar.settings'],
  ['app.keys.lock', 'app.lockTheApp'],
  ['app.keys.preview', 'app.previewPagesZoomRotate'],
  ['app.keys.help', 'app.thisList'],
];

/** The same commands as the menu (data/commands.ts); besides them, "/" and Ctrl/⌘ F search and "?" opens help. */
function useGlobalShortcuts(): void {
  useEffect(() => {
    const platform = /Macintosh|Mac OS X/.test(navigator.userAgent) ? 'darwin' : 'other';
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement;
      const mod = event.ctrlKey || event.metaKey;
      const command = commandForKey(event, platform);
      if (command) {
        event.preventDefault();
        // runCommand refuses what the key's scopes or the current screen do not allow.
        void runCommand(command);
      } else if ((mod && event.key.toLowerCase() === 'f') || (!typing && event.key === '/')) {
        const search = document.querySelector<HTMLInputElement>('[data-search]');
        if (search) {
          event.preventDefault();
          search.focus();
        }
      } else if (!typing && event.key === '?') {
        shortcutsDialogStore.set(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

function useFileDrop(): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes('Files');
    const onEnter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const onLeave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onOver = (event: DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length === 0) return;
      // Files dropped while composing join that fax; on a draft from earlier they start a new one.
      void startFaxWith({ files }, { joinRecentDraft: true });
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
  return dragging;
}

/**
 * Before a key is connected there is nothing to navigate to: onboarding takes the whole window, without the
 * sidebar (only About is reachable, from onboarding itself).
 */
function useOnboarding(): boolean {
  const connection = useStore(connectionStore);
  const onboarding = useStore(onboardingStore);
  return connection?.status === 'signed_out' || onboarding;
}

function CurrentView() {
  const route = useStore(routeStore);
  switch (route.screen) {
    case 'inbox':
      return <FaxListView direction="inbound" faxId={route.faxId} />;
    case 'outbox':
      return <FaxListView direction="outbound" faxId={route.faxId} />;
    case 'tofile':
      return <ToFileView />;
    case 'compose':
      return <ComposeView />;
    case 'contacts':
      return <ContactsView />;
    case 'numbers':
      return <NumbersView />;
    case 'account':
      return <AccountView />;
    case 'webhooks':
      return <WebhooksView />;
    case 'settings':
      return <SettingsView />;
    case 'about':
      return <AboutView />;
  }
}

export function App() {
  const lock = useStore(lockStore);
  if (lock === null) return <div className="app-shell app-starting" aria-busy="true" />;
  if (lock.locked) return <LockScreen lock={lock} />;
  return <UnlockedApp />;
}

function UnlockedApp() {
  const help = useStore(shortcutsDialogStore);
  const setHelp = (open: boolean) => shortcutsDialogStore.set(open);
  const onboarding = useOnboarding();
  const route = useStore(routeStore);
  useGlobalShortcuts();
  const dragging = useFileDrop();
  return (
    <div className={`app-shell${onboarding ? ' app-shell-onboarding' : ''}`}>
      <a className="skip-link" href="#main">{t('app.skipToContent')}</a>
      {onboarding ? null : <Sidebar />}
      <main className="content" id="main">
        <Banners />
        {onboarding && route.screen !== 'about' ? <OnboardingView /> : <CurrentView />}
      </main>
      <StatusBar />
      <Toasts />
      {dragging ? <div className="drop-overlay">{t('app.dropFilesToFax')}</div> : null}
      {help ? (
        <Dialog
          title={t('app.keyboardShortcuts')}
          onClose={() => setHelp(false)}
          footer={
            <button type="button" className="button" onClick={() => setHelp(false)}>{t('app.close')}</button>
          }
        >
          <table className="table">
            <tbody>
              {shortcuts.map(([keys, action]) => (
                <tr key={keys}>
                  <td>
                    <span className="kbd">{t(keys)}</span>
                  </td>
                  <td>{t(action)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Dialog>
      ) : null}
    </div>
  );
}
