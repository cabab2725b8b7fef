/**
 * What main needs from the desktop around it: a place to save a file the user asked for, and the browser for an
 * allowlisted link. Electron provides dialogs; the browser harness (no dialogs) saves into the download folder.
 */
export interface SaveRequest {
  title: string;
  defaultName: string;
  filters: Array<{ name: string; extensions: string[] }>;
}

export interface OpenRequest {
  title: string;
  filters: Array<{ name: string; extensions: string[] }>;
}

export interface Desktop {
  /** The path the user chose, or null when they cancelled. */
  chooseSavePath(request: SaveRequest): Promise<string | null>;
  /** The files the user chose to open (none when they cancelled). */
  chooseOpenPaths(request: OpenRequest): Promise<string[]>;
  /** Puts text on the system clipboard. */
  copyText(text: string): Promise<void>;
  /** Shows a folder in the OS file manager. */
  openFolder(folder: string): Promise<void>;
  /** Brings the main window to the front (showing it again when it was closed to the tray). */
  showWindow(): void;
  /** Quits the app (the outbox, drafts and stores are closed on the way out). */
  quit(): void;
}

/** What the dialog-less desktop did, for tests to read. */
export interface DesktopRecord {
  clipboard: string | null;
  openedFolders: string[];
  windowShown: number;
  quitRequested: boolean;
  /** The files the next "Open file…" returns (tests put them here; empty = cancelled). */
  nextOpenPaths: string[];
}

/**
 * A desktop without dialogs (the browser harness, tests): files go to the download folder from Settings, under the
 * suggested name, never overwriting an existing file; the clipboard, opened folders, window and quit requests are
 * recorded for tests to read.
 */
export function downloadFolderDesktop(downloadFolder: () => string): Desktop & { clipboard(): string | null; record: DesktopRecord } {
  const record: DesktopRecord = { clipboard: null, openedFolders: [], windowShown: 0, quitRequested: false, nextOpenPaths: [] };
  return {
    record,
    copyText(text) {
      record.clipboard = text;
      return Promise.resolve();
    },
    clipboard: () => record.clipboard,
    chooseOpenPaths() {
      return Promise.resolve(record.nextOpenPaths.splice(0));
    },
    openFolder(folder) {
      record.openedFolders.push(folder);
      return Promise.resolve();
    },
    showWindow() {
      record.windowShown += 1;
    },
    quit() {
      record.quitRequested = true;
    },
    async chooseSavePath(request) {
      const fs = await import('node:fs/promises');
      const path = await import('node:path');
      const folder = downloadFolder();
      await fs.mkdir(folder, { recursive: true });
      const extension = path.extname(request.defaultName);
      const stem = path.basename(request.defaultName, extension);
      for (let attempt = 0; ; attempt += 1) {
        const candidate = path.join(folder, attempt === 0 ? request.defaultName : `${stem} (${attempt})${extension}`);
        const exists = await fs.stat(candidate).then(() => true, () => false);
        if (!exists) return candidate;
      }
    },
  };
}
