/** What recognition read on a page (the recognition process makes it, the cache keeps it). */

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
