/**
 * The fax preview: page thumbnails, zoom, fit width / fit page, rotate, keyboard navigation. Only the pages in
 * (or near) view are rendered, so a 100-page fax opens as fast as a 1-page one; pages that leave the view give
 * their canvases back.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Icon } from '../components/Icon';
import { openFaxDocument } from '../data/fax-document';
import { openPdf, PdfOpenError } from './pdf-engine';
import { PageCanvas, type PageSize } from './PageCanvas';
import { PageThumb } from './PageThumb';
import { t } from '../i18n';
import type { FaxId } from '../../../preload/fax-id';
import type { TextPageHits } from '../../../preload/models';

type Fit = 'width' | 'page' | 'custom';

const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

function useVisible(root: HTMLElement | null, margin: string): [(node: Element | null, index: number) => void, Set<number>] {
  const [visible, setVisible] = useState<Set<number>>(() => new Set());
  const observer = useMemo(() => {
    if (!root) return null;
    return new IntersectionObserver(
      (entries) => {
        setVisible((current) => {
          const next = new Set(current);
          for (const entry of entries) {
            const index = Number((entry.target as HTMLElement).dataset.index);
            if (entry.isIntersecting) next.add(index);
            else next.delete(index);
          }
          return next;
        });
      },
      { root, rootMargin: margin },
    );
  }, [root, margin]);
  useEffect(() => () => observer?.disconnect(), [observer]);
  const observe = useCallback(
    (node: Element | null, index: number) => {
      if (!node || !observer) return;
      (node as HTMLElement).dataset.index = String(index);
      observer.observe(node);
    },
    [observer],
  );
  return [observe, visible];
}

/** What to show: a file's bytes (compose), or a fax's cached document, read by range as pages need it. */
export type PdfSource = { bytes: Uint8Array } | { faxId: FaxId };

