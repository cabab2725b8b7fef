/** Draw a signature once (mouse, pen or finger); it is kept encrypted on this computer for every later form. */
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import type { SignatureInk } from '../../../preload/models';
import { Dialog } from '../components/Dialog';
import { saveSignature } from '../data/fill-sign';
import { t } from '../i18n';

const padWidth = 480;
const padHeight = 160;

export function SignaturePad({ onSaved, onClose }: { onSaved: (ink: SignatureInk) => void; onClose: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [strokes, setStrokes] = useState<Array<Array<[number, number]>>>([]);
  const drawing = useRef<Array<[number, number]> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const redraw = useCallback((all: ReadonlyArray<ReadonlyArray<[number, number]>>) => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, padWidth, padHeight);
    context.strokeStyle = '#000';
    context.lineWidth = 2.2;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    for (const stroke of all) {
      context.beginPath();
      stroke.forEach(([x, y], index) => (index === 0 ? context.moveTo(x * padWidth, y * padHeight) : context.lineTo(x * padWidth, y * padHeight)));
      if (stroke.length === 1) context.arc((stroke[0]?.[0] ?? 0) * padWidth, (stroke[0]?.[1] ?? 0) * padHeight, 1.2, 0, Math.PI * 2);
      context.stroke();
    }
  }, []);

  useEffect(() => redraw(strokes), [strokes, redraw]);

  const at = (event: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect();
    const share = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
    return [share((event.clientX - box.left) / box.width), share((event.clientY - box.top) / box.height)];
  };

  const save = async () => {
    if (strokes.length === 0) {
      setProblem(t('fillSign.drawFirst'));
      return;
    }
    const ink: SignatureInk = { strokes, aspect: padWidth / padHeight };
    const result = await saveSignature(ink);
    if (result.ok) onSaved(ink);
    else setProblem(result.error.message);
  };

  return (
    <Dialog
      title={t('fillSign.drawYourSignature')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={() => setStrokes([])}>{t('fillSign.clear')}</button>
          <button type="button" className="button" onClick={onClose}>{t('confirmDialog.cancel')}</button>
          <button type="button" className="button button-primary" onClick={() => void save()}>{t('fillSign.saveSignature')}</button>
        </>
      }
    >
      <p className="field-hint">{t('fillSign.signatureKept')}</p>
      <canvas
        ref={canvas}
        className="signature-pad"
        width={padWidth}
        height={padHeight}
        role="img"
        aria-label={t('fillSign.signaturePad')}
        data-testid="signature-pad"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = [at(event)];
          redraw([...strokes, drawing.current]);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          drawing.current.push(at(event));
          redraw([...strokes, drawing.current]);
        }}
        onPointerUp={() => {
          const stroke = drawing.current;
          drawing.current = null;
          if (stroke) setStrokes((current) => [...current, stroke]);
        }}
      />
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
    </Dialog>
  );
}
