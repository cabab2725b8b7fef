/** The messages between main and its render worker. */
import type { PageMeasures } from './fax-raster';

export type RenderableKind = 'pdf' | 'tiff' | 'jpg' | 'png';

interface RequestBase {
  id: number;
  kind: RenderableKind;
  /** The document itself (a copy: it is transferred to the worker). */
  bytes: Uint8Array;
}

/** One page (1-based) at fax resolution in black and white, reduced to `maxWidth` when given. */
export interface ImageRequest extends RequestBase {
  op: 'image';
  page: number;
  maxWidth?: number | undefined;
}

/** Measures of pages `from`…`to` (1-based, inclusive; `to` is capped at the page count). */
export interface MeasureRequest extends RequestBase {
  op: 'measure';
  from: number;
  to: number;
}

export type RenderRequest = ImageRequest | MeasureRequest;

export type RenderReply =
  | { id: number; ok: true; op: 'image'; pageCount: number; width: number; height: number; pixels: Uint8Array }
  | { id: number; ok: true; op: 'measure'; pageCount: number; pages: Array<PageMeasures & { page: number }> }
  | { id: number; ok: false; reason: 'password' | 'unreadable' };
