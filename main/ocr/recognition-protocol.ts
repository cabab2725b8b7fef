/** The messages between main and its recognition process. */
import type { RenderableKind, RenderSource } from '../pages/render-protocol';
import type { RecognizedPage } from '../store/recognized-text';

export type { RecognizedPage, RecognizedWord } from '../store/recognized-text';

export interface RecognitionStart {
  type: 'start';
  /** Folder holding `<lang>.traineddata.gz` for every language. */
  languageDir: string;
  /** The languages a fine page and a standard page are read with (the recognizer switches when they differ). */
  languages: { fine: string[]; standard: string[] };
  standardFontsDir: string;
  /** tesseract.js's worker script, where the packaged app unpacked it (absent: where its package is). */
  workerPath?: string | undefined;
  /** The app's main process: the recognition process ends itself when it is gone. */
  parentPid?: number | undefined;
  /**
   * How the process is scheduled: `background` (the app's: below the window and main) unless a test that waits on
   * its reading says `normal` (recognition-priority.ts).
   */
  priority?: RecognitionPriority | undefined;
}

export type RecognitionPriority = 'background' | 'normal';

export interface RecognizeRequest {
  type: 'recognize';
  id: number;
  kind: RenderableKind;
  source: RenderSource;
  /** 1-based. */
  page: number;
}

export type RecognitionRequest = RecognitionStart | RecognizeRequest;

export type RecognitionReply =
  | { type: 'ready' }
  | { type: 'page'; id: number; pageCount: number; result: RecognizedPage; rss: number }
  | { type: 'failed'; id: number; reason: 'password' | 'unreadable' | 'no-such-page' | 'recognizer' };
