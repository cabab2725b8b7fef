/**
 * What main needs from the desktop around it: a place to save a file the user asked for, the browser for an
 * allowlisted link, and the computer's printers. Electron provides dialogs and prints silently; the browser
 * harness (no dialogs, no printers) saves into the download folder, and "prints" a PDF into a folder per printer.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { PrinterInfo } from '../preload/automation';
import { msg } from '../preload/i18n/translator';
import { AppError } from './errors';
import { freeName } from './runtime/free-name';
import { writeThroughPart } from './runtime/part-file';
export interface SaveRequest {
  title: string;
  defaultName: string;
  filters: Array<{ name: string; extensions: string[] }>;
}

export interface OpenRequest {
  title: string;
  filters: Array<{ name: string; extensions: string[] }>;
}

/** A document to print without asking (an inbound rule's job). */
export interface PrintJob {
  /** The printer's name as the computer knows it. */
  printer: string;
  /** The job's name in the print queue. */
  name: string;
  /** Writes the plain PDF into `out`. */
  writePdf(out: Writable): Promise<void>;
  /** Page `page` (1-based) as a PNG at fax resolution, with the page count. */
  pagePng(page: number): Promise<{ pageCount: number; width: number; height: number; png: Uint8Array }>;
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
  listPrinters(): Promise<PrinterInfo[]>;
  /** Prints without a dialog; throws an AppError that says why when the printer refuses or is not there. */
  print(job: PrintJob): Promise<void>;
  /** Opens the EHR's sign-in page (an https address main made) in the system browser, never in the app. */
  openSignInPage(url: string): Promise<void>;
}

/** The printers the dialog-less desktop pretends to have: each is a folder under "Printers" in the download folder. */
export const folderPrinters: readonly PrinterInfo[] = [
  { name: 'Front Desk', label: 'Front Desk' },
  { name: 'Back Office', label: 'Back Office' },
];

/** What the dialog-less desktop did, for tests to read. */
export interface DesktopRecord {
  clipboard: string | null;
  openedFolders: string[];
  windowShown: number;
  quitRequested: boolean;
  /** The files the next "Open file…" returns (tests put them here; empty = cancelled). */
  nextOpenPaths: string[];
  /** Printers that are "off" (tests put names here): a job sent to one fails as an unplugged printer's does. */
  offlinePrinters: string[];
  /** The sign-in pages opened, and the "browser" that opens them (tests play the person there; none: refused). */
  signInPages: string[];
  browser: ((url: string) => Promise<void>) | null;
}

/**
 * A desktop without dialogs (the browser harness, tests): files go to the download folder from Settings, under the
 * suggested name, never overwriting an existing file; a print job becomes a PDF in `Printers/<printer>` there; the
 * clipboard, opened folders, window and quit requests are recorded for tests to read.
 */
export function downloadFolderDesktop(downloadFolder: () => string): Desktop & { clipboard(): string | null; record: DesktopRecord } {
  const record: DesktopRecord = { clipboard: null, openedFolders: [], windowShown: 0, quitRequested: false, nextOpenPaths: [], offlinePrinters: [], signInPages: [], browser: null };
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
      const folder = downloadFolder();
      await fsp.mkdir(folder, { recursive: true });
      return path.join(folder, await freeName(folder, request.defaultName));
    },
    listPrinters: () => Promise.resolve([...folderPrinters]),
    async openSignInPage(url) {
      record.signInPages.push(url);
      if (!record.browser) throw new AppError('invalid_input', msg('chart.noBrowser'));
      await record.browser(url);
    },
    async print(job) {
      if (!folderPrinters.some((printer) => printer.name === job.printer) || record.offlinePrinters.includes(job.printer)) {
        throw new AppError('file', msg('rules.thePrinterIsNot', { printer: job.printer }));
      }
      const folder = path.join(downloadFolder(), 'Printers', job.printer);
      await fsp.mkdir(folder, { recursive: true });
      const target = path.join(folder, await freeName(folder, `${job.name}.pdf`));
      await writeThroughPart(target, (out) => job.writePdf(out));
    },
  };
}
