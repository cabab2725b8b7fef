/**
 * The recognition process: a process of its own (an Electron utility process in the app, a forked Node process
 * from source) at the lowest scheduling priority, so reading faxes never competes with the window or with main.
 * It opens a document (a sealed cache file it decrypts itself), draws one page at fax resolution, prepares it and
 * reads it with tesseract.js. The language data comes from a local folder; nothing is ever fetched.
 */
import os from 'node:os';
import { createWorker, OEM, PSM, type Worker as TesseractWorker } from 'tesseract.js';
import { openDocumentPages, type OpenedSource } from '../pages/document-pages';
import { readSealed } from '../store/crypto/sealed-file';
import { encodeGrayPng } from '../pages/png';
import { prepareForRecognition, type PageResolution } from './recognition-image';
import { pageWords } from './recognized-words';
import { confirmNumbers } from './second-reading';
import { watchParent } from './parent-watch';
import type { RecognitionReply, RecognitionRequest, RecognitionStart, RecognizeRequest, RecognizedPage, RecognizedWord } from './recognition-protocol';
import type { GrayImage } from '../pages/fax-raster';

interface Port {
  post(message: RecognitionReply): void;
  onMessage(handler: (message: RecognitionRequest) => void): void;
}

interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

function parentPort(): Port {
  const electronPort = (process as unknown as { parentPort?: ElectronParentPort }).parentPort;
  if (electronPort) {
    return {
      post: (message) => electronPort.postMessage(message),
      onMessage: (handler) => electronPort.on('message', (event) => handler(event.data as RecognitionRequest)),
    };
  }
  return {
    post: (message) => process.send?.(message),
    onMessage: (handler) => process.on('message', (message) => handler(message as RecognitionRequest)),
  };
}


const port = parentPort();
// Nothing outlives the app: no channel, no parent, no process.
const parentWatch = watchParent({
  exit: () => process.exit(0),
  ...(process.send ? { onDisconnect: (listener: () => void) => void process.once('disconnect', listener) } : {}),
});
let settings: RecognitionStart | null = null;
let tesseract: Promise<TesseractWorker> | null = null;
let kept: { cacheKey: string; opened: OpenedSource } | null = null;
/** The resolution the recognizer is set up for (languages and page mode; set again only when a page needs the other). */
let setUpFor: PageResolution | null = null;
/**
 * How the recognizer finds the lines: a fine page as one column of text of varying sizes (tesseract's page mode 4),
 * a standard page as one uniform block (mode 6). Measured on the unseen-pages tuning seed, key fields read exactly:
 * fine 65 of 94 in a column against 62 in a block (character error rate 8.2 % against 12.5 %); standard 21 against 27
 * (its coarse lines are found better as one block).
 */
const pageModes: Record<PageResolution, PSM> = { fine: PSM.SINGLE_COLUMN, standard: PSM.SINGLE_BLOCK };

/**
 * Brackets, braces and bars are not read: on fax pages they are almost always a misread letter ("X]4471920" for
 * "XJ4471920", "[.LB-2026" for "LB-2026"), and ruling them out makes the recognizer take its next-best reading.
 */
const notRead = '[]{}|';

function recognizer(start: RecognitionStart): Promise<TesseractWorker> {
  tesseract ??= createWorker(start.languages.fine, OEM.LSTM_ONLY, {
    langPath: start.languageDir,
    gzip: true,
    cacheMethod: 'none',
    ...(start.workerPath ? { workerPath: start.workerPath } : {}),
  });
  return tesseract;
}

/** The recognizer with the languages and page mode for a page of this resolution. */
async function setUp(worker: TesseractWorker, resolution: PageResolution, start: RecognitionStart): Promise<void> {
  if (setUpFor === resolution) return;
  const languages = start.languages[resolution];
  // The worker keeps every language it loaded: switching only starts the recognizer again with another set.
  if (setUpFor !== null || languages.join('+') !== start.languages.fine.join('+')) await worker.reinitialize(languages.join('+'), OEM.LSTM_ONLY);
  await worker.setParameters({ tessedit_char_blacklist: notRead, tessedit_pageseg_mode: pageModes[resolution] });
  setUpFor = resolution;
}

