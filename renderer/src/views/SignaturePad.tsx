/**
 * Draw a signature once (mouse, pen or finger) — or type the name instead, drawn in an italic face (the way with
 * the keyboard alone); either is kept encrypted on this computer for every later form.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import type { SignatureInk } from '../../../preload/models';
import { Dialog } from '../components/Dialog';
import { saveSignature } from '../data/fill-sign';
import { SignatureInkView } from '../fill/FillMarks';
import { t } from '../i18n';

/** The typed name's width ÷ height as shown (measured in the face it is shown in: an 80-pixel line is 100 high). */
function typedAspect(name: string): number {
  const probe = document.createElement('span');
  probe.classList.add('typed-signature-text', 'typed-signature-measure');
  probe.textContent = name;
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return Math.min(40, Math.max(0.2, (width + 8) / 100));
}

const padWidth = 480;
const padHeight = 160;

export function SignaturePad({ onSaved, onClose }: { onSaved: (ink: SignatureInk) => void; onClose: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [strokes, setStrokes] = useState<Array<Array<[number, number]>>>([]);
  const drawing = useRef<Array<[number, number]> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [typed, setTyped] = useState('');

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

  useEffect(() => redraw(strokes), [strokes, redraw, mode]);

  const at = (event: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect();
    const share = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
    return [share((event.clientX - box.left) / box.width), share((event.clientY - box.top) / box.height)];
  };

  const save = async () => {
    if (mode === 'type' ? typed.trim() === '' : strokes.length === 0) {
      setProblem(t(mode === 'type' ? 'fillSign.typeFirst' : 'fillSign.drawFirst'));
      return;
    }
    const ink: SignatureInk = mode === 'type' ? { typed: typed.trim(), aspect: typedAspect(typed.trim()) } : { strokes, aspect: padWidth / padHeight };
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
          {mode === 'draw' ? <button type="button" className="button" onClick={() => setStrokes([])}>{t('fillSign.clear')}</button> : null}
          <button type="button" className="button" onClick={onClose}>{t('confirmDialog.cancel')}</button>
          <button type="button" className="button button-primary" onClick={() => void save()}>{t('fillSign.saveSignature')}</button>
        </>
      }
    >
      <p className="field-hint">{t('fillSign.signatureKept')}</p>
      <div className="view-toggle" role="group" aria-label={t('fillSign.signatureHow')}>
        <button type="button" className="button button-small" aria-pressed={mode === 'draw'} onClick={() => setMode('draw')}>{t('fillSign.drawIt')}</button>
        <button type="button" className="button button-small" aria-pressed={mode === 'type'} onClick={() => setMode('type')}>{t('fillSign.typeIt')}</button>
      </div>
      {mode === 'type' ? (
        <div className="field">
          <label htmlFor="typed-signature">{t('fillSign.yourName')}</label>
          <input id="typed-signature" className="input" value={typed} maxLength={80} autoFocus onChange={(event) => setTyped(event.target.value)} onKeyDown={(event) => event.key === 'Enter' && void save()} />
          <div className="typed-signature-preview" data-testid="typed-signature-preview">{typed.trim() ? <SignatureInkView ink={{ typed: typed.trim(), aspect: typedAspect(typed.trim()) }} /> : null}</div>
        </div>
      ) : (
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
      )}
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
    </Dialog>
  );
}
