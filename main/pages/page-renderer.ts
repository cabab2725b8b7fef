/**
 * Pages drawn as a fax machine prints them, by a worker thread started on first use and stopped when idle. A
 * worker that dies fails what it was drawing with a clear error, and the next request starts a new one.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';
import type { Logger } from '../log/logger';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers } from '../runtime/timers';
import type { GrayImage, PageMeasures } from './fax-raster';
import type { RenderableKind, RenderReply, RenderRequest, RenderSource } from './render-protocol';
import { msg, type Message } from '../../preload/i18n/translator';

export interface PageRendererLocation {
  /** The worker's script: the bundled .cjs in the app, the TypeScript source (with tsx) in development. */
  script: string;
  execArgv: string[];
  /** pdf.js's standard fonts (ends with a path separator). */
  standardFontsDir: string;
}

/** Where the worker is when main runs from source (tests, the harness, benchmarks): the repository root is the cwd. */
export function sourcePageRendererLocation(root = process.cwd()): PageRendererLocation {
  return {
    script: path.join(root, 'main/pages/page-render-worker.ts'),
    execArgv: ['--import', 'tsx'],
    standardFontsDir: `${path.join(root, 'node_modules/pdfjs-dist/standard_fonts')}${path.sep}`,
  };
}

export interface RenderedFaxPage {
  pageCount: number;
  image: GrayImage;
}

export interface MeasuredPages {
  pageCount: number;
  pages: Array<PageMeasures & { page: number }>;
}

type Success = Extract<RenderReply, { ok: true }>;
type Distribute<T> = T extends unknown ? Omit<T, 'id' | 'source'> : never;
type RequestBody = Distribute<RenderRequest>;

export interface PageRenderer {
  /** Page `page` (1-based) at fax resolution, black and white, reduced to `maxWidth` when given. */
  renderPage(kind: RenderableKind, source: RenderSource, page: number, options?: { maxWidth?: number }): Promise<RenderedFaxPage>;
  renderPdfPage(bytes: Uint8Array, page: number, options?: { maxWidth?: number }): Promise<RenderedFaxPage>;
  /** The page as a 1-bit PNG, encoded in the worker. */
  renderPagePng(kind: RenderableKind, source: RenderSource, page: number, options?: { maxWidth?: number }): Promise<{ pageCount: number; width: number; height: number; png: Uint8Array }>;
  /** Pre-flight's measures of pages `from`…`to` (1-based, inclusive, capped at the page count). */
  measurePages(kind: RenderableKind, source: RenderSource, from: number, to: number): Promise<MeasuredPages>;
  close(): Promise<void>;
}

const idleMs = 30_000;

export function createPageRenderer(location: PageRendererLocation, log: Logger): PageRenderer {
  let worker: Worker | null = null;
  const idleTimer = createOneTimer(realTimers);
  let nextId = 1;
  const pending = new Map<number, { resolve: (reply: Success) => void; reject: (error: AppError) => void }>();

  function failAll(message: Message): void {
    for (const { reject } of pending.values()) reject(new AppError('internal', message));
    pending.clear();
  }

  function start(): Worker {
    if (worker) return worker;
    const started = new Worker(location.script, { execArgv: location.execArgv, workerData: { standardFontsDir: location.standardFontsDir } });
    started.unref();
    started.on('message', (reply: RenderReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply);
      else waiting.reject(new AppError('file', msg(reply.reason === 'password' ? 'pageRenderer.passwordProtected' : 'pageRenderer.unreadable')));
      scheduleIdle();
    });
    started.on('error', (error) => {
      log.error('pages.worker_failed', { error: error.name });
      failAll((msg('pageRenderer.thePageCouldNot2')));
      worker = null;
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
      failAll((msg('pageRenderer.thePageCouldNot2')));
    });
    worker = started;
    return started;
  }

  function scheduleIdle(): void {
    idleTimer.cancel();
    if (pending.size > 0) return;
    idleTimer.after(idleMs, () => {
      const idle = worker;
      worker = null;
      void idle?.terminate();
    });
  }

  function ask(body: RequestBody, source: RenderSource): Promise<Success> {
    const id = nextId++;
    // Bytes go as a transferred copy (the caller keeps its own); a sealed file goes as its path and key.
    const sent: RenderSource = 'bytes' in source ? { bytes: new Uint8Array(source.bytes) } : { ...source, fileKey: new Uint8Array(source.fileKey) };
    const request = { ...body, id, source: sent };
    return new Promise<Success>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      idleTimer.cancel();
      start().postMessage(request, 'bytes' in sent ? [sent.bytes.buffer as ArrayBuffer] : []);
    });
  }

  const renderer: PageRenderer = {
    async renderPage(kind, source, page, options = {}) {
      const reply = await ask({ op: 'image', kind, page, maxWidth: options.maxWidth }, source);
      if (reply.op !== 'image' || reply.pixels === null) throw new AppError('internal', msg('pageRenderer.thePageCouldNot'));
      return { pageCount: reply.pageCount, image: { width: reply.width, height: reply.height, pixels: reply.pixels } };
    },
    async renderPagePng(kind, source, page, options = {}) {
      const reply = await ask({ op: 'image', kind, page, maxWidth: options.maxWidth, png: true }, source);
      if (reply.op !== 'image' || reply.png === null) throw new AppError('internal', msg('pageRenderer.thePageCouldNot'));
      return { pageCount: reply.pageCount, width: reply.width, height: reply.height, png: reply.png };
    },
    renderPdfPage: (bytes, page, options = {}) => renderer.renderPage('pdf', { bytes }, page, options),
    async measurePages(kind, source, from, to) {
      const reply = await ask({ op: 'measure', kind, from, to }, source);
      if (reply.op !== 'measure') throw new AppError('internal', msg('pageRenderer.thePagesCouldNot'));
      return { pageCount: reply.pageCount, pages: reply.pages };
    },
    async close() {
      idleTimer.cancel();
      const closing = worker;
      worker = null;
      failAll((msg('pageRenderer.theAppIsClosing')));
      await closing?.terminate();
    },
  };
  return renderer;
}
