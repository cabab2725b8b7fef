/** The fill & sign page: the page drawn into the canvas at a fixed width (its height follows), and the stamp as an image URL. */
import { useEffect, useMemo, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { StampImage } from '../../../preload/models';
import { stampMimeType } from '../data/fill-sign';
import { renderPage } from '../pdf/pdf-engine';

/** Draws the page `pageWidthPx` wide as shown (its own turn applied); returns its height in pixels. */
export function useDrawnPage(pdf: PDFDocumentProxy | null, pageNumber: number, canvas: HTMLCanvasElement | null, pageWidthPx: number): number {
  const [pageHeightPx, setPageHeightPx] = useState(pageWidthPx * (11 / 8.5));
  useEffect(() => {
    if (!pdf || !canvas) return;
    let task: { cancel(): void } | null = null;
    let cancelled = false;
    void pdf.getPage(pageNumber).then((page) => {
      if (cancelled) return;
      const viewport = page.getViewport({ scale: 1, rotation: page.rotate });
      const scale = pageWidthPx / viewport.width;
      setPageHeightPx(viewport.height * scale);
      const rendered = renderPage(page, canvas, scale, 0);
      task = rendered.task;
      rendered.done.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, canvas, pageWidthPx]);
  return pageHeightPx;
}

/** The stamp image as a URL the page can show (revoked when the stamp changes or the dialog closes). */
export function useStampUrl(stamp: StampImage | null): string | null {
  const url = useMemo(() => (stamp ? URL.createObjectURL(new Blob([stamp.bytes.slice()], { type: stampMimeType(stamp.bytes) })) : null), [stamp]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
