/**
 * The first page of a file about to be faxed — the guard against sending the wrong document. PDFs are drawn
 * with pdf.js, images shown as they are, TIFF decoded (UTIF.js); a Word file is converted by the Fax Service, so
 * it shows its type and estimated length.
 */
import { useEffect, useRef, useState } from 'react';
import UTIF from 'utif';
import { fileBytes, type ComposeFile } from '../data/compose';
import { openPdf, renderPage } from '../pdf/pdf-engine';
import { t } from '../i18n';

async function drawTiff(bytes: Uint8Array, canvas: HTMLCanvasElement): Promise<void> {
  const ifds = UTIF.decode(bytes);
  const first = ifds[0];
  if (!first) throw new Error('no image');
  UTIF.decodeImage(bytes, first);
  const rgba = UTIF.toRGBA8(first);
  const source = document.createElement('canvas');
  source.width = first.width;
  source.height = first.height;
  source.getContext('2d')?.putImageData(new ImageData(new Uint8ClampedArray(rgba), first.width, first.height), 0, 0);
  const scale = Math.min(128 / first.width, 164 / first.height);
  canvas.width = Math.max(1, Math.round(first.width * scale));
  canvas.height = Math.max(1, Math.round(first.height * scale));
  canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
  await Promise.resolve();
}

export function FileThumbnail({ file }: { file: ComposeFile }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'done' | 'none'>('loading');
  /** Why there is no picture, when main said why (e.g. the staged copy is no longer available). */
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const run = { cancelled: false };
    // Read through a call: the flag changes while this effect awaits.
    const stopped = () => run.cancelled;
    let url: string | null = null;
    void (async () => {
      try {
        if (file.kind === 'docx') {
          setState('none');
          return;
        }
        const read = await fileBytes(file);
        if (stopped()) return;
        if ('error' in read) {
          setProblem(read.error.message);
          return setState('none');
        }
        const { bytes } = read;
        if (file.kind === 'jpg' || file.kind === 'png') {
          url = URL.createObjectURL(new Blob([bytes.slice()], { type: file.kind === 'png' ? 'image/png' : 'image/jpeg' }));
          setImage(url);
          setState('done');
          return;
        }
        const target = canvas.current;
        if (!target) return;
        if (file.kind === 'tiff') await drawTiff(bytes, target);
        else {
          const pdf = await openPdf(bytes);
          try {
            const page = await pdf.getPage(1);
            const base = page.getViewport({ scale: 1 });
            await renderPage(page, target, 64 / base.width, 0).done;
          } finally {
            await pdf.destroy();
          }
        }
        if (!stopped()) setState('done');
      } catch {
        if (!stopped()) setState('none');
      }
    })();
    return () => {
      run.cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  return (
    <div className="thumbnail" aria-hidden="true" data-state={state} data-testid="thumbnail" title={problem ?? undefined}>
      {image ? <img src={image} alt="" /> : <canvas ref={canvas} className={state === 'done' ? undefined : 'hidden'} />}
      {state !== 'done' ? <span>{problem ? t('fileThumbnail.missing') : file.kind.toUpperCase()}</span> : null}
    </div>
  );
}
