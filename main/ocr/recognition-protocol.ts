/** The messages between main and its recognition process. */
import type { RenderableKind, RenderSource } from '../pages/render-protocol';

/** A recognized word: its text, the recognizer's confidence (0–100) and its box as shares of the page (0–1). */
export interface RecognizedWord {
  text: string;
  confidence: number;
  box: [left: number, top: number, right: number, bottom: number];
}

export interface RecognizedPage {
  page: number;
  /** The page's text, line by line. */
  text: string;
  /** Mean word confidence (0–100); 0 for a page not read. */
  confidence: number;
  words: RecognizedWord[];
  /** text: read; blank: nothing on it; noise: mostly black (noise, a photo) and not read. */
  outcome: 'text' | 'blank' | 'noise';
}

export interface RecognitionStart {
  type: 'start';
  /** Folder holding `<lang>.traineddata.gz` for every language. */
  languageDir: string;
  languages: string[];
  standardFontsDir: string;
}

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
