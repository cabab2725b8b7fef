/**
 * Pre-flight: each page of a staged file as the recipient's machine will print it (204 × 196 dpi, black and
 * white), with flags — blank, very dark, photo-like — measured by the render worker, and blank pages removed from
 * a PDF on request (a new staged PDF; the user's own file is never touched). Flags inform, they never block.
 */
import type { PDFDocument } from '@cantoo/pdf-lib';
import { pdfLibrary } from '../pages/pdf-library';
import type { PreflightPage, PreflightPages, StagedFile } from '../../preload/models';
import { AppError } from '../errors';
import type { Staging } from '../compose/staging';
import { flagsOf } from '../pages/fax-raster';
import type { PageRenderer } from '../pages/page-renderer';
import type { RenderableKind, RenderSource } from '../pages/render-protocol';
import { msg } from '../../preload/i18n/translator';

export interface PreflightService {
  /** Measures and flags pages `from`… (at most `count` of them). */
  pages(fileId: string, from: number, count: number): Promise<PreflightPages>;
  /** One page as the recipient's machine prints it, as PNG. */
  pageImage(fileId: string, page: number): Promise<{ png: Uint8Array; width: number; height: number; pageCount: number }>;
  /** A new staged PDF without these pages, each checked to be blank first. */
  removeBlankPages(fileId: string, pages: readonly number[]): Promise<StagedFile>;
}

export function createPreflightService(deps: { staging: Staging; pages: PageRenderer; fileKey: Buffer }): PreflightService {
  const { staging } = deps;

  /** The staged file as the worker reads it: sealed, by path (a staged copy never changes, so its id is its cache key). */
  async function renderable(fileId: string): Promise<{ kind: RenderableKind; file: StagedFile; source: RenderSource }> {
    const file = await staging.get(fileId);
    if (file.kind === 'docx') throw new AppError('file', msg('preflightService.theFaxServiceConverts'));
    return { kind: file.kind, file, source: { sealedPath: staging.sealedPath(fileId), fileKey: deps.fileKey, cacheKey: fileId } };
  }

  async function measured(fileId: string, from: number, count: number): Promise<PreflightPages> {
    const { kind, source } = await renderable(fileId);
    const result = await deps.pages.measurePages(kind, source, from, from + count - 1);
    return {
      pageCount: result.pageCount,
      pages: result.pages.map((page): PreflightPage => ({ ...page, landscape: page.width > page.height, flags: flagsOf(page) })),
    };
  }

  return {
    pages: measured,

    async pageImage(fileId, page) {
      const { kind, source } = await renderable(fileId);
      return deps.pages.renderPagePng(kind, source, page);
    },

    async removeBlankPages(fileId, pages) {
      const { kind, file } = await renderable(fileId);
      if (kind !== 'pdf') throw new AppError('file', msg('preflightService.blankPagesCanBe'));
      const wanted = [...new Set(pages)].sort((a, b) => a - b);
      if (wanted.length === 0) throw new AppError('invalid_input', msg('preflightService.chooseTheBlankPages'));
      // Only pages that really are blank go: the renderer's list is checked again here.
      for (const page of wanted) {
        const check = await measured(fileId, page, 1);
        if (page > check.pageCount || !check.pages[0]?.flags.includes('blank')) throw new AppError('invalid_input', msg('preflightService.pageIsNotBlank', { page }));
      }
      const { PDFDocument: Pdf } = await pdfLibrary();
      let document: PDFDocument;
      try {
        document = await Pdf.load(await staging.read(fileId), { updateMetadata: false });
      } catch {
        throw new AppError('file', msg('preflightService.thisPdfCannotBe'));
      }
      if (wanted.length >= document.getPageCount()) throw new AppError('invalid_input', msg('preflightService.everyPageOfThis'));
      for (const page of [...wanted].reverse()) document.removePage(page - 1);
      const saved = await document.save();
      const stem = file.name.replace(/\.pdf$/i, '');
      return staging.stageBytes(saved, { name: `${stem} (blank pages removed).pdf`, kind: 'pdf', pages: document.getPageCount(), pagesEstimated: false });
    },
  };
}
