/** Save dialogs and the clipboard in the Electron app. */
import { BrowserWindow, clipboard, dialog } from 'electron';
import path from 'node:path';
import type { Desktop } from '../desktop';
import type { SettingsStore } from '../store/settings-store';

export function electronDesktop(settings: SettingsStore): Desktop {
  return {
    async copyText(text) {
      await clipboard.writeText(text);
    },
    async chooseSavePath(request) {
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      const options = {
        title: request.title,
        defaultPath: path.join(settings.get().downloadFolder, request.defaultName),
        filters: request.filters,
        properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<'createDirectory' | 'showOverwriteConfirmation'>,
      };
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
  };
}
