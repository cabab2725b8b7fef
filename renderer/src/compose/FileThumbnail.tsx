/**
 * The first page of a file about to be faxed — the guard against sending the wrong document. A Word file is
 * converted by the Fax Service, so it shows its type (and the card its estimated length).
 */
import { useEffect, useRef, useState } from 'react';
import type { ComposeFile } from '../data/compose';
import { t } from '../i18n';
import type { PageSource } from './page-source';
import type { FilePages } from './use-page-source';

export function FileThumbnail({ file, pages }: { file: ComposeFile; pages: FilePages }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<{ source: PageSource; ok: boolean } | null>(null);

  useEffect(() => {
    const target = canvas.current;
    if (pages.state !== 'ready' || !target) return;
    const { source } = pages;
    const run = { current: true };
    source.draw(1, target, { width: 64, height: 82 }).then(
      () => run.current && setDrawn({ source, ok: true }),
      () => run.current && setDrawn({ source, ok: false }),
    );
    return () => {
      run.current = false;
    };
  }, [pages]);

  const state = pages.state === 'none' ? 'none' : pages.state === 'ready' && drawn?.source === pages.source ? (drawn.ok ? 'done' : 'none') : 'loading';
  const problem = pages.state === 'none' ? pages.problem : null;
  return (
    <div className="thumbnail" aria-hidden="true" data-state={state} data-testid="thumbnail" title={problem ?? undefined}>
      <canvas ref={canvas} className={state === 'done' ? undefined : 'hidden'} />
      {state !== 'done' ? <span>{problem ? t('fileThumbnail.missing') : file.kind.toUpperCase()}</span> : null}
    </div>
  );
}
