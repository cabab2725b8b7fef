/**
 * @cantoo/pdf-lib, loaded the first time a page tool, a fill, a stamp, a TIFF, a searchable copy, a blank-page
 * removal or a transmission report needs it. With its fflate, html-entities and culori it took ~40 ms of every
 * start of main (and of every process the SIGKILL tests start) that never touched a PDF's pages.
 */
import type * as PdfLibrary from '@cantoo/pdf-lib';

export type PdfLib = typeof PdfLibrary;

let loading: Promise<PdfLib> | null = null;

export function pdfLibrary(): Promise<PdfLib> {
  loading ??= import('@cantoo/pdf-lib');
  return loading;
}
