/**
 * Guards on every webContents and session: no navigation away from the app, no new windows, no webviews,
 * no permissions, and external links only through the https allowlist.
 */
import { shell, type Session, type WebContents } from 'electron';
import { appOrigin } from '../security/app-files';
import { externalLinkFor } from '../security/external-url';
import type { Logger } from '../log/logger';

/** Opens one of the app's fixed links in the browser; the URL handed to the OS is always a literal from this file. */
export function openExternalSafely(url: string, log: Logger): boolean {
  switch (externalLinkFor(url)) {
    case 'electronSecurity':
      void shell.openExternal('https://www.electronjs.org/docs/latest/tutorial/security');
      return true;
    case 'projectHome':
      void shell.openExternal('https://github.com/fax-desktop/fax-desktop');
      return true;
    case null:
      log.warn('shell.external_link_refused');
      return false;
  }
}

function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}` === appOrigin;
  } catch {
    return false;
  }
}

export function hardenWebContents(contents: WebContents, log: Logger): void {
  // In-app reloads of our own origin stay allowed; everything else is refused.
  const refuseNavigation = (event: { preventDefault(): void }, url: string): void => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    log.warn('shell.navigation_refused');
  };
  contents.on('will-navigate', (event) => refuseNavigation(event, event.url));
  contents.on('will-frame-navigate', (event) => refuseNavigation(event, event.url));
  contents.on('will-redirect', (event) => refuseNavigation(event, event.url));
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log.warn('shell.webview_refused');
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(url, log);
    return { action: 'deny' };
  });
}

export function hardenSession(target: Session, log: Logger): void {
  target.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn('shell.permission_refused', { permission });
    callback(false);
  });
  target.setPermissionCheckHandler(() => false);
  target.setDevicePermissionHandler(() => false);
  target.on('will-download', (event) => {
    // Downloads happen in main through the API client, never by the renderer.
    event.preventDefault();
  });
}
