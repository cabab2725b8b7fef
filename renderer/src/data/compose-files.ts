/** The draft's files: added (checked and staged by main, within the spec's limits), read, replaced, reordered, removed. */
import { faxLimits, tooLargeMessage } from '../../../preload/fax-limits';
import type { StagedFile } from '../../../preload/models';
import { say, t } from '../i18n';
import { composeStore, problem, updateDraft, type ComposeFile } from './compose';
import { faxApi, type IpcError } from './ipc';

/** The bytes of a document staged in main (made by the page tools or fill & sign). */
export async function stagedBytes(id: string): Promise<{ bytes: Uint8Array } | { error: IpcError }> {
  const result = await faxApi().readStagedFile({ id });
  return result.ok ? { bytes: result.value } : { error: result.error };
}

/** The bytes of a file in the draft: the dropped file itself, or main's staged copy for a restored draft. */
export async function fileBytes(file: ComposeFile): Promise<{ bytes: Uint8Array } | { error: IpcError }> {
  if (file.source) return { bytes: new Uint8Array(await file.source.arrayBuffer()) };
  const result = await faxApi().readStagedFile({ id: file.id });
  return result.ok ? { bytes: result.value } : { error: result.error };
}

/** Checks the spec's limits here first, then has main check and encrypt each file. */
export async function addFiles(files: readonly File[]): Promise<void> {
  const state = composeStore.get();
  const room = faxLimits.maxFiles - state.files.length;
  const accepted: File[] = [];
  for (const file of files) {
    if (accepted.length >= room) {
      problem(t('compose.aFaxCanCarry', { maxFiles: faxLimits.maxFiles, name: file.name }));
      continue;
    }
    if (file.size > faxLimits.maxFileBytes) {
      problem(say(tooLargeMessage(`“${file.name}”`, file.size)));
      continue;
    }
    accepted.push(file);
  }
  if (accepted.length === 0) return;
  updateDraft((current) => ({ ...current, staging: current.staging + accepted.length }), { save: false });
  const result = await faxApi().stageFiles({ files: accepted });
  updateDraft((current) => ({ ...current, staging: Math.max(0, current.staging - accepted.length) }), { save: false });
  if (!result.ok) {
    problem(result.error.message);
    return;
  }
  for (const rejection of result.value.rejected) problem(rejection.message);
  const added: ComposeFile[] = result.value.staged.map((staged) => ({ ...staged, source: accepted.find((file) => file.name === staged.name) ?? null }));
  updateDraft((current) => ({ ...current, files: [...current.files, ...added] }));
}

export function removeFile(id: string): void {
  updateDraft((state) => ({ ...state, files: state.files.filter((file) => file.id !== id) }));
  void faxApi().releaseStagedFiles({ ids: [id] });
}

/**
 * Puts the documents made of a file's pages (page tools) in its place, in their order; the old staged copy is
 * released. Refused (nothing changes, the new copies are released) when the fax would carry too many files or
 * the file is no longer in the draft.
 */
export function replaceFileWith(id: string, replacements: readonly StagedFile[]): 'replaced' | 'tooMany' | 'gone' {
  const state = composeStore.get();
  const outcome = !state.files.some((file) => file.id === id) ? 'gone' : state.files.length - 1 + replacements.length > faxLimits.maxFiles ? 'tooMany' : 'replaced';
  if (outcome !== 'replaced') {
    void faxApi().releaseStagedFiles({ ids: replacements.map((file) => file.id) });
    return outcome;
  }
  updateDraft((current) => ({ ...current, files: current.files.flatMap((file) => (file.id === id ? replacements.map((staged) => ({ ...staged, source: null })) : [file])) }));
  void faxApi().releaseStagedFiles({ ids: [id] });
  return outcome;
}

export function moveFile(id: string, offset: -1 | 1): void {
  updateDraft((state) => {
    const index = state.files.findIndex((file) => file.id === id);
    const target = index + offset;
    if (index < 0 || target < 0 || target >= state.files.length) return state;
    const files = [...state.files];
    const [moved] = files.splice(index, 1);
    if (moved) files.splice(target, 0, moved);
    return { ...state, files };
  });
}
