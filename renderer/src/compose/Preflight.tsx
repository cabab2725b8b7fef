/**
 * Pre-flight in compose: per file, what the check found (and "Remove blank pages" for a PDF); a badge on the
 * thumbnail; the summary of flagged pages and mixed orientation; and the pages as the recipient's machine prints
 * them, page by page, for every kind of file.
 */
import { useEffect, useState } from 'react';
import type { PageFlag } from '../../../preload/models';
import { ErrorNotice } from '../components/ErrorNotice';
import type { ComposeFile, ComposeState } from '../data/compose';
import type { IpcError } from '../data/ipc';
import { blankPagesOf, faxPageImage, flagWords, preflightStore, removeBlankPages, summarise } from '../data/preflight';
import { useStore } from '../data/store';

function pagesList(pages: number[]): string {
  return `${pages.length === 1 ? 'page' : 'pages'} ${pages.join(', ')}`;
}

export function PreflightLine({ file }: { file: ComposeFile }) {
  const found = useStore(preflightStore)[file.id];
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  if (!found) return null;
  if (found.state === 'not_applicable') return <div className="field-hint">The Fax Service converts Word documents: about {found.pageCount} pages, not shown before sending.</div>;
  if (found.state === 'error') return <div className="field-hint">Pre-flight could not check this file: {found.error}</div>;
  if (found.state === 'checking') {
    return (
      <div className="field-hint" role="status">
        Checking pages as faxed… {found.pages.length}
        {found.pageCount ? ` of ${found.pageCount}` : ''}
      </div>
    );
  }
  const byFlag = (flag: PageFlag) => found.pages.filter((page) => page.flags.includes(flag)).map((page) => page.page);
  const findings = (['blank', 'dark', 'photo'] as const).map((flag) => ({ flag, pages: byFlag(flag) })).filter((item) => item.pages.length > 0);
  const blanks = blankPagesOf(found);
  return (
    <div className="preflight-line" data-testid="preflight-line">
      {findings.length === 0 ? (
        <span className="field-hint">Every page prints clearly at fax resolution.</span>
      ) : (
        findings.map(({ flag, pages }) => (
          <span key={flag} className={`chip ${flag === 'blank' ? 'chip-warning' : 'chip-danger'}`} title={flagWords[flag].why}>
            {flagWords[flag].label}: {pagesList(pages)}
          </span>
        ))
      )}
      {file.kind === 'pdf' && blanks.length > 0 && blanks.length < (found.pageCount ?? 0) ? (
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void removeBlankPages(file).then((refused) => {
              setBusy(false);
              setError(refused);
            });
          }}
        >
          Remove blank {blanks.length === 1 ? 'page' : 'pages'}
        </button>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}

export function ThumbnailFlag({ file }: { file: ComposeFile }) {
  const found = useStore(preflightStore)[file.id];
  const flagged = found?.pages.filter((page) => page.flags.length > 0) ?? [];
  if (flagged.length === 0) return null;
  const first = flagged[0]?.flags[0] ?? 'blank';
  return (
    <span className={`thumb-flag thumb-flag-${first}`} aria-hidden="true">
      {flagWords[first].label}
      {flagged.length > 1 ? ` +${String(flagged.length - 1)}` : ''}
    </span>
  );
}

export function PreflightSummary({ state }: { state: ComposeState }) {
  const summary = summarise(state, useStore(preflightStore));
  if (state.files.length === 0) return null;
  return (
    <div className="preflight-summary" data-testid="preflight-summary">
      <div className="summary-line">
        <span>Pre-flight</span>
        <span>{summary.checking ? 'checking…' : summary.flagged.length === 0 && !summary.mixedOrientation ? 'all clear' : `${String(summary.flagged.length + (summary.mixedOrientation ? 1 : 0))} to look at`}</span>
      </div>
      {summary.flagged.length > 0 || summary.mixedOrientation ? (
        <ul className="preflight-findings">
          {summary.flagged.slice(0, 8).map((item) => (
            <li key={`${item.file.id}-${String(item.page)}`}>
              {item.file.name}, page {item.page}: {item.flags.map((flag) => `${flagWords[flag].label.toLowerCase()} (${flagWords[flag].why})`).join('; ')}
            </li>
          ))}
          {summary.flagged.length > 8 ? <li>…and {summary.flagged.length - 8} more pages</li> : null}
          {summary.mixedOrientation ? (
            <li>
              Mixed orientation: {summary.mixedOrientation.landscape} landscape and {summary.mixedOrientation.portrait} portrait pages; the recipient gets them as they are.
            </li>
          ) : null}
        </ul>
      ) : null}
      <span className="field-hint">Pre-flight never stops a fax: it shows what the recipient will get.</span>
    </div>
  );
}

/** The pages as the recipient's machine prints them, one at a time, with their flags. */
export function FaxView({ file }: { file: ComposeFile }) {
  const [page, setPage] = useState(1);
  const key = `${file.id}:${String(page)}`;
  const [loaded, setLoaded] = useState<{ key: string; result: { url: string; pageCount: number } | { error: IpcError } } | null>(null);
  // What shows belongs to the page asked for; another page shows a placeholder until its image arrives.
  const shown = loaded?.key === key ? loaded.result : null;
  const found = useStore(preflightStore)[file.id];
  const flags = found?.pages.find((item) => item.page === page)?.flags ?? [];
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    void faxPageImage(file.id, page).then((result) => {
      if (!current) {
        if ('url' in result) URL.revokeObjectURL(result.url);
        return;
      }
      if ('url' in result) url = result.url;
      setLoaded({ key: `${file.id}:${String(page)}`, result });
    });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.id, page]);
  const pageCount = shown && 'pageCount' in shown ? shown.pageCount : (found?.pageCount ?? file.pages);
  return (
    <div className="fax-view" data-testid="fax-view">
      <div className="row">
        <button type="button" className="button button-small" disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>
          Previous page
        </button>
        <span role="status" data-testid="fax-view-page">
          Page {page} of {pageCount}
        </span>
        <button type="button" className="button button-small" disabled={page >= pageCount} onClick={() => setPage((value) => value + 1)}>
          Next page
        </button>
        {flags.map((flag) => (
          <span key={flag} className={`chip ${flag === 'blank' ? 'chip-warning' : 'chip-danger'}`}>
            {flagWords[flag].label}: {flagWords[flag].why}
          </span>
        ))}
      </div>
      {shown && 'error' in shown ? <ErrorNotice error={shown.error} /> : null}
      {shown && 'url' in shown ? <img className="fax-view-page" src={shown.url} alt={`Page ${String(page)} as faxed`} /> : null}
      {shown === null ? <div className="skeleton preview-skeleton" /> : null}
    </div>
  );
}
