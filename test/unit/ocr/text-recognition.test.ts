import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaxRecord } from '../../../main/api/read/fax-reader';
import { AppError } from '../../../main/errors';
import { createLogger } from '../../../main/log/logger';
import { createTextRecognition, type TextRecognition } from '../../../main/ocr/text-recognition';
import { RecognitionError, type Recognizer, type RecognizedReply } from '../../../main/ocr/recognizer';
import type { PdfStore } from '../../../main/pdf/pdf-store';
import { createEventBus } from '../../../main/runtime/event-bus';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import { createSettingsStore } from '../../../main/store/settings-store';
import type { FaxId } from '../../../preload/fax-id';
import { msg } from '../../../preload/i18n/translator';
import { waitUntil } from '../../helpers/wait';

const waitFor = (condition: () => boolean) => waitUntil(condition, Boolean);

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newCache(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-queue-'))): { cache: Cache; dir: string } {
  const cache = openCache(dir, 'cc'.repeat(32), createLogger({ sinks: [] }));
  cleanups.push(() => {
    cache.close();
  });
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { cache, dir };
}

function received(id: number, pages = 2): FaxRecord {
  const createdAt = new Date(Date.parse('2026-03-01T10:00:00Z') + id * 60_000).toISOString();
  return { id: String(id), reference: `FX-${String(id)}`, direction: 'inbound', status: 'received', pages, createdAt, createdMs: Date.parse(createdAt), to: '+14155550100', from: '+14155550199', subject: null, senderName: null, cost: null, providerError: null, recipients: [] };
}

/** Reads each fax as having `pages[id]` pages; records every page asked for; fails as told. */
function fakeRecognizer(pages: Record<string, number>, fail: (faxId: string, page: number) => RecognitionError | null = () => null): Recognizer & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    recognizePage(_kind, source, page) {
      const faxId = 'cacheKey' in source ? source.cacheKey.replace('text:', '') : '?';
      asked.push(`${faxId}:${String(page)}`);
      const failure = fail(faxId, page);
      if (failure) return Promise.reject(failure);
      const reply: RecognizedReply = { pageCount: pages[faxId] ?? 1, result: { page, text: `fax ${faxId} page ${String(page)}`, confidence: 88, words: [], outcome: 'text' }, rss: 1 };
      return Promise.resolve(reply);
    },
    close: () => Promise.resolve(),
  };
}

function fakePdfs(ensure: (faxId: FaxId) => Promise<string> = (faxId) => Promise.resolve(`/sealed/${faxId}`)): PdfStore {
  return { ensure, isCached: () => true, open: () => Promise.reject(new Error('unused')), range: () => Promise.reject(new Error('unused')), saveAs: () => Promise.resolve(), copyTo: () => Promise.resolve(), bytes: () => Promise.reject(new Error('unused')) };
}

function service(cache: Cache, recognizer: Recognizer, options: { pdfs?: PdfStore; recognizeText?: boolean } = {}) {
  const settings = createSettingsStore({ store: {} }, { downloadFolder: '/tmp' });
  settings.update({ recognizeText: options.recognizeText ?? true });
  const events = createEventBus();
  const read: string[] = [];
  events.on('faxTextRead', ({ faxIds }) => read.push(...faxIds));
  const recognition: TextRecognition = createTextRecognition({ cache, pdfs: options.pdfs ?? fakePdfs(), recognizer, fileKey: Buffer.alloc(32), settings, events, log: createLogger({ sinks: [] }), retryMs: 60_000 });
  cleanups.push(() => recognition.stop());
  return { recognition, settings, events, read };
}

