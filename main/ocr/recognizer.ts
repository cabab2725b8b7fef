/**
 * Main's side of the recognition process: started on first use, stopped when idle, one page per request. A page
 * that takes too long (a pathological scan) ends the process and fails that page; a process that dies fails what
 * it was reading, and the next request starts a new one.
 */
import { fork } from 'node:child_process';
import { recognitionProcessEnv } from './recognition-allocator';
import type { Logger } from '../log/logger';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';
import type { RenderableKind, RenderSource } from '../pages/render-protocol';
import type { RecognitionPriority, RecognitionReply, RecognitionRequest, RecognitionStart, RecognizedPage } from './recognition-protocol';

/** The process, however it was started (a forked Node process, an Electron utility process). */
export interface RecognitionChild {
  post(message: RecognitionRequest): void;
  onMessage(handler: (message: RecognitionReply) => void): void;
  onExit(handler: () => void): void;
  kill(): void;
  /** The system's id for it, where known (tests check that it ends). */
  readonly pid?: number | undefined;
}

export type StartRecognitionChild = () => RecognitionChild;

/** How the recognition process starts and where its packages are (the shell and the harness say). */
export interface RecognitionLocation {
  start: StartRecognitionChild;
  /** The app's root: its node_modules (the language data's packages) and assets (the fax model). */
  appRoot: string;
  /** pdf.js's standard fonts (ends with a path separator). */
  standardFontsDir: string;
  /** tesseract.js's worker script outside the app's archive (the packaged app). */
  workerPath?: string;
  /** The app's is `background` (the default); the tests that wait on a reading run it at `normal`. */
  priority?: RecognitionPriority;
}

/** A forked Node process running the TypeScript source (tests, the harness, benchmarks) or a bundled script. */
export function forkRecognitionChild(script: string, execArgv: string[] = ['--import', 'tsx']): StartRecognitionChild {
  return () => {
    const child = fork(script, [], { execArgv, env: recognitionProcessEnv(), serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    // A channel that breaks (the process killed while it wrote, a message to a process already gone) is the process
    // dying, not main's error: without a listener the 'error' event would end main. Its 'exit' tells the recognizer.
    const broken = (): void => void child.kill('SIGKILL');
    child.on('error', broken);
    return {
      post: (message) => void child.send(message, (error) => (error ? broken() : undefined)),
      onMessage: (handler) => void child.on('message', (message) => handler(message as RecognitionReply)),
      onExit: (handler) => void child.on('exit', handler),
      kill: () => void child.kill('SIGKILL'),
      pid: child.pid,
    };
  };
}

export type RecognitionFailure = 'password' | 'unreadable' | 'no-such-page' | 'recognizer' | 'timeout' | 'stopped';

export class RecognitionError extends Error {
  constructor(readonly reason: RecognitionFailure) {
    super(`recognition failed: ${reason}`);
    this.name = 'RecognitionError';
  }
}

export interface RecognizedReply {
  pageCount: number;
  result: RecognizedPage;
  /** The recognition process's resident memory after the page (bytes). */
  rss: number;
}

export interface Recognizer {
  recognizePage(kind: RenderableKind, source: RenderSource, page: number): Promise<RecognizedReply>;
  close(): Promise<void>;
}

export interface RecognizerDeps {
  start: StartRecognitionChild;
  settings: Omit<RecognitionStart, 'type'>;
  log: Logger;
  timers?: Timers;
  /** A page not read within this ends the process (default 2 minutes). */
  pageTimeoutMs?: number;
  idleMs?: number;
  /**
   * A process that has read this many pages is ended once it is idle between pages, and the next page starts a new
   * one (default 100): the recognizer's WebAssembly memory only grows, and a new process costs about half a second.
   */
  recycleAfterPages?: number;
}

export function createRecognizer(deps: RecognizerDeps): Recognizer {
  const timers = deps.timers ?? realTimers;
  const idleTimer = createOneTimer(timers);
  const pageTimer = createOneTimer(timers);
  const pageTimeoutMs = deps.pageTimeoutMs ?? 120_000;
  let child: RecognitionChild | null = null;
  let pagesRead = 0;
  let nextId = 1;
  const pending = new Map<number, { resolve: (reply: RecognizedReply) => void; reject: (error: RecognitionError) => void }>();

  function failAll(reason: RecognitionFailure): void {
    for (const { reject } of pending.values()) reject(new RecognitionError(reason));
    pending.clear();
  }

  function stop(reason: RecognitionFailure): void {
    const stopping = child;
    child = null;
    pageTimer.cancel();
    idleTimer.cancel();
    failAll(reason);
    stopping?.kill();
  }

  function ensureChild(): RecognitionChild {
    if (child) return child;
    const started = deps.start();
    started.onMessage((reply) => {
      if (reply.type === 'ready') return;
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      watchPage();
      if (reply.type === 'page') waiting.resolve({ pageCount: reply.pageCount, result: reply.result, rss: reply.rss });
      else waiting.reject(new RecognitionError(reply.reason));
      pagesRead += 1;
      if (pagesRead >= (deps.recycleAfterPages ?? 100) && pending.size === 0) {
        // Between pages: nothing is waiting, so ending it fails nothing.
        child = null;
        idleTimer.cancel();
        started.kill();
        return;
      }
      scheduleIdle();
    });
    started.onExit(() => {
      if (child !== started) return;
      child = null;
      pageTimer.cancel();
      if (pending.size > 0) deps.log.warn('ocr.process_exited', { pending: pending.size });
      failAll('recognizer');
    });
    started.post({ type: 'start', ...deps.settings, parentPid: process.pid });
    child = started;
    pagesRead = 0;
    return started;
  }

  /** Requests are answered in order: the timer watches the one being read now. */
  function watchPage(): void {
    pageTimer.cancel();
    if (pending.size === 0) return;
    pageTimer.after(pageTimeoutMs, () => {
      deps.log.warn('ocr.page_timeout', { ms: pageTimeoutMs });
      stop('timeout');
    });
  }

  function scheduleIdle(): void {
    idleTimer.cancel();
    if (pending.size > 0) return;
    idleTimer.after(deps.idleMs ?? 60_000, () => stop('stopped'));
  }

  return {
    recognizePage(kind, source, page) {
      const id = nextId++;
      const sent: RenderSource = 'bytes' in source ? { bytes: new Uint8Array(source.bytes) } : { ...source, fileKey: new Uint8Array(source.fileKey) };
      return new Promise<RecognizedReply>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        idleTimer.cancel();
        ensureChild().post({ type: 'recognize', id, kind, source: sent, page });
        if (pending.size === 1) watchPage();
      });
    },
    close() {
      stop('stopped');
      return Promise.resolve();
    },
  };
}
