/**
 * How many pages a file will fax as: PDF pages (pdf.js, which reads damaged files the way viewers do), TIFF
 * image directories (each must hold an image), 1 per JPG/PNG, and for DOCX an estimate checked against its
 * content (docx-pages.ts). A PDF that needs a password, or that cannot be read at all, is refused: nobody could
 * check it before sending, nor read it after.
 */
import fs from 'node:fs/promises';
import type { StagedFileKind } from '../../preload/models';
import { AppError } from '../errors';
import { docxPages, maxDocumentXmlBytes } from './docx-pages';
import { tiffPages } from './tiff-pages';

export interface PageCount {
  pages: number;
  estimated: boolean;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

async function pdfPages(bytes: Buffer, label: string): Promise<number> {
  const { getDocument } = await loadPdfJs();
  // pdf.js may transfer the array it is given: hand it a copy.
  const data = new Uint8Array(bytes);
  const task = getDocument({ data, isEvalSupported: false, enableXfa: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 });
  try {
    const document = await task.promise;
    return document.numPages;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new AppError('file', `${label} is password-protected. Remove the password (print it to a new PDF) and add it again: the recipient could not open it.`);
    }
    throw new AppError('file', `${label} is a damaged PDF that cannot be read. Open it in a PDF viewer and save or print it as a new PDF.`);
  } finally {
    await task.destroy();
  }
}

export async function countPagesOf(kind: StagedFileKind, bytes: Buffer, label: string): Promise<PageCount> {
  switch (kind) {
    case 'jpg':
    case 'png':
      return { pages: 1, estimated: false };
    case 'tiff': {
      const tiff = tiffPages(bytes);
      if (!tiff.ok) {
        throw new AppError('file', tiff.page === null ? `${label} is a damaged TIFF image with no pages.` : `${label} is a damaged TIFF image: page ${tiff.page} holds no image.`);
      }
      return { pages: tiff.pages, estimated: false };
    }
    case 'docx': {
      const docx = await docxPages(bytes);
      if (!docx.ok) {
        throw new AppError(
          'file',
          docx.reason === 'too_large'
            ? `${label} is too large to check: its text expands to more than ${Math.round(maxDocumentXmlBytes / 1024 / 1024)} MB. Save it as a PDF and add that instead.`
            : `${label} is a damaged Word document whose text cannot be read. Open it in Word and save it again, or save it as a PDF.`,
        );
      }
      return { pages: docx.pages, estimated: true };
    }
    case 'pdf': {
      const pages = await pdfPages(bytes, label);
      if (pages < 1) throw new AppError('file', `${label} has no pages.`);
      return { pages, estimated: false };
    }
  }
}

export async function countPages(kind: StagedFileKind, filePath: string, label: string): Promise<PageCount> {
  return countPagesOf(kind, await fs.readFile(filePath), label);
}