describe('reading faxes in the background', () => {
  it('reads every page of the newest fax first, then the older ones, and says when each is read', async () => {
    const { cache } = newCache();
    cache.faxes.upsertMany([received(1), received(2), received(3)], { markNewInboundUnread: false });
    const recognizer = fakeRecognizer({ 1: 1, 2: 2, 3: 3 });
    const { recognition, read } = service(cache, recognizer);
    recognition.start();
    await waitFor(() => read.length === 3);
    expect(recognizer.asked).toEqual(['3:1', '3:2', '3:3', '2:1', '2:2', '1:1']);
    expect(read).toEqual(['3', '2', '1']);
    // The last fax is told read before the reader has looked for more work and stopped: wait for it to settle.
    await waitFor(() => !recognition.status().reading);
    expect(recognition.status()).toEqual({ enabled: true, read: 3, failed: 0, reading: false });
  });

  it('resumes after a restart at the page after the last one kept', async () => {
    const { cache } = newCache();
    cache.faxes.upsertMany([received(1)], { markNewInboundUnread: false });
    let stopAfter: (() => void) | null = null;
    const first = fakeRecognizer({ 1: 4 }, (_faxId, page) => {
      if (page === 3) {
        stopAfter?.();
        return new RecognitionError('stopped');
      }
      return null;
    });
    const one = service(cache, first);
    stopAfter = () => void one.recognition.stop();
    one.recognition.start();
    await waitFor(() => first.asked.length === 3);
    expect(cache.faxText.state('1')).toMatchObject({ pagesRead: 2, done: false });
    const second = fakeRecognizer({ 1: 4 });
    const two = service(cache, second);
    two.recognition.start();
    await waitFor(() => two.read.length === 1);
    expect(second.asked).toEqual(['1:3', '1:4']);
  });

  it('gives up on an encrypted fax at once, tries a failing one three times, and goes on with the rest', async () => {
    const { cache } = newCache();
    cache.faxes.upsertMany([received(1, 1), received(2, 1), received(3, 1)], { markNewInboundUnread: false });
    const recognizer = fakeRecognizer({ 1: 1, 2: 1, 3: 1 }, (faxId) => (faxId === '3' ? new RecognitionError('password') : faxId === '2' ? new RecognitionError('timeout') : null));
    const { recognition, read } = service(cache, recognizer);
    recognition.start();
    await waitFor(() => read.length === 1);
    expect(recognizer.asked).toEqual(['3:1', '2:1', '2:1', '2:1', '1:1']);
    expect(recognition.status()).toMatchObject({ read: 1, failed: 2 });
  });

  it('waits while the service is offline without counting it against the fax', async () => {
    const { cache } = newCache();
    cache.faxes.upsertMany([received(1, 1)], { markNewInboundUnread: false });
    let offline = true;
    const pdfs = fakePdfs((faxId) => (offline ? Promise.reject(new AppError('offline', msg('pageTools.noPages'))) : Promise.resolve(`/sealed/${faxId}`)));
    const recognizer = fakeRecognizer({ 1: 1 });
    const { recognition, read } = service(cache, recognizer, { pdfs });
    recognition.start();
    await waitFor(() => !recognition.status().reading);
    expect(recognizer.asked).toEqual([]);
    expect(cache.faxText.state('1')).toBeNull();
    offline = false;
    recognition.wake();
    await waitFor(() => read.length === 1);
  });

  it('reads nothing while turned off in Settings, and starts when turned on', async () => {
    const { cache } = newCache();
    cache.faxes.upsertMany([received(1, 1)], { markNewInboundUnread: false });
    const recognizer = fakeRecognizer({ 1: 1 });
    const { recognition, settings, events, read } = service(cache, recognizer, { recognizeText: false });
    recognition.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recognizer.asked).toEqual([]);
    expect(recognition.status().enabled).toBe(false);
    events.emit('settingsChanged', settings.update({ recognizeText: true }));
    await waitFor(() => read.length === 1);
  });

  it('forgets what was read: a page being read when asked is dropped, and nothing of the text is found afterwards', async () => {
    const { cache } = newCache();
    cache.faxes.upsertMany([received(1, 1), received(2, 2)], { markNewInboundUnread: false });
    const held: { release: (() => void) | null } = { release: null };
    const slow = fakeRecognizer({ 1: 1, 2: 2 });
    const recognizer: Recognizer = {
      ...slow,
      async recognizePage(kind, source, page) {
        // Fax 1 (the last one) is held in the recognizer the first time, until the test lets it go.
        if ('cacheKey' in source && source.cacheKey === 'text:1' && held.release === null) await new Promise<void>((resolve) => (held.release = resolve));
        return slow.recognizePage(kind, source, page);
      },
    };
    const { recognition, settings, events, read } = service(cache, recognizer);
    recognition.start();
    await waitFor(() => read.length === 1 && held.release !== null);
    expect(cache.faxText.anyMatch('page')).toBe(true);
    events.emit('settingsChanged', settings.update({ recognizeText: false }));
    const forgetting = recognition.forget();
    held.release?.();
    await expect(forgetting).resolves.toBe(1);
    // Fax 1's page, read across the forget, was not kept; fax 2's text is gone with its index and progress.
    expect(cache.faxText.state('1')).toBeNull();
    expect(cache.faxText.state('2')).toBeNull();
    expect(cache.faxText.anyMatch('page')).toBe(false);
    expect(cache.faxText.pageHits('2', 'fax')).toEqual([]);
    expect(recognition.status()).toMatchObject({ enabled: false, read: 0, failed: 0 });
    // Turned on again, every fax is read anew.
    events.emit('settingsChanged', settings.update({ recognizeText: true }));
    await waitFor(() => recognition.status().read === 2);
  });
});
