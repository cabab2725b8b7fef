/**
 * The files of the draft, in the order they are faxed. The list is one stop for Tab (the "roving" focus of a
 * toolbar): the arrow keys move between files (up, down) and a file's buttons (left, right), so reaching Send
 * never means tabbing through five buttons per file.
 */
import { useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { type ComposeFile } from '../data/compose';
import { moveFile, removeFile } from '../data/compose-files';
import { bytesText, pagesText } from '../format';
import { Icon } from '../components/Icon';
import { t } from '../i18n';
import type { MessageId } from '../../../preload/i18n/translator';
import { FileThumbnail } from './FileThumbnail';
import { PageStrip } from './PageStrip';
import { PreflightLine, ThumbnailFlag } from './Preflight';
import { usePageSource } from './use-page-source';

const kindNames: Record<ComposeFile['kind'], MessageId> = { pdf: 'compose.pdfDocument', docx: 'compose.wordDocument', jpg: 'compose.jpegImage', png: 'compose.pngImage', tiff: 'compose.tiffImage' };

export function kindName(kind: ComposeFile['kind']): string {
  return t(kindNames[kind]);
}

type Control = 'preview' | 'pages' | 'up' | 'down' | 'remove';
const controls: readonly Control[] = ['preview', 'pages', 'up', 'down', 'remove'];

/** Page tools work on PDFs: other kinds have no "Pages…" button. */
export const hasPageTools = (file: Pick<ComposeFile, 'kind'>): boolean => file.kind === 'pdf' || file.kind === 'tiff';

function enabled(control: Control, index: number, files: readonly ComposeFile[]): boolean {
  if (control === 'pages') return files[index] !== undefined && hasPageTools(files[index]);
  return !((control === 'up' && index === 0) || (control === 'down' && index === files.length - 1));
}

/** The button that takes the list's one Tab stop: the one last focused while it is there, else the first file's preview. */
export function tabStop(files: readonly ComposeFile[], last: { fileId: string; control: Control } | null): string | null {
  const first = files[0];
  if (!first) return null;
  const index = last ? files.findIndex((file) => file.id === last.fileId) : -1;
  if (last && index >= 0 && enabled(last.control, index, files)) return `${last.fileId}:${last.control}`;
  return `${first.id}:preview`;
}

/** Where an arrow key goes from a button: the buttons of the list as rows (files) of enabled buttons. */
function target(list: HTMLElement, from: HTMLElement, key: string): HTMLElement | null {
  const rows = [...list.querySelectorAll<HTMLElement>(':scope > li')].map((row) => [...row.querySelectorAll<HTMLButtonElement>('button[data-control]')].filter((button) => !button.disabled));
  const row = rows.findIndex((buttons) => buttons.includes(from as HTMLButtonElement));
  if (row < 0) return null;
  const column = rows[row]?.indexOf(from as HTMLButtonElement) ?? 0;
  const within = (buttons: HTMLButtonElement[] | undefined, wanted: string | undefined) => buttons?.find((button) => button.dataset.control === wanted) ?? buttons?.[0] ?? null;
  switch (key) {
    case 'ArrowRight':
      return rows[row]?.[column + 1] ?? null;
    case 'ArrowLeft':
      return rows[row]?.[column - 1] ?? null;
    case 'ArrowDown':
      return within(rows[row + 1], from.dataset.control);
    case 'ArrowUp':
      return within(rows[row - 1], from.dataset.control);
    case 'Home':
      return rows[row]?.[0] ?? null;
    case 'End':
      return rows[row]?.at(-1) ?? null;
    default:
      return null;
  }
}

/**
 * Changes the list and draws it at once, then puts the cursor on this button (a moved or removed file's button may
 * be gone or disabled). Drawn at once, not after a timer: a key pressed straight after (End, an arrow) acts from the
 * new place instead of being lost on a disabled button.
 */
function changeThenFocus(change: () => void, fileId: string | null, control: Control): void {
  flushSync(change);
  if (fileId !== null) document.querySelector<HTMLButtonElement>(`li[data-file="${CSS.escape(fileId)}"] button[data-control="${control}"]`)?.focus();
}

interface FileActions {
  onPreview: (file: ComposeFile) => void;
  onPages: (file: ComposeFile) => void;
}

function FileCard({ file, index, count, stop, neighbour, onPreview, onPages }: { file: ComposeFile; index: number; count: number; stop: string | null; neighbour: string | null } & FileActions) {
  const pages = usePageSource(file);
  const tabIndex = (control: Control) => (stop === `${file.id}:${control}` ? 0 : -1);
  return (
    <li className="file-card" data-testid="file-card" data-file={file.id}>
      {/* The flag sits beside the button, not in it: a visible word inside would have to be part of the button's name. */}
      <div className="thumbnail-cell">
        <button type="button" className="icon-button thumbnail-button" data-control="preview" tabIndex={tabIndex('preview')} onClick={() => onPreview(file)} aria-label={t('compose.preview', { name: file.name })}>
          <FileThumbnail file={file} pages={pages} />
        </button>
        <ThumbnailFlag file={file} />
      </div>
      <div className="file-card-text">
        <div className="file-name">{file.name}</div>
        <div className="field-hint">
          {kindName(file.kind)} · {file.pagesEstimated ? t('compose.aboutPages', { pages: pagesText(file.pages) }) : pagesText(file.pages)} · {bytesText(file.size)}
        </div>
        <PreflightLine file={file} />
        <PageStrip pages={pages} />
      </div>
      <div className="row row-tight">
        {hasPageTools(file) ? (
          <button type="button" className="icon-button" data-control="pages" tabIndex={tabIndex('pages')} onClick={() => onPages(file)} aria-label={t('compose.pages', { name: file.name })} title={t('compose.pages', { name: file.name })}>
            <Icon name="pages" />
          </button>
        ) : null}
        <button type="button" className="icon-button" data-control="up" tabIndex={tabIndex('up')} onClick={() => {
            changeThenFocus(() => moveFile(file.id, -1), index === 1 ? file.id : null, 'down');
          }} disabled={index === 0} aria-label={t('compose.moveUp', { name: file.name })}>
          <Icon name="up" />
        </button>
        <button type="button" className="icon-button" data-control="down" tabIndex={tabIndex('down')} onClick={() => {
            changeThenFocus(() => moveFile(file.id, 1), index === count - 2 ? file.id : null, 'up');
          }} disabled={index === count - 1} aria-label={t('compose.moveDown', { name: file.name })}>
          <Icon name="down" />
        </button>
        <button type="button" className="icon-button" data-control="remove" tabIndex={tabIndex('remove')} onClick={() => {
            changeThenFocus(() => removeFile(file.id), neighbour, 'remove');
          }} aria-label={t('compose.remove', { name: file.name })}>
          <Icon name="trash" />
        </button>
      </div>
    </li>
  );
}

export function FileList({ files, onPreview, onPages }: { files: readonly ComposeFile[] } & FileActions) {
  const [last, setLast] = useState<{ fileId: string; control: Control } | null>(null);
  const stop = tabStop(files, last);
  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const from = event.target as HTMLElement;
    if (!from.dataset.control) return;
    const next = target(event.currentTarget, from, event.key);
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
  return (
    <>
      <ol
        className="file-list"
        aria-label={t('compose.documentsToSend')}
        aria-describedby={files.length > 0 ? 'file-list-keys' : undefined}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const control = event.target.dataset.control as Control | undefined;
          const fileId = event.target.closest<HTMLElement>('li[data-file]')?.dataset.file;
          if (control && controls.includes(control) && fileId) setLast({ fileId, control });
        }}
      >
        {files.map((file, index) => (
          <FileCard key={file.id} file={file} index={index} count={files.length} stop={stop} neighbour={(files[index + 1] ?? files[index - 1])?.id ?? null} onPreview={onPreview} onPages={onPages} />
        ))}
      </ol>
      {files.length > 0 ? (
        <p id="file-list-keys" className="field-hint">{t('fileList.arrowKeys')}</p>
      ) : null}
    </>
  );
}
