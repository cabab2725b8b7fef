/**
 * Every IPC call must come from the top frame of a window this app created, showing the app's own origin.
 * A subframe, a foreign webContents or a page that navigated elsewhere is refused.
 */
export interface SenderFacts {
  /** The webContents id of the sender. */
  webContentsId: number;
  /** The sending frame's URL; null when the frame is gone. */
  frameUrl: string | null;
  /** True when the sending frame is the main (top) frame of its webContents. */
  isTopFrame: boolean;
}

export function isTrustedSender(sender: SenderFacts, trustedWebContentsIds: ReadonlySet<number>, appOrigin: string): boolean {
  if (!trustedWebContentsIds.has(sender.webContentsId)) return false;
  if (!sender.isTopFrame || sender.frameUrl === null) return false;
  let origin: string;
  try {
    const url = new URL(sender.frameUrl);
    // Custom schemes have an opaque `origin` ('null'); compare scheme + host instead.
    origin = `${url.protocol}//${url.host}`;
  } catch {
    return false;
  }
  return origin === appOrigin;
}
