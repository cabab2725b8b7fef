/** Fill & sign's tools, what they place and how large (shares of the page), and the page's drawn width. */
import type { FillItem } from '../../../preload/models';
import { t } from '../i18n';
import type { Point } from './fill-geometry';

export type Tool = 'text' | 'date' | 'check' | 'signature' | 'stamp' | 'highlight' | 'ink';
export type Placed = FillItem & { id: number };
/** A highlight or a stroke being drawn with the pointer. */
export type Sketch = { kind: 'highlight'; start: Point; end: Point } | { kind: 'ink'; points: Point[] };

export const checkSize = 0.022;
export const signatureHeight = 0.06;
export const stampHeight = 0.1;
/** Room around a drawn stroke for the pen's width (a share of the page). */
export const inkPad = 0.004;
export const pageWidthPx = 600;

/** The tools in the toolbar's order, named in the app's language. */
export function fillTools(): Array<{ id: Tool; label: string }> {
  return [
    { id: 'text', label: t('fillSign.text') },
    { id: 'date', label: t('fillSign.todaysDate') },
    { id: 'check', label: t('fillSign.checkMark') },
    { id: 'signature', label: t('fillSign.signature') },
    { id: 'stamp', label: t('fillSign.stamp') },
    { id: 'highlight', label: t('fillSign.highlight') },
    { id: 'ink', label: t('fillSign.draw') },
  ];
}
