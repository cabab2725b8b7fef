/**
 * What main needs from the desktop around it: a place to save a file the user asked for, and the browser for an
 * allowlisted link. Electron provides dialogs; the browser harness (no dialogs) saves into the download folder.
 */
export interface SaveRequest {
  title: string;
  defaultName: string;
  filters: Array<{ name: string; extensions: string[] }>;
}

export interface Desktop {
  /** The path the user chose, or null when they cancelled. */
  chooseSavePath(request: SaveRequest): Promise<string | null>;
  /** Puts text on the system clipboard. */
  copyText(text: string): Promise<void>;
}

/**
 * A desktop without dialogs (the browser harness, tests): files go to the download folder from Settings, under the
 * suggested name, never overwriting an existing file; the clipboard is a value tests can read.
 */
export function downloadFolderDesktop(downloadFolder: () => string): Desktop & { clipboard(): string | null } {
  let clipboard: string | null = null;
  return {
    copyText(text) {
      clipboard = text;
      return Promise.resolve();
    },
    clipboard: () => clipboard,
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
