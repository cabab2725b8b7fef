/**
 * Reads faxes in the background, newest first, one page at a time, and keeps what it read in the cache: a
 * restart resumes at the next page of the fax it was on. It stops when Settings turn it off and starts again when
 * they turn it on, when new faxes arrive, and (after a failed download) a while later. A fax it cannot read is
 * tried a few times, an encrypted or broken one only once.
 */
import { AppError } from '../errors';
import type { EventBus } from '../runtime/event-bus';
import type { Logger } from '../log/logger';
import type { PdfStore } from '../pdf/pdf-store';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';
import type { Cache } from '../store/cache/cache';
import type { SettingsStore } from '../store/settings-store';
import type { FaxDirection, RecognitionStatus } from '../../preload/models';
import type { FaxId } from '../../preload/fax-id';
import { RecognitionError, type Recognizer } from './recognizer';

export interface TextRecognitionDeps {
  cache: Cache;
  pdfs: PdfStore;
  recognizer: Recognizer;
  fileKey: Buffer;
  settings: SettingsStore;
  events: EventBus;
  log: Logger;
  timers?: Timers;
  /** Tries before a fax is given up (default 3). */
  maxAttempts?: number;
  /** After a download failed (offline), the next try (default 5 minutes). */
  retryMs?: number;
  /** A fax read to its end, before it is announced (intake reads what it is, so rules waiting for it see it). */
  afterRead?: (faxId: FaxId) => void;
}

export interface TextRecognition {
  start(): void;
  /** Looks for work now (new faxes arrived, a setting changed). */
  wake(): void;
  stop(): Promise<void>;
  status(): RecognitionStatus;
  /**
   * Forgets everything read (reading should be off by then, or it starts over): a page being read is finished and
   * dropped, then the text, its index and the progress go. Returns how many faxes had text.
   */
  forget(): Promise<number>;
}

const finalReasons = new Set(['password', 'unreadable', 'no-such-page']);

export function createTextRecognition(deps: TextRecognitionDeps): TextRecognition {
  const timers = deps.timers ?? realTimers;
  const retryTimer = createOneTimer(timers);
  const maxAttempts = deps.maxAttempts ?? 3;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  /** Counts "forget"s: a page read across one is not kept. */
  let generation = 0;

  const directions = (): FaxDirection[] => {
    const settings = deps.settings.get();
    if (!settings.recognizeText) return [];
    return settings.recognizeSentFaxes ? ['inbound', 'outbound'] : ['inbound'];
  };

  /** Reads one page of the next fax; false when there is nothing (more) to do for now. */
  async function step(): Promise<boolean> {
    const next = deps.cache.faxText.nextToRead(directions());
    if (!next) return false;
    const readingFor = generation;
    let sealedPath: string;
    try {
      sealedPath = await deps.pdfs.ensure(next.faxId);
    } catch (error) {
      if (error instanceof AppError && (error.kind === 'offline' || error.kind === 'not_connected' || error.kind === 'rate_limited' || error.kind === 'server')) {
        // The service cannot give the document now: try again later, without counting it against the fax.
        retryTimer.after(deps.retryMs ?? 5 * 60_000, () => wake());
        return false;
      }
      deps.cache.faxText.failed(next.faxId, 'download', { final: false, maxAttempts });
      return true;
    }
    try {
      const reply = await deps.recognizer.recognizePage('pdf', { sealedPath, fileKey: deps.fileKey, cacheKey: `text:${next.faxId}` }, next.nextPage);
      if (stopped || readingFor !== generation) return false;
      deps.cache.faxText.savePage(next.faxId, reply.pageCount, reply.result);
      if (reply.result.page >= reply.pageCount) {
        try {
          deps.afterRead?.(next.faxId);
        } catch (error) {
          deps.log.error('ocr.after_read_failed', { error });
        }
        deps.events.emit('faxTextRead', { faxIds: [next.faxId] });
      }
    } catch (error) {
      const reason = error instanceof RecognitionError ? error.reason : 'recognizer';
      if (reason === 'stopped' || stopped || readingFor !== generation) return false;
      deps.log.warn('ocr.page_failed', { reason });
      deps.cache.faxText.failed(next.faxId, reason, { final: finalReasons.has(reason), maxAttempts });
    }
    return true;
  }

  async function run(): Promise<void> {
    do {
      while (!stopped && (await step())) {
        // Gives other work on main its turn between pages.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } while (wokenMeanwhile() && !stopped);
  }

  /** Whether a wake came while a pass was running (the pass may have looked before the new faxes arrived). */
  function wokenMeanwhile(): boolean {
    const woken = again;
    again = false;
    return woken;
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch((error: unknown) => deps.log.error('ocr.failed', { error }))
      .finally(() => {
        running = null;
      });
  }

  let unsubscribe: (() => void) | null = null;
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      const offFaxes = deps.events.on('faxesChanged', () => wake());
      const offSettings = deps.events.on('settingsChanged', () => wake());
      unsubscribe = () => {
        offFaxes();
        offSettings();
      };
      wake();
    },
    wake,
    async stop() {
      stopped = true;
      unsubscribe?.();
      unsubscribe = null;
      retryTimer.cancel();
      await deps.recognizer.close();
      await running;
    },
    async forget() {
      generation += 1;
      await running;
      return deps.cache.faxText.forgetAll();
    },
    status() {
      const counts = deps.cache.faxText.counts();
      return { enabled: directions().length > 0, read: counts.read, failed: counts.failed, reading: running !== null };
    },
  };
}
