/**
 * Which draft a new fax starts from. A draft left a while ago (another patient's subject and files) never comes
 * back unannounced: "New fax" shows it with "Draft from 10:42 — Continue / Start new"; "Fax" from a contact, files
 * dropped on the window and files opened with the app start a new fax and set the old draft aside (one click takes
 * it back); a held fax taken back to edit does the same. Drafts set aside stay with main until they are opened or
 * discarded (after a confirmation).
 */
import type { Draft } from '../../../preload/models';
import { cancelScheduledSave, composeStore, draftBeingRestored, hasContent, loadDraft, resetCompose, saveNow, type ComposeState } from './compose';
import { addFiles } from './compose-files';
import { addRecipients } from './compose-recipients';
import { faxApi, type IpcError } from './ipc';
import { navigate } from './navigation';
import { createStore } from './store';

/** A draft not changed for this long is "from earlier": it is shown with the question, not silently. */
export const staleDraftMs = 15 * 60_000;

export const draftsAsideStore = createStore<Draft[]>([]);

/** "New fax" asked for the cursor in "To": compose's recipients field takes it (once) when it shows. */
export const focusToFieldStore = createStore<boolean>(false);

export async function loadDraftsAside(): Promise<void> {
  const result = await faxApi().listDraftsAside();
  if (result.ok) draftsAsideStore.set(result.value);
}

/** A draft that is not the work of this sitting: untouched for a while (it may be another patient's). */
export function isFromEarlier(state: ComposeState, now: number): boolean {
  return hasContent(state) && now - (state.editedAt ?? now) > staleDraftMs;
}

/** Before files opened with the app join the draft: a draft from earlier is set aside, so they start a new fax. */
export async function setAsideIfFromEarlier(): Promise<void> {
  if (!isFromEarlier(composeStore.get(), Date.now())) return;
  const aside = await setAsideAndStartNew();
  if (aside !== null && !('kind' in aside)) composeStore.set((state) => ({ ...state, notice: { kind: 'setAside', at: aside.at, draftId: aside.draftId } }));
}

/**
 * Waits for a draft still on its way from main (just after the start or unlocking): a new fax made before it arrived
 * would be replaced by it, and the draft would come back unannounced.
 */
async function draftArrived(): Promise<void> {
  await draftBeingRestored()?.catch(() => undefined);
}

/** "New fax" (the button, Ctrl/⌘ N, the menu): a draft from earlier comes with the question; then compose. */
export function openNewFax(now: number = Date.now()): void {
  const askIfFromEarlier = (): void => {
    const state = composeStore.get();
    if (isFromEarlier(state, now) && state.notice === null) composeStore.set({ ...state, notice: { kind: 'resumed', at: state.editedAt ?? now } });
  };
  // Pressed while the draft kept with main is still on its way (just after the start or unlocking): the question
  // comes with the draft, which would otherwise arrive in compose unannounced.
  const restoring = draftBeingRestored();
  if (restoring) void restoring.then(askIfFromEarlier, askIfFromEarlier);
  else askIfFromEarlier();
  navigate('compose');
  focusToFieldStore.set(true);
  void loadDraftsAside();
}

/** "Continue": the draft is the user's again; the question goes. */
export function continueDraft(): void {
  composeStore.set((state) => ({ ...state, restored: false, notice: null, editedAt: Date.now() }));
}

/** Sets the draft aside (main keeps it) and starts an empty one; returns the draft set aside, or null if empty. */
async function setAsideAndStartNew(): Promise<{ draftId: string; at: number } | IpcError | null> {
  const state = composeStore.get();
  if (!hasContent(state)) return null;
  await saveNow();
  const result = await faxApi().setDraftAside();
  if (!result.ok) return result.error;
  resetCompose();
  await loadDraftsAside();
  return { draftId: state.draftId, at: state.editedAt ?? Date.now() };
}

/** "Start new": the draft from earlier is set aside (still there to open), and compose starts empty. */
export async function startNewFax(): Promise<IpcError | null> {
  const aside = await setAsideAndStartNew();
  if (aside !== null && 'kind' in aside) return aside;
  if (aside) composeStore.set((state) => ({ ...state, notice: { kind: 'setAside', at: aside.at, draftId: aside.draftId } }));
  return null;
}

/** What a new fax starts with, from outside compose: a contact to fax, files dropped or opened with the app. */
export type NewFaxStart = { recipients: Array<{ number: string; name?: string }> } | { files: readonly File[] };

/**
 * A new fax from a contact or from files: a draft in progress is set aside first (the notice offers it back), so
 * nothing of an earlier fax goes out with them — unless the draft is the work of this sitting and `join` says
 * files go into it (files dropped while composing).
 */
export async function startFaxWith(start: NewFaxStart, options: { joinRecentDraft?: boolean } = {}): Promise<IpcError | null> {
  await draftArrived();
  const state = composeStore.get();
  const join = options.joinRecentDraft === true && !isFromEarlier(state, Date.now());
  const aside = join ? null : await setAsideAndStartNew();
  if (aside !== null && 'kind' in aside) return aside;
  navigate('compose');
  if ('recipients' in start) addRecipients(start.recipients);
  else await addFiles(start.files);
  if (aside) composeStore.set((current) => ({ ...current, notice: { kind: 'setAside', at: aside.at, draftId: aside.draftId } }));
  return null;
}

/**
 * Opens a draft set aside. What compose holds now is set aside in its place when it has anything in it; a new fax
 * that holds only the contact it was started for gives that contact to the draft instead (the user chose the draft).
 */
export async function resumeDraftAside(draftId: string, options: { bringRecipients?: boolean } = {}): Promise<IpcError | null> {
  await draftArrived();
  const state = composeStore.get();
  const carried = options.bringRecipients === true && state.files.length === 0 && state.subject.trim() === '' && state.notes.trim() === '' ? state.recipients : [];
  cancelScheduledSave();
  if (carried.length > 0) {
    // The new fax held only the contact it was started for: the contact goes to the chosen draft, nothing aside.
    await faxApi().saveDraft({ id: state.draftId, recipients: [], subject: '', notes: '', coverId: '', files: [], scheduledAt: null, confirmedWarnings: [], replyWithinDays: null, updatedAt: Date.now() });
  } else if (hasContent(state)) {
    await saveNow();
  }
  const result = await faxApi().resumeDraft({ id: draftId });
  if (!result.ok) return result.error;
  loadDraft(result.value);
  if (carried.length > 0) addRecipients(carried.map((recipient) => ({ number: recipient.e164 ?? recipient.input, ...(recipient.name ? { name: recipient.name } : {}) })));
  await loadDraftsAside();
  return null;
}

/** Removes a draft set aside for good (the view asked first). */
export async function discardDraftAside(draftId: string): Promise<IpcError | null> {
  const result = await faxApi().discardDraft({ id: draftId });
  await loadDraftsAside();
  return result.ok ? null : result.error;
}

/** A fax on hold, not sent or scheduled, back in compose to change it; the draft in progress is set aside. */
export async function editHeldFax(submissionId: string): Promise<IpcError | null> {
  await draftArrived();
  const state = composeStore.get();
  if (hasContent(state)) await saveNow();
  const result = await faxApi().editSubmission({ id: submissionId });
  if (!result.ok) return result.error;
  loadDraft(result.value, { notice: hasContent(state) ? { kind: 'setAside', at: state.editedAt ?? Date.now(), draftId: state.draftId } : null });
  navigate('compose');
  await loadDraftsAside();
  return null;
}
