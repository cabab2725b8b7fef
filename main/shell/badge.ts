/**
 * The unread count outside the window: the dock badge on macOS, the launcher badge on Linux (Unity launcher API,
 * matched through package.json's desktopName), and on Windows the taskbar overlay icon (Windows has no count).
 */
import { app, nativeImage, type BrowserWindow } from 'electron';
import { overlayBadgePng, overlayBadgeText } from '../desktop-integration/overlay-badge';
import { unreadLine } from '../commands/tray-menu';

export async function showUnreadBadge(unread: number, window: BrowserWindow | null, platform: string = process.platform): Promise<void> {
  if (platform !== 'win32') {
    app.setBadgeCount(unread);
    return;
  }
  if (!window || window.isDestroyed()) return;
  const text = overlayBadgeText(unread);
  if (text === null) {
    window.setOverlayIcon(null, '');
    return;
  }
  window.setOverlayIcon(nativeImage.createFromBuffer(await overlayBadgePng(text)), unreadLine(unread));
}