/**
 * A standard page's sure numbers read again, each from its own spot (second-reading.ts), in the page's own mode (a
 * spot is one block of one line): switching the recognizer to its one-line mode and back for every page had its
 * process hold 537–553 MB after 300 pages against 481–484 MB without the switch (the same flags on the tuning seeds).
 */
async function secondReadingOfNumbers(worker: TesseractWorker, words: RecognizedWord[], image: GrayImage): Promise<RecognizedWord[]> {
  return confirmNumbers(words, image, async (crop) => (await worker.recognize(encodeGrayPng(crop))).data.text.trim());
}

async function openSource(request: RecognizeRequest, start: RecognitionStart): Promise<OpenedSource> {
  const { source } = request;
  if ('bytes' in source) return openDocumentPages(request.kind, source.bytes, start.standardFontsDir);
  if (kept?.cacheKey === source.cacheKey) return kept.opened;
  const previous = kept;
  kept = null;
  await previous?.opened.close();
  const bytes = new Uint8Array(await readSealed(source.sealedPath, Buffer.from(source.fileKey)));
  const opened = await openDocumentPages(request.kind, bytes, start.standardFontsDir);
  kept = { cacheKey: source.cacheKey, opened };
  return opened;
}

async function recognize(request: RecognizeRequest, start: RecognitionStart): Promise<RecognitionReply> {
  let opened: OpenedSource;
  try {
    opened = await openSource(request, start);
  } catch (error) {
    return { type: 'failed', id: request.id, reason: (error as { name?: string }).name === 'PasswordException' ? 'password' : 'unreadable' };
  }
  try {
    if (request.page < 1 || request.page > opened.pageCount) return { type: 'failed', id: request.id, reason: 'no-such-page' };
    const prepared = prepareForRecognition(await opened.grayPage(request.page));
    let result: RecognizedPage;
    if (prepared.kind !== 'text') {
      result = { page: request.page, text: '', confidence: 0, words: [], outcome: prepared.kind };
    } else {
      const worker = await recognizer(start);
      await setUp(worker, prepared.resolution, start);
      const png = encodeGrayPng(prepared.image);
      const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
      const firstReading = pageWords(data.blocks ?? [], prepared.image.width, prepared.image.height);
      const words = prepared.resolution === 'standard' ? await secondReadingOfNumbers(worker, firstReading, prepared.image) : firstReading;
      const confidence = words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
      result = { page: request.page, text: data.text.trim(), confidence, words, outcome: 'text' };
    }
    return { type: 'page', id: request.id, pageCount: opened.pageCount, result, rss: process.memoryUsage().rss };
  } catch {
    return { type: 'failed', id: request.id, reason: 'recognizer' };
  } finally {
    if ('bytes' in request.source) await opened.close();
  }
}

/**
 * Below the window and main, but not at the lowest priority: at nice 19 any busy program beside it (a second app, a
 * video call, CI's other jobs) left the reader ~2 % of a core — one page took 90 s beside two busy processes
 * (measured, 1.9 CPU-s) and a fax arrived and was filed minutes later. At nice 10 the same page took 13 s there and
 * 1.7 s on a quiet machine, as at nice 19; the window keeps ~90 % of a core it competes for. (Lowered once: a
 * process may not raise its priority again without privileges.)
 */
function lowerPriority(): void {
  try {
    if (os.getPriority() < os.constants.priority.PRIORITY_BELOW_NORMAL) os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Some systems refuse; the process then runs at normal priority.
  }
}

// One request at a time, in order: the process reads one page while main decides what comes next.
let queue: Promise<void> = Promise.resolve();
port.onMessage((message) => {
  if (message.type === 'start') {
    settings = message;
    if (message.priority !== 'normal') lowerPriority();
    if (message.parentPid !== undefined) parentWatch.alsoWatch(message.parentPid);
    port.post({ type: 'ready' });
    return;
  }
  const start = settings;
  queue = queue.then(async () => {
    port.post(start ? await recognize(message, start) : { type: 'failed', id: message.id, reason: 'recognizer' });
  });
});
