/**
 * Who the app is to the OS. The appId must equal electron-builder.yml's (Windows notifications and taskbar
 * grouping need `app.setAppUserModelId` to match the installed shortcut); the Linux launcher matches the window
 * to package.json's `desktopName`. `npm run check:packaging` checks both.
 */
export const appId = 'com.faxdesktop.app';
export const desktopFileName = 'fax-desktop.desktop';
