/**
 * Silent printing in the Electron app (inbound rules): the fax's pages, drawn by the render worker, are laid out
 * one per sheet in a hidden window that has no preload and never navigates, and sent to the named printer.
 */
import { BrowserWindow } from 'electron';
import type { PrinterInfo } from '../../preload/automation';
import { msg } from '../../preload/i18n/translator';
import type { PrintJob } from '../desktop';
import { AppError } from '../errors';
import { allPages, printDocumentHtml } from '../office/rules/print-document';
import { createHardenedWindow } from './web-preferences';

/** A hidden window with no preload, made with the same settings as every window (web-preferences.ts). */
function hiddenWindow(): BrowserWindow {
  return createHardenedWindow({ show: false }, { devTools: false });
}

export async function listPrinters(): Promise<PrinterInfo[]> {
  const existing = BrowserWindow.getAllWindows()[0];
  const window = existing ?? hiddenWindow();
  try {
    const printers = await window.webContents.getPrintersAsync();
    return printers.map((printer) => ({ name: printer.name, label: printer.displayName || printer.name }));
  } finally {
    if (!existing) window.destroy();
  }
}

export async function printSilently(job: PrintJob): Promise<void> {
  if (!(await listPrinters()).some((printer) => printer.name === job.printer)) throw new AppError('file', msg('rules.thePrinterIsNot', { printer: job.printer }));
  const pages = await allPages((page) => job.pagePng(page));
  const window = hiddenWindow();
  try {
    await window.loadURL('about:blank');
    // Written into the blank page, not loaded as a URL: a data URL of many pages is longer than Chromium allows.
    await window.webContents.executeJavaScript(
      `document.open(); document.write(${JSON.stringify(printDocumentHtml(pages))}); document.close(); Promise.all([...document.images].map((image) => image.decode())).then(() => true)`,
    );
    await new Promise<void>((resolve, reject) => {
      window.webContents.print({ silent: true, deviceName: job.printer, printBackground: false, margins: { marginType: 'none' } }, (success, failureReason) => {
        if (success) resolve();
        else reject(new AppError('file', msg('rules.thePrinterSaid', { printer: job.printer, reason: failureReason })));
      });
    });
  } finally {
    window.destroy();
  }
}
