/**
 * Print to fax on macOS: an entry "Send to Fax Desktop (<folder>)" in the PDF menu of every Print dialog (PDF
 * Services: an executable in ~/Library/PDF Services). macOS runs it with the document's title, the print options and
 * the path of the PDF it made — which it deletes when the entry returns — so the entry copies the PDF into its hot
 * folder first: as a hidden part file the folder ignores, renamed when whole, under a name no other print has (the
 * time, the entry's process id). The hot folder then faxes it as set. Adding or removing needs no permission (the
 * folder is the user's own); only entries carrying this app's marker are ever listed or removed.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Automation, FaxPrinter, FaxPrinterState } from '../../preload/automation';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import type { Logger } from '../log/logger';

const marker = '# fax-desktop-hot-folder:';
const entryPrefix = 'Send to Fax Desktop';

export interface PdfServicesDeps {
  /** The user's home folder (the entries go to <home>/Library/PDF Services). */
  homeDir: string;
  automation: () => Automation;
  log: Logger;
}

export const pdfServicesFolder = (homeDir: string): string => path.join(homeDir, 'Library', 'PDF Services');

/** A shell word holding `text` as it is (single quotes; a quote inside ends, escapes and reopens them). */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The menu entry's name, from the hot folder's: "Send to Fax Desktop (Referrals)". */
export function entryNameFor(folder: string, taken: ReadonlySet<string>): string {
  const base = path.basename(folder).replace(/[/:]/g, '-').trim().slice(0, 60);
  const stem = base ? `${entryPrefix} (${base})` : entryPrefix;
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? stem : `${stem} ${String(n)}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

export function entryScript(hotFolderId: string, folder: string): string {
  return [
    '#!/bin/sh',
    `${marker} ${hotFolderId}`,
    '# Made by Fax Desktop (Settings → Hot folders). macOS passes the title, the options and the PDF, and deletes the',
    '# PDF when this returns: it is copied into the hot folder as a hidden part file, then renamed when whole.',
    'set -eu',
    `folder=${shellQuote(folder)}`,
    'name="print-$(date +%Y%m%d-%H%M%S)-$$"',
    'cp "$3" "$folder/.$name.pdf.part"',
    'mv "$folder/.$name.pdf.part" "$folder/$name.pdf"',
    '',
  ].join('\n');
}

interface Entry {
  name: string;
  hotFolderId: string;
  folder: string;
}

async function readEntries(dir: string): Promise<Entry[]> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return [];
  }
  const entries: Entry[] = [];
  for (const name of names) {
    if (name.endsWith('.part')) continue;
    const text = await fsp.readFile(path.join(dir, name), 'utf8').catch(() => '');
    const id = text.split('\n').find((line) => line.startsWith(marker))?.slice(marker.length).trim();
    const folderLine = text.split('\n').find((line) => line.startsWith('folder='));
    if (!id || !folderLine) continue;
    // The folder as written: one single-quoted word (see shellQuote).
    const folder = folderLine.slice('folder='.length).replace(/^'|'$/g, '').replaceAll(`'\\''`, "'");
    entries.push({ name, hotFolderId: id, folder });
  }
  return entries;
}

export interface PdfServicePrinters {
  state(): Promise<FaxPrinterState>;
  add(hotFolderId: string): Promise<FaxPrinterState>;
  remove(hotFolderId: string): Promise<FaxPrinterState>;
}

export function createPdfServicePrinters(deps: PdfServicesDeps): PdfServicePrinters {
  const dir = pdfServicesFolder(deps.homeDir);
  const log = deps.log.child('pdf-services');
  const folderOf = (hotFolderId: string): string | null => deps.automation().hotFolders.find((folder) => folder.id === hotFolderId)?.path ?? null;

  async function state(): Promise<FaxPrinterState> {
    const printers: FaxPrinter[] = (await readEntries(dir)).map((entry) => ({ hotFolderId: entry.hotFolderId, queue: entry.name, folderMatches: folderOf(entry.hotFolderId) === entry.folder }));
    return { supported: true, kind: 'pdfServices', problem: null, printers };
  }

  async function remove(hotFolderId: string): Promise<FaxPrinterState> {
    for (const entry of await readEntries(dir)) {
      if (entry.hotFolderId === hotFolderId) await fsp.rm(path.join(dir, entry.name), { force: true });
    }
    log.info('pdf_services.removed');
    return state();
  }

  return {
    state,
    async add(hotFolderId) {
      const folder = folderOf(hotFolderId);
      if (folder === null) throw new AppError('not_found', msg('faxPrinters.saveTheHotFolder'), { code: 'pdf_service_folder' });
      await remove(hotFolderId);
      const taken = new Set((await readEntries(dir)).map((entry) => entry.name.toLowerCase()));
      await fsp.mkdir(dir, { recursive: true });
      const file = path.join(dir, entryNameFor(folder, taken));
      // Written whole before it appears in the menu (macOS lists what is in the folder).
      await fsp.writeFile(`${file}.part`, entryScript(hotFolderId, folder), { mode: 0o755 });
      await fsp.rename(`${file}.part`, file);
      log.info('pdf_services.added');
      return state();
    },
    remove,
  };
}
