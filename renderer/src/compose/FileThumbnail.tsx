/**
 * The first page of a file about to be faxed — the guard against sending the wrong document. PDFs are drawn
 * with pdf.js, images shown as they are, TIFF decoded (UTIF.js); a Word file is converted by the Fax Service, so
 * it shows its type and estimated length.
 */
import { useEffect, useRef, useState } from 'react';
import UTIF from 'utif';
import { faxApi } from '../fax-api';
import { openPdf, renderPage } from '../pdf/pdf-engine';
import type { ComposeFile } from './compose-state';

export async function fileBytes(file: ComposeFile): Promise<Uint8Array | null> {
  if (file.source) return new Uint8Array(await file.source.arrayBuffer());
  const result = await faxApi().readStagedFile({ id: file.id });
  return result.ok ? result.value : null;
}

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
        const bytes = await fileBytes(file);
        if (!bytes || stopped()) return setState('none');
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
    <div className="thumbnail" aria-hidden="true" data-state={state} data-testid="thumbnail">
      {image ? <img src={image} alt="" /> : <canvas ref={canvas} style={state === 'done' ? undefined : { display: 'none' }} />}
      {state !== 'done' ? <span>{file.kind.toUpperCase()}</span> : null}
    </div>
  );
}
