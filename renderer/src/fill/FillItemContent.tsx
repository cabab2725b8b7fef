/** What one placed item shows on the page: its text (or the field to type it), a mark, the stamp or the signature. */
import type { FillItem, SignatureInk } from '../../../preload/models';
import { t } from '../i18n';
import { CheckMarkView, SignatureInkView, StampView, StrokesView } from './FillMarks';

/** Text is this tall on the page (a share of its height: about 12 points on a Letter page). */
export const textHeight = 0.02;

/** How wide the text is on the page, in pixels, measured in the same font as it is shown (a hidden element). */
export function textWidth(text: string, heightPx: number): number {
  const probe = document.createElement('span');
  probe.className = 'fill-measure';
  probe.style.fontSize = `${String(heightPx * 0.8)}px`;
  probe.textContent = text || ' ';
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width + heightPx * 0.2;
}

export function FillItemContent({
  item,
  editing,
  signature,
  stampUrl,
  pageHeightPx,
  onText,
  onDoneEditing,
}: {
  item: FillItem;
  editing: boolean;
  signature: SignatureInk | null;
  stampUrl: string | null;
  pageHeightPx: number;
  onText: (text: string) => void;
  /** The field lost the cursor (Enter, Escape, a click elsewhere). */
  onDoneEditing: () => void;
}) {
  const fontSize = textHeight * pageHeightPx * 0.8;
  switch (item.kind) {
    case 'text':
      return editing ? (
        <input
          className="fill-text-input"
          autoFocus
          value={item.text}
          aria-label={t('fillSign.textOnThePage')}
          style={{ fontSize }}
          onChange={(event) => onText(event.target.value)}
          onBlur={onDoneEditing}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === 'Escape') (event.target as HTMLInputElement).blur();
          }}
        />
      ) : (
        <span style={{ fontSize }}>{item.text}</span>
      );
    case 'check':
      return <CheckMarkView />;
    case 'stamp':
      return <StampView url={stampUrl} />;
    case 'ink':
      return <StrokesView strokes={item.strokes} label={t('fillSign.inkStroke')} />;
    case 'highlight':
      return <span className="fill-highlight-mark" role="img" aria-label={t('fillSign.highlightMark')} />;
    case 'signature':
      return signature ? <SignatureInkView ink={signature} /> : null;
  }
}
