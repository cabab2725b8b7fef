/**
 * A crashed or hung renderer: reloaded once (the page then says so), a second time within a minute the plain
 * error page (app://fax/crashed.html, with "Copy diagnostics"). The decisions are main/window/crash-recovery.ts.
 */
import type { BrowserWindow } from 'electron';
import { appOrigin } from '../security/app-files';
import type { Logger } from '../log/logger';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers } from '../runtime/timers';
import { hangGraceMs, type CrashRecovery } from '../window/crash-recovery';

export function handleRendererFailures(window: BrowserWindow, recovery: CrashRecovery, log: Logger): void {
  const contents = window.webContents;
  const act = (reason: string): void => {
    const action = recovery.rendererGone(reason);
    log.error('shell.renderer_gone', { reason, action });
    if (action === 'reload') void window.loadURL(`${appOrigin}/index.html`);
    if (action === 'error-page') void window.loadURL(`${appOrigin}/crashed.html`);
  };
  contents.on('render-process-gone', (_event, details) => act(details.reason));
  const hang = createOneTimer(realTimers);
  window.on('unresponsive', () => {
    if (hang.waiting) return;
    hang.after(hangGraceMs, () => {
      log.error('shell.renderer_hung');
      // Ends the hung renderer; 'render-process-gone' then reloads it (or shows the error page).
      contents.forcefullyCrashRenderer();
    });
  });
  window.on('responsive', () => hang.cancel());
}
