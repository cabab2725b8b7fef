import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { restoreDraft, stashDraftForLock, takeOpenedFiles } from './compose/compose-state';
import { faxApi } from './fax-api';
import { startActivityReports } from './state/activity';
import { navigate, onLockChange, startAppState } from './state/app-state';
import './styles/app.css';

// Files opened with the app land in compose — always after the draft they join has been restored, never before
// (restoring replaces the compose state).
let draftRestored: Promise<void> | null = null;
const composeOpenedFiles = async () => {
  if (!draftRestored) return; // still starting or locked: taken when the draft is restored
  await draftRestored;
  if ((await takeOpenedFiles()) > 0) navigate('compose');
};
onLockChange((locked) => {
  if (locked) {
    draftRestored = null;
    void stashDraftForLock();
  } else {
    draftRestored = restoreDraft();
    void composeOpenedFiles();
  }
});
faxApi().on('filesOpened', () => void composeOpenedFiles());
startAppState();
startActivityReports();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
