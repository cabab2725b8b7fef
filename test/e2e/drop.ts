/** Drops files on the app window the way a user's drag & drop does: a DataTransfer with File objects. */
import fs from 'node:fs';
import type { Page } from 'playwright-core';

export interface DropFile {
  name: string;
  type: string;
  /** Real bytes (a corpus PDF), or a size to fill with zeros inside the page (big files). */
  bytes?: Buffer;
  size?: number;
}

export function corpusFile(name: string): DropFile {
  return { name, type: 'application/pdf', bytes: fs.readFileSync(`../shared/corpus/pdfs/${name}`) };
}

export async function dropFiles(page: Page, files: DropFile[]): Promise<void> {
  const payload = files.map((file) => ({ name: file.name, type: file.type, base64: file.bytes?.toString('base64') ?? null, size: file.size ?? 0 }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = item.base64 ? Uint8Array.from(atob(item.base64), (character) => character.charCodeAt(0)) : new Uint8Array(item.size);
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return transfer;
  }, payload);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer });
  await page.dispatchEvent('main', 'dragover', { dataTransfer });
  await page.dispatchEvent('main', 'drop', { dataTransfer });
}
