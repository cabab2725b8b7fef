/**
 * Pre-flight in compose: per file, what the check found (and "Remove blank pages" for a PDF); a badge on the
 * thumbnail; the summary of flagged pages and mixed orientation; and the pages as the recipient's machine prints
 * them, page by page, for every kind of file.
 */
import { useEffect, useState } from 'react';
import type { PageFlag } from '../../../preload/models';
import { ErrorNotice } from '../components/ErrorNotice';
import { ConfirmDialog } from '../components/ConfirmDialog';
import type { ComposeFile, ComposeState } from '../data/compose';
import type { IpcError } from '../data/ipc';
import { blankPagesOf, faxPageImage, flagWords, preflightStore, removeBlankPages, summarise } from '../data/preflight';
import { useStore } from '../data/store';
import { t } from '../i18n';

function pagesList(pages: number[]): string {
  return t('preflight.pagesList', { count: pages.length, pages: pages.join(', ') });
}

/** One page as the recipient's machine prints it, small, for the removal's confirmation. */
function FaxPageThumbnail({ fileId, page }: { fileId: string; page: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<IpcError | null>(null);
  useEffect(() => {
    let current = true;
    let made: string | null = null;
    void faxPageImage(fileId, page).then((result) => {
      if ('url' in result) made = result.url;
      if (!current) {
        if (made) URL.revokeObjectURL(made);
        return;
      }
      if ('url' in result) setUrl(result.url);
      else setFailed(result.error);
    });
    return () => {
      current = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [fileId, page]);
  return (
    <figure className="removal-page" data-testid="removal-page">
      {url ? <img src={url} alt={t('preflight.pageThumbnail', { page })} /> : failed ? <ErrorNotice error={failed} /> : <div className="skeleton removal-skeleton" />}
      <figcaption>{t('preflight.pageNumber', { page })}</figcaption>
    </figure>
  );
}

export function PreflightLine({ file }: { file: ComposeFile }) {
  const found = useStore(preflightStore)[file.id];
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  // The pages the user is asked about: fixed when asked, so a late change cannot add one unseen.
  const [asking, setAsking] = useState<number[] | null>(null);
  if (!found) return null;
  if (found.state === 'not_applicable') return <div className="field-hint">{found.pageCount === null ? t('preflight.wordNotShown') : t('preflight.theFaxServiceConverts', { pageCount: found.pageCount })}</div>;
  if (found.state === 'error') return <div className="field-hint">{t('preflight.preFlightCouldNot', { error: found.error ?? '' })}</div>;
  if (found.state === 'checking') {
    return (
      <div className="field-hint" role="status">{found.pageCount ? t('preflight.checkingPagesOf', { checked: found.pages.length, total: found.pageCount }) : found.pages.length === 0 ? t('preflight.checkingPagesStart') : t('preflight.checkingPagesAsFaxed', { checked: found.pages.length })}
      </div>
    );
  }
  const byFlag = (flag: PageFlag) => found.pages.filter((page) => page.flags.includes(flag)).map((page) => page.page);
  const findings = (['blank', 'faint', 'dark', 'photo'] as const).map((flag) => ({ flag, pages: byFlag(flag) })).filter((item) => item.pages.length > 0);
  const blanks = blankPagesOf(found);
  return (
    <div className="preflight-line" data-testid="preflight-line">
      {findings.length === 0 ? (
        <span className="field-hint">{t('preflight.everyPagePrintsClearly')}</span>
      ) : (
        findings.map(({ flag, pages }) => (
          <span key={flag} className={`chip ${flag === 'blank' ? 'chip-warning' : 'chip-danger'}`} title={t(flagWords[flag].why)}>
            {t(flagWords[flag].label)}: {pagesList(pages)}
          </span>
        ))
      )}
      {file.kind === 'pdf' && blanks.length > 0 && blanks.length < (found.pageCount ?? 0) ? (
        <button type="button" className="button button-small" disabled={busy} onClick={() => setAsking(blanks)}>
          {t('preflight.removeBlank', { count: blanks.length })}
        </button>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
      {asking ? (
        <ConfirmDialog
          title={t('preflight.removeTheseBlankPages', { count: asking.length })}
          confirmLabel={t('preflight.removeConfirm', { count: asking.length })}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const pages = asking;
            setAsking(null);
            setBusy(true);
            void removeBlankPages(file, pages).then((refused) => {
              setBusy(false);
              setError(refused);
            });
          }}
        >
          <p>{t('preflight.removeExplain', { count: asking.length })}</p>
          <div className="removal-pages">
            {asking.map((page) => (
              <FaxPageThumbnail key={page} fileId={file.id} page={page} />
            ))}
          </div>
        </ConfirmDialog>
      ) : null}
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
      {t(flagWords[first].label)}
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
        <span>{t('preflight.preFlight')}</span>
        <span>{summary.checking ? t('preflight.checking') : summary.flagged.length === 0 && !summary.mixedOrientation ? t('preflight.allClear') : t('preflight.toLookAt', { value: summary.flagged.length + (summary.mixedOrientation ? 1 : 0) })}</span>
      </div>
      {summary.flagged.length > 0 || summary.mixedOrientation ? (
        <ul className="preflight-findings">
          {summary.flagged.slice(0, 8).map((item) => (
            <li key={`${item.file.id}-${String(item.page)}`}>{t('preflight.page', { name: item.file.name, page: item.page, join: item.flags.map((flag) => t('preflight.flagWithReason', { flag: t(flagWords[flag].inline), why: t(flagWords[flag].why) })).join('; ') })}</li>
          ))}
          {summary.flagged.length > 8 ? <li>{t('preflight.morePages', { count: summary.flagged.length - 8 })}</li> : null}
          {summary.mixedOrientation ? (
            <li>{t('preflight.mixedOrientationLandscapeAnd', { landscape: summary.mixedOrientation.landscape, portrait: summary.mixedOrientation.portrait })}</li>
          ) : null}
        </ul>
      ) : null}
      <span className="field-hint">{t('preflight.preFlightNeverStops')}</span>
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
        <button type="button" className="button button-small" disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>{t('preflight.previousPage')}</button>
        <span role="status" data-testid="fax-view-page">{t('preflight.pageOf', { page, pageCount })}</span>
        <button type="button" className="button button-small" disabled={page >= pageCount} onClick={() => setPage((value) => value + 1)}>{t('preflight.nextPage')}</button>
        {flags.map((flag) => (
          <span key={flag} className={`chip ${flag === 'blank' ? 'chip-warning' : 'chip-danger'}`}>
            {t(flagWords[flag].label)}: {t(flagWords[flag].why)}
          </span>
        ))}
      </div>
      {shown && 'error' in shown ? <ErrorNotice error={shown.error} /> : null}
      {shown && 'url' in shown ? <img className="fax-view-page" src={shown.url} alt={t('preflight.pageAsFaxed', { page })} /> : null}
      {shown === null ? <div className="skeleton preview-skeleton" /> : null}
    </div>
  );
}
