/**
 * What a file is, decided by its content (never its name): PDF, DOCX, JPG, PNG or TIFF — the types the Fax
 * Service accepts — or null.
 */
import fs from 'node:fs/promises';
import type { StagedFileKind } from '../../preload/models';
import { zipEntries } from './zip-directory';

export const contentTypes: Readonly<Record<StagedFileKind, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
};

export const extensions: Readonly<Record<StagedFileKind, string>> = { pdf: 'pdf', docx: 'docx', jpg: 'jpg', png: 'png', tiff: 'tif' };

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function kindOf(bytes: Buffer): StagedFileKind | null {
  const head = bytes.subarray(0, 1024);
  if (head.includes('%PDF-')) return 'pdf';
  if (head.subarray(0, 8).equals(pngSignature)) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  const tiffMagic = head.subarray(0, 4).toString('latin1');
  if (tiffMagic === 'II*\0' || tiffMagic === 'MM\0*') return 'tiff';
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) {
    const names = zipEntries(bytes);
    if (names.has('word/document.xml') && names.has('[Content_Types].xml')) return 'docx';
  }
  return null;
}

export async function detectKind(filePath: string): Promise<StagedFileKind | null> {
  return kindOf(await fs.readFile(filePath));
}
