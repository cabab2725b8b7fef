import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startActivityReports } from './data/activity';
import { startPresenceReports } from './data/presence';
import { startAppState } from './data/start';
import './styles/app.css';

startAppState();
startActivityReports();
startPresenceReports();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
