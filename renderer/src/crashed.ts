/**
 * The plain page shown after the window crashed twice within a minute: no React, no app state, only "Copy
 * diagnostics" (run by main, which holds everything) and a way to try the app again.
 */
import './styles/crashed.css';
import { copyDiagnostics } from './data/crash-page';

const status = document.getElementById('crashed-status');
document.getElementById('copy-diagnostics')?.addEventListener('click', () => {
  void copyDiagnostics().then((message) => {
    if (status) status.textContent = message;
  });
});
