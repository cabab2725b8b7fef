/**
 * Pre-flight in compose: every page of every file is measured by main at fax resolution as soon as the file is in
 * the draft (a few pages at a time, one file after another), and flagged blank, very dark or photo-like. Flags
 * never block sending; blank pages of a PDF can be removed in one click (a new PDF, the user's file untouched).
 */
import type { PageFlag, PreflightPage } from '../../../preload/models';
import { composeStore, type ComposeFile, type ComposeState } from './compose';
import { replaceFileWith } from './compose-files';
import { faxApi, type IpcError } from './ipc';
import { createStore } from './store';
import type { MessageId } from '../../../preload/i18n/translator';

export interface FilePreflight {
  state: 'checking' | 'done' | 'error' | 'not_applicable';
  pageCount: number | null;
  pages: PreflightPage[];
  error?: string | undefined;
}

export const preflightStore = createStore<Readonly<Record<string, FilePreflight>>>({});

/** A flag's name (`label`), the same inside a sentence (`inline`), and why it matters. */
export const flagWords: Record<PageFlag, { label: MessageId; inline: MessageId; why: MessageId }> = {
  blank: { label: 'preflight.blank', inline: 'preflight.blankInline', why: 'preflight.printsAsAnEmpty' },
  faint: { label: 'preflight.faint', inline: 'preflight.faintInline', why: 'preflight.printsNearlyEmpty' },
  dark: { label: 'preflight.veryDark', inline: 'preflight.veryDarkInline', why: 'preflight.largeAreasPrintSolid' },
  photo: { label: 'preflight.photo', inline: 'preflight.photoInline', why: 'preflight.shadesOfGreyWill' },
};

/** Pages asked for at a time: progress shows, and a removed file stops the check soon. */
const pagesPerCall = 4;

function setFile(fileId: string, change: (current: FilePreflight) => FilePreflight): void {
  preflightStore.set((all) => ({ ...all, [fileId]: change(all[fileId] ?? { state: 'checking', pageCount: null, pages: [] }) }));
}

const inDraft = (fileId: string) => composeStore.get().files.some((file) => file.id === fileId);

async function check(file: ComposeFile): Promise<void> {
  for (let from = 1; inDraft(file.id); from += pagesPerCall) {
    const result = await faxApi().preflightPages({ id: file.id, from, count: pagesPerCall });
    if (!result.ok) {
      setFile(file.id, (current) => ({ ...current, state: 'error', error: result.error.message }));
      return;
    }
    const { pageCount, pages } = result.value;
    const done = from + pagesPerCall > pageCount;
    setFile(file.id, (current) => ({ state: done ? 'done' : 'checking', pageCount, pages: [...current.pages, ...pages] }));
    if (done) return;
  }
}

let queue: Promise<void> = Promise.resolve();

/** Checks each file that joins the draft; forgets files that leave it. */
export function startPreflight(): () => void {
  const started = new Set<string>();
  const onChange = () => {
    const files = composeStore.get().files;
    for (const file of files) {
      if (started.has(file.id)) continue;
      started.add(file.id);
      if (file.kind === 'docx') {
        setFile(file.id, () => ({ state: 'not_applicable', pageCount: file.pages, pages: [] }));
        continue;
      }
      setFile(file.id, () => ({ state: 'checking', pageCount: null, pages: [] }));
      queue = queue.then(() => check(file)).catch(() => undefined);
    }
    const kept = new Set(files.map((file) => file.id));
    const all = preflightStore.get();
    if (Object.keys(all).some((id) => !kept.has(id))) {
      preflightStore.set(Object.fromEntries(Object.entries(all).filter(([id]) => kept.has(id))));
      for (const id of [...started]) if (!kept.has(id)) started.delete(id);
    }
  };
  onChange();
  return composeStore.subscribe(onChange);
}

export interface PreflightSummary {
  checking: boolean;
  flagged: Array<{ file: ComposeFile; page: number; flags: PageFlag[] }>;
  /** Portrait and landscape pages in the same fax. */
  mixedOrientation: { landscape: number; portrait: number } | null;
}

export function summarise(state: ComposeState, all: Readonly<Record<string, FilePreflight>>): PreflightSummary {
  const flagged: PreflightSummary['flagged'] = [];
  let landscape = 0;
  let portrait = 0;
  let checking = false;
  for (const file of state.files) {
    const found = all[file.id];
    if (!found) continue;
    if (found.state === 'checking') checking = true;
    for (const page of found.pages) {
      if (page.flags.length > 0) flagged.push({ file, page: page.page, flags: page.flags });
      if (page.landscape) landscape += 1;
      else portrait += 1;
    }
  }
  return { checking, flagged, mixedOrientation: landscape > 0 && portrait > 0 ? { landscape, portrait } : null };
}

export function blankPagesOf(found: FilePreflight | undefined): number[] {
  return found?.pages.filter((page) => page.flags.includes('blank')).map((page) => page.page) ?? [];
}

/**
 * Replaces the file in the draft with a copy without these pages (the blank ones the user saw and confirmed);
 * main checks each again and refuses a page that is not blank. Returns main's reason when refused.
 */
export async function removeBlankPages(file: ComposeFile, pages: readonly number[]): Promise<IpcError | null> {
  const result = await faxApi().removeBlankPages({ id: file.id, pages: [...pages] });
  if (!result.ok) return result.error;
  // Gone from the draft meanwhile (removed while main worked): the copy is released, nothing else to do.
  replaceFileWith(file.id, [result.value]);
  return null;
}

/** One page as the recipient's machine prints it, as an image URL (revoke it when done). */
export async function faxPageImage(fileId: string, page: number): Promise<{ url: string; width: number; height: number; pageCount: number } | { error: IpcError }> {
  const result = await faxApi().preflightPageImage({ id: fileId, page });
  if (!result.ok) return { error: result.error };
  const { png, width, height, pageCount } = result.value;
  return { url: URL.createObjectURL(new Blob([png.slice()], { type: 'image/png' })), width, height, pageCount };
}