/** `show`: a page the user asked to see (1-based; a new object each time, so the same page can be asked again). */
export function PdfViewer({ source, label, onError, highlights, show }: { source: PdfSource; label: string; onError?: (message: string) => void; highlights?: readonly TextPageHits[] | undefined; show?: { page: number } | null | undefined }) {
  // The document shown belongs to one source: a new source shows "loading" until its own result arrives.
  const sourceKey: Uint8Array | FaxId = 'bytes' in source ? source.bytes : source.faxId;
  const [opened, setOpened] = useState<{ source: Uint8Array | FaxId; document: PDFDocumentProxy; size: PageSize } | { source: Uint8Array | FaxId; failure: string } | null>(null);
  const current_ = opened?.source === sourceKey ? opened : null;
  const document = current_ && 'document' in current_ ? current_.document : null;
  const failure = current_ && 'failure' in current_ ? current_.failure : null;
  const size = current_ && 'size' in current_ ? current_.size : { width: 612, height: 792 };
  const [fit, setFit] = useState<Fit>('width');
  const [customScale, setCustomScale] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [current, setCurrent] = useState(0);
  const [pagesEl, setPagesEl] = useState<HTMLDivElement | null>(null);
  const [thumbsEl, setThumbsEl] = useState<HTMLElement | null>(null);
  const [viewport, setViewport] = useState({ width: 800, height: 600 });
  const pageNodes = useRef<Array<HTMLDivElement | null>>([]);

  useEffect(() => {
    const run = { cancelled: false, document: null as PDFDocumentProxy | null };
    // Read through a call: the flag changes while this effect awaits.
    const stopped = () => run.cancelled;
    const opening = typeof sourceKey === 'string' ? openFaxDocument(sourceKey) : openPdf(sourceKey);
    opening.then(
      async (pdf) => {
        run.document = pdf;
        if (stopped()) return void pdf.destroy();
        const first = await pdf.getPage(1);
        const base = first.getViewport({ scale: 1, rotation: first.rotate });
        if (!stopped()) setOpened({ source: sourceKey, document: pdf, size: { width: base.width, height: base.height } });
      },
      (error: unknown) => {
        const message = error instanceof PdfOpenError ? error.message : t('pdfEngine.thisPdfCouldNot');
        if (!stopped()) setOpened({ source: sourceKey, failure: message });
        onError?.(message);
      },
    );
    return () => {
      run.cancelled = true;
      void run.document?.destroy();
    };
  }, [sourceKey, onError]);

  useEffect(() => {
    if (!pagesEl) return;
    const resize = new ResizeObserver(() => setViewport({ width: pagesEl.clientWidth, height: pagesEl.clientHeight }));
    resize.observe(pagesEl);
    return () => resize.disconnect();
  }, [pagesEl]);

  const swapped = rotation % 180 !== 0;
  const pageWidth = swapped ? size.height : size.width;
  const pageHeight = swapped ? size.width : size.height;
  const scale = fit === 'width' ? Math.max(0.2, (viewport.width - 48) / pageWidth) : fit === 'page' ? Math.max(0.2, Math.min((viewport.width - 48) / pageWidth, (viewport.height - 32) / pageHeight)) : customScale;

  const [observePage, visiblePages] = useVisible(pagesEl, '400px 0px');
  const [observeThumb, visibleThumbs] = useVisible(thumbsEl, '200px 0px');
  const pageCount = document?.numPages ?? 0;
  // The page the user looks at is drawn first; thumbnails and neighbouring pages wait for it (they would share
  // pdf.js's worker with it and delay it).
  const [firstDrawnOf, setFirstDrawnOf] = useState<PDFDocumentProxy | null>(null);
  const firstDrawn = document !== null && firstDrawnOf === document;
  // A page to show once the layout has settled (the search's first match): scrolled to now, and again when a page
  // is drawn (the fit-to-width scale is known only after the first layout). Only the pages scroll, not the detail.
  const pendingJump = useRef<number | null>(null);
  const scrollToPage = useCallback(
    (target: number) => {
      const node = pageNodes.current[target];
      if (node && pagesEl) pagesEl.scrollTo({ top: pagesEl.scrollTop + node.getBoundingClientRect().top - pagesEl.getBoundingClientRect().top });
    },
    [pagesEl],
  );
  const onCurrentDrawn = useCallback(() => {
    setFirstDrawnOf(document);
    if (pendingJump.current !== null) scrollToPage(pendingJump.current);
  }, [document, scrollToPage]);

  // The current page follows the scroll: the page under the upper third of the view (the last one at the bottom).
  useEffect(() => {
    if (!pagesEl || pageCount === 0) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (pagesEl.scrollTop + pagesEl.clientHeight >= pagesEl.scrollHeight - 2) {
          setCurrent(pageCount - 1);
          return;
        }
        const probe = pagesEl.scrollTop + pagesEl.clientHeight * 0.3;
        let index = 0;
        for (let candidate = 0; candidate < pageCount; candidate += 1) {
          const node = pageNodes.current[candidate];
          if (node && node.offsetTop - pagesEl.offsetTop <= probe) index = candidate;
          else if (node) break;
        }
        setCurrent(index);
      });
    };
    pagesEl.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      pagesEl.removeEventListener('scroll', onScroll);
    };
  }, [pagesEl, pageCount]);

  // Keep the current page's thumbnail in sight.
  useEffect(() => {
    // Within the thumbnails only: the detail around the preview keeps its own scroll position.
    const thumb = thumbsEl?.querySelector<HTMLElement>(`[data-index="${current}"]`);
    if (!thumbsEl || !thumb) return;
    const within = thumb.getBoundingClientRect();
    const frame = thumbsEl.getBoundingClientRect();
    if (within.top < frame.top) thumbsEl.scrollBy({ top: within.top - frame.top });
    else if (within.bottom > frame.bottom) thumbsEl.scrollBy({ top: within.bottom - frame.bottom });
  }, [current, thumbsEl]);

  const goTo = useCallback(
    (index: number) => {
      if (pageCount === 0) return;
      const target = Math.max(0, Math.min(pageCount - 1, index));
      setCurrent(target);
      pageNodes.current[target]?.scrollIntoView({ block: 'start' });
    },
    [pageCount],
  );

  const boxesOf = useMemo(() => new Map((highlights ?? []).map((hits) => [hits.page - 1, hits.boxes])), [highlights]);
  // A search's first match is shown at once (the page it is on).
  const firstHit = highlights?.[0]?.page;
  useEffect(() => {
    if (firstHit === undefined || !document) return;
    const target = Math.max(0, Math.min(document.numPages - 1, firstHit - 1));
    pendingJump.current = target;
    const frame = requestAnimationFrame(() => {
      setCurrent(target);
      scrollToPage(target);
    });
    // Once the page itself has been drawn where it belongs, the user scrolls freely again.
    const settle = setTimeout(() => {
      pendingJump.current = null;
    }, 3000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      pendingJump.current = null;
    };
  }, [firstHit, document, scrollToPage]);

  // Asked for by the user: the page is brought into view, the detail around it scrolling as needed.
  useEffect(() => {
    if (!show || !document) return;
    const frame = requestAnimationFrame(() => goTo(show.page - 1));
    return () => cancelAnimationFrame(frame);
  }, [show, document, goTo]);

  const zoom = (direction: 1 | -1) => {
    const next = direction > 0 ? zoomSteps.find((step) => step > scale + 0.01) : [...zoomSteps].reverse().find((step) => step < scale - 0.01);
    setFit('custom');
    setCustomScale(next ?? scale);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      PageDown: () => goTo(current + 1),
      ArrowRight: () => goTo(current + 1),
      j: () => goTo(current + 1),
      PageUp: () => goTo(current - 1),
      ArrowLeft: () => goTo(current - 1),
      k: () => goTo(current - 1),
      Home: () => goTo(0),
      End: () => goTo(pageCount - 1),
      '+': () => zoom(1),
      '=': () => zoom(1),
      '-': () => zoom(-1),
      r: () => setRotation((value) => (value + 90) % 360),
    };
    const action = actions[event.key];
    if (action && !(event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      action();
    }
  };

  if (failure) {
    return (
      <div className="notice notice-error" role="alert">
        <span className="notice-title">{t('pdfViewer.thePreviewCannotBe')}</span>
        <p>{failure}</p>
      </div>
    );
  }

  return (
    <section className="pdf-viewer" aria-label={t('pdfViewer.previewOf', { label })} onKeyDown={onKeyDown}>
      <div className="pdf-toolbar" role="toolbar" aria-label={t('pdfViewer.previewControls')}>
        <button type="button" className="icon-button" onClick={() => goTo(current - 1)} disabled={current === 0} aria-label={t('preflight.previousPage')}>
          <Icon name="up" />
        </button>
        <button type="button" className="icon-button" onClick={() => goTo(current + 1)} disabled={current >= pageCount - 1} aria-label={t('preflight.nextPage')}>
          <Icon name="down" />
        </button>
        <label className="row row-small-gap">
          <span className="visually-hidden">{t('pdfViewer.pageNumber')}</span>
          <input
            className="input page-input"
            inputMode="numeric"
            value={pageCount ? current + 1 : ''}
            onChange={(event) => {
              const value = Number(event.target.value);
              if (Number.isInteger(value) && value > 0) goTo(value - 1);
            }}
            aria-label={t('pdfViewer.pageNumber')}
          />
          <span className="field-hint" data-testid="page-count">{t('pdfViewer.of', { count: pageCount || '…' })}
          </span>
        </label>
        <span className="nav-spacer" />
        <button type="button" className="icon-button" onClick={() => zoom(-1)} aria-label={t('pdfViewer.zoomOut')}>
          <Icon name="zoomOut" />
        </button>
        <span className="field-hint" aria-live="polite" data-testid="zoom-level">
          {Math.round(scale * 100)}%
        </span>
        <button type="button" className="icon-button" onClick={() => zoom(1)} aria-label={t('pdfViewer.zoomIn')}>
          <Icon name="zoomIn" />
        </button>
        <button type="button" className="icon-button" aria-pressed={fit === 'width'} onClick={() => setFit('width')} aria-label={t('pdfViewer.fitWidth')}>
          <Icon name="fitWidth" />
        </button>
        <button type="button" className="icon-button" aria-pressed={fit === 'page'} onClick={() => setFit('page')} aria-label={t('pdfViewer.fitPage')}>
          <Icon name="fitPage" />
        </button>
        <button type="button" className="icon-button" onClick={() => setRotation((value) => (value + 90) % 360)} aria-label={t('pdfViewer.rotate')}>
          <Icon name="rotate" />
        </button>
      </div>
      <nav className="pdf-thumbs" ref={setThumbsEl} aria-label={t('pdfViewer.pages')}>
        {document
          ? Array.from({ length: pageCount }, (_, index) => (
              <PageThumb
                key={index}
                document={document}
                index={index}
                current={index === current}
                scale={96 / pageWidth}
                rotation={rotation}
                size={size}
                render={firstDrawn && visibleThumbs.has(index)}
                observe={observeThumb}
                onPick={goTo}
              />
            ))
          : null}
      </nav>
      <div className="pdf-pages" ref={setPagesEl} tabIndex={0} role="region" aria-label={t('pdfViewer.pageOf', { label, value: current + 1, pageCount })} data-testid="pdf-pages">
        {document ? (
          Array.from({ length: pageCount }, (_, index) => (
            <div
              key={index}
              ref={(node) => {
                pageNodes.current[index] = node;
                observePage(node, index);
              }}
            >
              <PageCanvas
                document={document}
                index={index}
                scale={scale}
                rotation={rotation}
                size={size}
                render={visiblePages.has(index) && (index === current || firstDrawn)}
                boxes={boxesOf.get(index)}
                {...(index === current ? { onDrawn: onCurrentDrawn } : {})}
              />
            </div>
          ))
        ) : (
          <div className="skeleton page-skeleton" role="status" aria-label={t('pdfViewer.loadingTheDocument')} />
        )}
      </div>
    </section>
  );
}
