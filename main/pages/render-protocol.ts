/** The messages between main and its render worker. */
export interface RenderRequest {
  id: number;
  /** The document itself (a copy: it is transferred to the worker). */
  bytes: Uint8Array;
  /** 1-based. */
  page: number;
  /** Reduce the fax-resolution image to at most this width (in pixels). */
  maxWidth?: number | undefined;
}

export type RenderReply =
  | { id: number; ok: true; pageCount: number; width: number; height: number; pixels: Uint8Array }
  | { id: number; ok: false; reason: 'password' | 'unreadable' };
