/** How things placed on a page look on screen: the saved signature, a check mark, the stamp image, a drawn stroke, a highlight. */
import type { SignatureInk } from '../../../preload/models';
import { t } from '../i18n';
import { highlightFromDrag, type Point } from './fill-geometry';
import type { Sketch } from './fill-tools';

export function SignatureInkView({ ink }: { ink: SignatureInk }) {
  if ('typed' in ink) {
    return (
      <svg viewBox={`0 0 ${String(ink.aspect * 100)} 100`} preserveAspectRatio="xMinYMid meet" width="100%" height="100%" aria-hidden="true">
        <text x="0" y="76" className="typed-signature-text" fill="#000">{ink.typed}</text>
      </svg>
    );
  }
  return (
    <svg viewBox={`0 0 ${String(ink.aspect * 100)} 100`} preserveAspectRatio="xMidYMid meet" width="100%" height="100%" aria-hidden="true">
      {ink.strokes.map((stroke, index) => (
        <polyline key={index} points={stroke.map(([x, y]) => `${String(x * ink.aspect * 100)},${String(y * 100)}`).join(' ')} fill="none" stroke="#000" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" />
      ))}
    </svg>
  );
}

export function CheckMarkView() {
  return (
    <svg viewBox="0 0 10 10" width="100%" height="100%" role="img" aria-label={t('fillSign.checkMark')}>
      <polyline points="1.2,5.5 4,8.5 9,1.5" fill="none" stroke="#000" strokeWidth={1.2} strokeLinecap="round" />
    </svg>
  );
}

/** Strokes in shares of their box, drawn to fill it (the box was made around them). */
export function StrokesView({ strokes, label }: { strokes: readonly Point[][]; label?: string }) {
  return (
    <svg viewBox="0 0 100 100" preserveAspectRatio="none" width="100%" height="100%" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      {strokes.map((stroke, index) => (
        <polyline key={index} points={stroke.map(([x, y]) => `${String(x * 100)},${String(y * 100)}`).join(' ')} fill="none" stroke="#000" strokeWidth={2} vectorEffect="non-scaling-stroke" strokeLinecap="round" strokeLinejoin="round" />
      ))}
    </svg>
  );
}

export function StampView({ url }: { url: string | null }) {
  return url ? <img className="fill-stamp-image" src={url} alt={t('fillSign.stampImage')} draggable={false} /> : null;
}

/** A highlight or a stroke while the pointer draws it. */
export function SketchView({ sketch, highlightSize }: { sketch: Sketch; highlightSize: { width: number; height: number } }) {
  if (sketch.kind === 'ink') {
    return (
      <div className="fill-sketch" style={{ inset: 0 }}>
        <StrokesView strokes={[sketch.points]} />
      </div>
    );
  }
  const [left, top, right, bottom] = highlightFromDrag(sketch.start, sketch.end, highlightSize);
  return <div className="fill-sketch fill-highlight-mark" style={{ left: `${String(left * 100)}%`, top: `${String(top * 100)}%`, width: `${String((right - left) * 100)}%`, height: `${String((bottom - top) * 100)}%` }} />;
}
