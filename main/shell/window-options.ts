/** The main window's options: the security settings live here, in one place, asserted by the shell tests. */
import type { BrowserWindowConstructorOptions } from 'electron'; // types only: no runtime import of electron here

export function mainWindowOptions(preloadPath: string, options: { devTools: boolean }): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Fax Desktop',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: options.devTools,
    },
  };
}
