/** One page of a PDF drawn on a canvas while `render` is on, a placeholder until then (or when it cannot be drawn). */
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { renderPage, type RenderedPage } from './pdf-engine';
import { Icon } from '../components/Icon';
import { t } from '../i18n';
import type { TextPageHits } from '../../../preload/models';

type Box = TextPageHits['boxes'][number];

/** A box in shares of the page as it is turned by the page itself, turned further by the viewer's rotation (clockwise). */
export function turnBox([left, top, right, bottom]: Box, rotation: number): Box {
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return [1 - bottom, left, 1 - top, right];
    case 180:
      return [1 - right, 1 - bottom, 1 - left, 1 - top];
    case 270:
      return [top, 1 - right, bottom, 1 - left];
    default:
      return [left, top, right, bottom];
  }
}

export interface PageSize {
  width: number;
  height: number;
}

export function PageCanvas({
  document,
  index,
  scale,
  rotation,
  size,
  render,
  onDrawn,
  boxes,
  quiet = false,
}: {
  /** Only pages are asked of the document. */
  document: Pick<PDFDocumentProxy, 'getPage'>;
  index: number;
  scale: number;
  rotation: number;
  size: PageSize;
  render: boolean;
  onDrawn?: () => void;
  /** Words a search matched on this page (shares of the page). */
  boxes?: readonly Box[] | undefined;
  /**
   * A thumbnail: its button is named "Page 3" and shows the number, so the placeholder has no words of its own (they
   * would be visible words missing from the name) — a page that cannot be drawn shows a warning sign instead.
   */
  quiet?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  useEffect(() => {
    if (!render || !canvas.current) return;
    let rendered: RenderedPage | null = null;
    let cancelled = false;
    const target = canvas.current;
    void document.getPage(index + 1).then(
      (page: PDFPageProxy) => {
        if (cancelled) return;
        rendered = renderPage(page, target, scale, rotation);
        rendered.done.then(
          () => {
            if (cancelled) return;
            setState('done');
            onDrawn?.();
          },
          () => !cancelled && setState('failed'),
        );
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
      rendered?.task.cancel();
      // Give the canvas memory back when the page leaves the view.
      target.width = 0;
      target.height = 0;
      setState('idle');
    };
  }, [document, index, scale, rotation, render, onDrawn]);
  const swapped = rotation % 180 !== 0;
  const width = Math.floor((swapped ? size.height : size.width) * scale);
  const height = Math.floor((swapped ? size.width : size.height) * scale);
  return (
    <div className="pdf-page" style={{ width, height }} data-rendered={state === 'done' ? 'true' : 'false'}>
      <canvas ref={canvas} aria-hidden="true" />
      {state === 'done' && boxes
        ? boxes.map((box, at) => {
            const [left, top, right, bottom] = turnBox(box, rotation);
            return <div key={at} className="text-highlight" data-testid="text-highlight" style={{ left: `${String(left * 100)}%`, top: `${String(top * 100)}%`, width: `${String((right - left) * 100)}%`, height: `${String((bottom - top) * 100)}%` }} />;
          })
        : null}
      {state !== 'done' && quiet ? (
        <div className="page-placeholder" aria-hidden="true">
          {state === 'failed' ? <Icon name="warning" /> : null}
        </div>
      ) : null}
      {state !== 'done' && !quiet ? <div className="page-placeholder">{state === 'failed' ? t('pdfViewer.thisPageCouldNot') : t('pdfViewer.page', { page: index + 1 })}</div> : null}
    </div>
  );
}
