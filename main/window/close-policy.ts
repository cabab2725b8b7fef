/**
 * What closing the main window does: by default the app keeps running in the tray (polling, the outbox and
 * notifications go on), and the first time a notification says so; with "Quit when the window is closed" on, or
 * when the app is quitting, or when the OS has no tray, the window really closes.
 */
export interface CloseDecision {
  action: 'hide' | 'close';
  /** Say once that the app is still running in the tray. */
  tellUser: boolean;
}

export function decideClose(state: { quitting: boolean; quitOnClose: boolean; trayShown: boolean; toldBefore: boolean }): CloseDecision {
  if (state.quitting || state.quitOnClose || !state.trayShown) return { action: 'close', tellUser: false };
  return { action: 'hide', tellUser: !state.toldBefore };
}
