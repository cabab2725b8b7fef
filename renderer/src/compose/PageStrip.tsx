/**
 * Every page of a file about to be faxed, small and numbered, so a wrong or extra page is seen before sending
 * (the thumbnail shows page 1 only). A long file shows its first pages and a button for all of them.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n';
import type { PageSource } from './page-source';
import type { FilePages } from './use-page-source';

/** Pages shown before "All n pages": two rows on a narrow window. */
export const pagesShownFirst = 24;
const tile = { width: 30, height: 39 };
const largeTile = { width: 72, height: 93 };

/**
 * `always`: a one-page file shows its page too (where no thumbnail of page 1 stands beside the strip); `large`:
 * pages big enough to tell apart (what a dialog is about to fax).
 */
export function PageStrip({ pages, always = false, large = false }: { pages: FilePages; always?: boolean; large?: boolean }) {
  const box = large ? largeTile : tile;
  const [all, setAll] = useState(false);
  /** How many pages (from the first) of which source are drawn. */
  const [drawn, setDrawn] = useState<{ source: PageSource; count: number } | null>(null);
  const canvases = useRef<Array<HTMLCanvasElement | null>>([]);
  /** Which source each canvas shows: "All pages" draws only the pages not drawn yet. */
  const drawnFrom = useRef(new WeakMap<HTMLCanvasElement, PageSource>());
  const pageCount = pages.state === 'ready' ? pages.source.pageCount : 0;
  const shown = all ? pageCount : Math.min(pageCount, pagesShownFirst);

  useEffect(() => {
    if (pages.state !== 'ready') return;
    const { source } = pages;
    const run = { current: true };
    // Read through a call: the flag changes while this effect awaits.
    const stopped = () => !run.current;
    // One page after another: a long file never floods the PDF worker, and the first pages come first.
    void (async () => {
      for (let page = 1; page <= shown && !stopped(); page += 1) {
        const canvas = canvases.current[page - 1];
        if (canvas && drawnFrom.current.get(canvas) !== source) {
          // A page that cannot be drawn stays a blank tile with its number; the preview says why.
          await source.draw(page, canvas, box).catch(() => undefined);
          drawnFrom.current.set(canvas, source);
        }
        if (!stopped()) setDrawn({ source, count: page });
      }
    })();
    return () => {
      run.current = false;
    };
  }, [pages, shown, box]);

  if (pageCount < (always ? 1 : 2)) return null;
  const drawnCount = pages.state === 'ready' && drawn?.source === pages.source ? drawn.count : 0;
  return (
    <div className={large ? 'page-strip page-strip-large' : 'page-strip'} data-testid="page-strip">
      <ol className="page-strip-pages" aria-hidden="true">
        {Array.from({ length: shown }, (_, index) => (
          <li key={index} className="page-strip-page" data-testid="page-thumb" data-state={index < drawnCount ? 'done' : 'loading'}>
            <canvas
              ref={(element) => {
                canvases.current[index] = element;
              }}
            />
            <span>{index + 1}</span>
          </li>
        ))}
      </ol>
      {shown < pageCount ? (
        <button type="button" className="button button-small" onClick={() => setAll(true)}>{t('pageStrip.allPages', { pageCount })}</button>
      ) : null}
    </div>
  );
}
