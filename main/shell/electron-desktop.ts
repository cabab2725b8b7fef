/** Dialogs, the clipboard, the file manager, the window, printers and quitting in the Electron app. */
import { app, BrowserWindow, clipboard, dialog, shell } from 'electron';
import path from 'node:path';
import type { Desktop } from '../desktop';
import type { SettingsStore } from '../store/settings-store';
import { listPrinters, printSilently } from './electron-printing';

export function electronDesktop(settings: SettingsStore, window: { show(): void }): Desktop {
  const parent = () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  return {
    async copyText(text) {
      await clipboard.writeText(text);
    },
    async chooseSavePath(request) {
      const owner = parent();
      const options = {
        title: request.title,
        defaultPath: path.join(settings.get().downloadFolder, request.defaultName),
        filters: request.filters,
        properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<'createDirectory' | 'showOverwriteConfirmation'>,
      };
      const result = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async chooseOpenPaths(request) {
      const owner = parent();
      const options = { title: request.title, filters: request.filters, properties: ['openFile', 'multiSelections'] as Array<'openFile' | 'multiSelections'> };
      const result = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
      return result.canceled ? [] : result.filePaths;
    },
    async openFolder(folder) {
      await shell.openPath(folder);
    },
    showWindow: () => window.show(),
    quit: () => app.quit(),
    listPrinters,
    print: printSilently,
    async openSignInPage(url) {
      // Only an https page: the address is the EHR's own sign-in page, built in main from its discovery document.
      if (new URL(url).protocol !== 'https:') throw new Error('a sign-in page must be https');
      await shell.openExternal(url);
    },
  };
}
