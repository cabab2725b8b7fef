/** A compose file's pages, opened once for its thumbnail and its page strip, closed when the file goes. */
import { useEffect, useState } from 'react';
import { type ComposeFile } from '../data/compose';
import { fileBytes, stagedBytes } from '../data/compose-files';
import { openPageSource, type PageSource } from './page-source';

export type FilePages =
  | { state: 'loading' }
  | { state: 'ready'; source: PageSource }
  /** No pictures: a Word file (the Fax Service converts it), or a file that could not be read (`problem`: main's reason). */
  | { state: 'none'; problem: string | null };

const loading: FilePages = { state: 'loading' };
const wordFile: FilePages = { state: 'none', problem: null };

export function usePageSource(file: ComposeFile): FilePages {
  // What was opened belongs to the file it was opened for: another file shows "loading" until its own pages open.
  const [opened, setOpened] = useState<{ file: ComposeFile; pages: FilePages } | null>(null);
  useEffect(() => {
    const kind = file.kind;
    if (kind === 'docx') return;
    const run = { cancelled: false, source: null as PageSource | null };
    // Read through a call: the flag changes while this effect awaits.
    const stopped = () => run.cancelled;
    void (async () => {
      const read = await fileBytes(file);
      if (stopped()) return;
      if ('error' in read) return setOpened({ file, pages: { state: 'none', problem: read.error.message } });
      try {
        const source = await openPageSource(kind, read.bytes);
        if (stopped()) return void source.close();
        run.source = source;
        setOpened({ file, pages: { state: 'ready', source } });
      } catch {
        if (!stopped()) setOpened({ file, pages: { state: 'none', problem: null } });
      }
    })();
    return () => {
      run.cancelled = true;
      void run.source?.close();
    };
  }, [file]);
  if (file.kind === 'docx') return wordFile;
  return opened?.file === file ? opened.pages : loading;
}

/** The pages of a document staged in main (one the page tools or fill & sign made), to show what is about to go. */
export function useStagedPages(fileId: string): FilePages {
  const [opened, setOpened] = useState<{ fileId: string; pages: FilePages } | null>(null);
  useEffect(() => {
    const run = { cancelled: false, source: null as PageSource | null };
    const stopped = () => run.cancelled;
    void (async () => {
      const read = await stagedBytes(fileId);
      if (stopped()) return;
      if ('error' in read) return setOpened({ fileId, pages: { state: 'none', problem: read.error.message } });
      try {
        const source = await openPageSource('pdf', read.bytes);
        if (stopped()) return void source.close();
        run.source = source;
        setOpened({ fileId, pages: { state: 'ready', source } });
      } catch {
        if (!stopped()) setOpened({ fileId, pages: { state: 'none', problem: null } });
      }
    })();
    return () => {
      run.cancelled = true;
      void run.source?.close();
    };
  }, [fileId]);
  return opened?.fileId === fileId ? opened.pages : loading;
}
