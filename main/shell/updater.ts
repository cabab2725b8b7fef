/**
 * electron-updater for the packaged app, with the generic provider of electron-builder.yml. Downloads happen in
 * the background and are verified by electron-updater (sha512 from latest.yml; on Windows also the publisher's
 * signature); when to install is decided by main/desktop-integration/update-controller.ts.
 */
import { autoUpdater } from 'electron-updater';
import type { Logger } from '../log/logger';
import type { UpdaterPort } from '../desktop-integration/update-controller';

export function electronUpdater(log: Logger, onDownloaded: (version: string) => void): UpdaterPort {
  autoUpdater.autoDownload = true;
  // Installing at quit is decided just before quitting (never while a fax uploads): see installAtQuit.
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.allowDowngrade = false;
  autoUpdater.logger = null;
  autoUpdater.on('update-downloaded', (info) => onDownloaded(info.version));
  autoUpdater.on('error', (error) => log.warn('update.failed', { error }));
  return {
    async check(feedUrl) {
      // The organization's feed (a policy) replaces the built-in one; electron-updater still verifies what it gets.
      if (feedUrl !== null) autoUpdater.setFeedURL({ provider: 'generic', url: feedUrl, channel: 'latest' });
      await autoUpdater.checkForUpdates();
    },
    install() {
      autoUpdater.quitAndInstall(false, true);
    },
  };
}

/** Called as the app quits: installs the downloaded update then only if allowed now. */
export function setInstallAtQuit(allowed: boolean): void {
  autoUpdater.autoInstallOnAppQuit = allowed;
}
