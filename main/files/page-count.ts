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
import { msg } from '../../preload/i18n/translator';

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
      throw new AppError('file', msg('pageCount.isPasswordProtectedRemove', { label }));
    }
    throw new AppError('file', msg('pageCount.isADamagedPdf', { label }));
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
        if (tiff.tooLarge && tiff.page !== null) throw new AppError('file', msg('pageCount.tiffPageTooLarge', { label, page: tiff.page }));
        throw new AppError('file', tiff.page === null ? msg('pageCount.damagedTiff', { label }) : msg('pageCount.damagedTiffPage', { label, page: tiff.page }));
      }
      return { pages: tiff.pages, estimated: false };
    }
    case 'docx': {
      const docx = await docxPages(bytes);
      if (!docx.ok) {
        throw new AppError(
          'file',
          docx.reason === 'too_large'
            ? msg('pageCount.docxTooLarge', { label, mb: Math.round(maxDocumentXmlBytes / 1024 / 1024) })
            : msg('pageCount.damagedDocx', { label }),
        );
      }
      return { pages: docx.pages, estimated: true };
    }
    case 'pdf': {
      const pages = await pdfPages(bytes, label);
      if (pages < 1) throw new AppError('file', msg('pageCount.hasNoPages', { label }));
      return { pages, estimated: false };
    }
  }
}

export async function countPages(kind: StagedFileKind, filePath: string, label: string): Promise<PageCount> {
  return countPagesOf(kind, await fs.readFile(filePath), label);
}
