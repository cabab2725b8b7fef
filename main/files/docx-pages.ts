/**
 * DOCX pages, as well as they can be known before the Fax Service converts the document. The count Word stored
 * in docProps/app.xml is used only when the document's own content agrees with it within reason: a stale or
 * forged `<Pages>` value must not make a 400-page document look like one page (the allowance check depends on
 * it). The content is read by streaming `word/document.xml` through a capped inflater, counting text, page
 * breaks and pictures, never holding the text.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { zipEntries, zipEntryText, type ZipEntry } from './zip-directory';

/** Inflated XML beyond this is not read: the file is refused as too large to check. */
export const maxDocumentXmlBytes = 64 * 1024 * 1024;
/** Characters of running text on a typical page (12 pt, single spacing). */
const charactersPerPage = 3000;

export interface DocumentStats {
  characters: number;
  pageBreaks: number;
  renderedBreaks: number;
  pictures: number;
}

export type DocxPages = { ok: true; pages: number } | { ok: false; reason: 'too_large' | 'unreadable' };

/**
 * Counts what decides the page count, in one pass over the XML: text between tags is measured by the run (not
 * character by character), and only the current tag's start is kept.
 */
export function createStatsCounter(): { feed(text: string): void; stats: DocumentStats } {
  const stats: DocumentStats = { characters: 0, pageBreaks: 0, renderedBreaks: 0, pictures: 0 };
  let inTag = false;
  let tag = '';
  const closeTag = () => {
    if (tag.startsWith('w:br') && /w:type\s*=\s*["']page["']/.test(tag)) stats.pageBreaks += 1;
    else if (tag.startsWith('w:lastRenderedPageBreak')) stats.renderedBreaks += 1;
    else if (tag.startsWith('w:drawing') || tag.startsWith('w:pict')) stats.pictures += 1;
    if (/w:pageBreakBefore(?![^>]*w:val\s*=\s*["'](?:0|false)["'])/.test(tag)) stats.pageBreaks += 1;
  };
  const countText = (run: string) => {
    let newlines = 0;
    for (let at = run.indexOf('\n'); at >= 0; at = run.indexOf('\n', at + 1)) newlines += 1;
    for (let at = run.indexOf('\r'); at >= 0; at = run.indexOf('\r', at + 1)) newlines += 1;
    stats.characters += run.length - newlines;
  };
  return {
    stats,
    feed(text) {
      let at = 0;
      while (at < text.length) {
        if (inTag) {
          const end = text.indexOf('>', at);
          const upTo = end < 0 ? text.length : end;
          if (tag.length < 256) tag += text.slice(at, Math.min(upTo, at + 256 - tag.length));
          if (end < 0) return;
          inTag = false;
          closeTag();
          at = end + 1;
        } else {
          const start = text.indexOf('<', at);
          countText(text.slice(at, start < 0 ? text.length : start));
          if (start < 0) return;
          inTag = true;
          tag = '';
          at = start + 1;
        }
      }
    },
  };
}

async function documentStats(bytes: Buffer, entry: ZipEntry): Promise<DocumentStats | 'too_large' | 'unreadable'> {
  const start = entryDataStart(bytes, entry);
  if (start === null) return 'unreadable';
  const data = bytes.subarray(start, start + entry.compressedSize);
  const counter = createStatsCounter();
  if (entry.method === 0) {
    if (data.length > maxDocumentXmlBytes) return 'too_large';
    counter.feed(data.toString('utf8'));
    return counter.stats;
  }
  if (entry.method !== 8) return 'unreadable';
  const inflater = zlib.createInflateRaw();
  const decoder = new TextDecoder('utf-8');
  let inflated = 0;
  try {
    for await (const chunk of Readable.from([data]).pipe(inflater) as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > maxDocumentXmlBytes) {
        inflater.destroy();
        return 'too_large';
      }
      counter.feed(decoder.decode(chunk, { stream: true }));
    }
  } catch {
    return 'unreadable';
  }
  return counter.stats;
}

function entryDataStart(bytes: Buffer, entry: ZipEntry): number | null {
  const local = entry.localOffset;
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return null;
  return local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
}

/** The page count the content supports, and the widest range a stated count may fall in to be believed. */
export function pagesFromStats(stats: DocumentStats): { estimate: number; lowest: number; highest: number } {
  const textPages = Math.ceil(stats.characters / charactersPerPage);
  const estimate = Math.max(1, textPages, stats.pageBreaks + 1, stats.renderedBreaks + 1);
  // Dense text fits twice as much on a page; every picture and break may start a page of its own.
  const lowest = Math.max(1, Math.ceil(estimate / 4));
  const highest = 4 * (Math.ceil(stats.characters / (charactersPerPage / 2)) + stats.pageBreaks + stats.renderedBreaks + stats.pictures + 1) + 2;
  return { estimate, lowest, highest };
}

export async function docxPages(bytes: Buffer): Promise<DocxPages> {
  const entries = zipEntries(bytes);
  const body = entries.get('word/document.xml');
  if (!body) return { ok: false, reason: 'unreadable' };
  const stats = await documentStats(bytes, body);
  if (stats === 'too_large' || stats === 'unreadable') return { ok: false, reason: stats };
  const { estimate, lowest, highest } = pagesFromStats(stats);
  const app = entries.get('docProps/app.xml');
  const appXml = app ? zipEntryText(bytes, app) : null;
  const statedText = appXml ? /<(?:\w+:)?Pages>\s*(\d+)\s*<\/(?:\w+:)?Pages>/.exec(appXml)?.[1] : undefined;
  const stated = statedText === undefined ? null : Number(statedText);
  if (stated !== null && stated >= lowest && stated <= highest) return { ok: true, pages: stated };
  return { ok: true, pages: estimate };
}
