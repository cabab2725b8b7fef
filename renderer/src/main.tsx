import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { restoreDraft } from './compose/compose-state';
import { startAppState } from './state/app-state';
import './styles/app.css';

startAppState();
void restoreDraft();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
