/** The messages between main and its render worker. */
import type { PageMeasures } from './fax-raster';

export type RenderableKind = 'pdf' | 'tiff' | 'jpg' | 'png';

/**
 * The document: its bytes (a copy, transferred to the worker), or a sealed file the worker reads and decrypts
 * itself — kept open under `cacheKey` for the next request, so checking a long file page by page neither
 * re-reads it nor blocks main with its decryption.
 */
export type RenderSource = { bytes: Uint8Array } | { sealedPath: string; fileKey: Uint8Array; cacheKey: string };

interface RequestBase {
  id: number;
  kind: RenderableKind;
  source: RenderSource;
}

/** One page (1-based) at fax resolution in black and white, reduced to `maxWidth` when given. */
export interface ImageRequest extends RequestBase {
  op: 'image';
  page: number;
  maxWidth?: number | undefined;
  /** Encode the page as a 1-bit PNG in the worker (for showing and embedding) instead of returning its pixels. */
  png?: boolean | undefined;
}

/** Measures of pages `from`…`to` (1-based, inclusive; `to` is capped at the page count). */
export interface MeasureRequest extends RequestBase {
  op: 'measure';
  from: number;
  to: number;
}

export type RenderRequest = ImageRequest | MeasureRequest;

export type RenderReply =
  | { id: number; ok: true; op: 'image'; pageCount: number; width: number; height: number; pixels: Uint8Array; png: null }
  | { id: number; ok: true; op: 'image'; pageCount: number; width: number; height: number; pixels: null; png: Uint8Array }
  | { id: number; ok: true; op: 'measure'; pageCount: number; pages: Array<PageMeasures & { page: number }> }
  | { id: number; ok: false; reason: 'password' | 'unreadable' };
