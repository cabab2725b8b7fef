/**
 * The compose draft in the renderer: recipients (checked as they are typed), cover fields, and staged files (each
 * already checked and encrypted by main). Every change is saved to main (debounced), so a draft survives errors,
 * a rejected key, going offline and restarts. The spec's limits are enforced here with specific messages, and
 * again by main.
 */
import { checkFaxNumber, type NumberOptions } from '../../../preload/fax-number';
import { faxLimits } from '../../../preload/fax-limits';
import type { AppStatus, Draft, DraftRecipient, StagedFile, SubmissionView } from '../../../preload/models';
import { faxApi, type IpcError } from './ipc';
import { showOutbox } from './list-filters';
import { onLockChange } from './lock';
import { settingsStore } from './settings';
import { statusStore } from './status';
import { navigate } from './navigation';
import { createStore } from './store';
import { toast } from './toasts';
import { say, t } from '../i18n';
import type { MessageId } from '../../../preload/i18n/translator';

export interface RecipientEntry {
  key: string;
  input: string;
  e164: string | null;
  name: string;
  error: string | null;
}

export interface ComposeFile extends StagedFile {
  /** The dropped or picked File, when this session has it (thumbnails); restored drafts read the staged copy. */
  source: File | null;
}

export interface ComposeState {
  /** This draft's id: main treats it as spent once a fax was journaled from it. */
  draftId: string;
  recipients: RecipientEntry[];
  subject: string;
  notes: string;
  coverId: string;
  files: ComposeFile[];
  /** Local date-time for a scheduled send ("" = now). */
  scheduleAt: string;
  /** Keys of the misdirected-fax guard's warnings the user confirmed for this draft. */
  confirmedWarnings: string[];
  /** Expect a reply within this many days (null: none expected). */
  replyWithinDays: number | null;
  /** Problems to show, newest first (a limit hit, a file refused). */
  problems: string[];
  staging: number;
  /** When the user last changed the draft (epoch ms; a restored draft: when it was last saved). */
  editedAt: number | null;
  /** What the compose view says about the draft: it came back from earlier, or an earlier one was set aside. */
  notice: DraftNotice | null;
}

export type DraftNotice = { kind: 'resumed'; at: number } | { kind: 'setAside'; at: number; draftId: string };

export function emptyCompose(): ComposeState {
  return { draftId: crypto.randomUUID(), recipients: [], subject: '', notes: '', coverId: '', files: [], scheduleAt: '', confirmedWarnings: [], replyWithinDays: null, problems: [], staging: 0, editedAt: null, notice: null };
}

export const composeStore = createStore<ComposeState>(emptyCompose());

let keySeq = 0;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
/** True once the stored draft was read (or the user changed something): only then may the state replace it. */
let draftLoaded = false;

/** How numbers are read: without "+", as numbers of the default country in Settings (when one is set). */
export function numberOptions(): NumberOptions {
  return { defaultCountry: settingsStore.get()?.defaultCountry ?? null };
}

/** A recipient as typed: checked, with its E.164 form or the reason it is not a fax number. */
export function recipientEntry(input: string, name = ''): RecipientEntry {
  keySeq += 1;
  const check = checkFaxNumber(input, numberOptions());
  return { key: `r${keySeq}`, input: input.trim(), e164: check.ok ? check.e164 : null, name, error: check.ok ? null : say(check.message) };
}

/** Changes the draft (a change the user made is saved, debounced). */
export function updateDraft(change: (state: ComposeState) => ComposeState, options: { save: boolean } = { save: true }): void {
  // A change the user made is work of this sitting: the draft is theirs now, not one that came back.
  composeStore.set(options.save ? (state) => ({ ...change(state), editedAt: Date.now(), notice: null }) : change);
  draftLoaded = true;
  if (options.save) scheduleDraftSave();
}

/** Whether the draft holds anything the user would miss. */
export function hasContent(state: Pick<ComposeState, 'recipients' | 'files' | 'subject' | 'notes' | 'coverId'>): boolean {
  return state.recipients.length > 0 || state.files.length > 0 || state.subject.trim() !== '' || state.notes.trim() !== '' || state.coverId.trim() !== '';
}

export function scheduleDraftSave(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void saveNow(), 400);
}

/** The recipients as main takes them: the E.164 form where the input was valid, the input otherwise. */
export function draftRecipients(state: ComposeState): DraftRecipient[] {
  return state.recipients.map((recipient) => ({ number: recipient.e164 ?? recipient.input, ...(recipient.name ? { name: recipient.name } : {}) }));
}

function scheduledAtOf(state: ComposeState): number | null {
  return state.scheduleAt ? new Date(state.scheduleAt).getTime() : null;
}

export async function saveNow(): Promise<void> {
  // A save now supersedes one scheduled: it must not come later with the same state (after the draft moved).
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  const state = composeStore.get();
  await faxApi().saveDraft({
    id: state.draftId,
    recipients: draftRecipients(state),
    subject: state.subject,
    notes: state.notes,
    coverId: state.coverId,
    files: state.files.map((file) => ({ id: file.id, name: file.name, kind: file.kind, size: file.size, pages: file.pages, pagesEstimated: file.pagesEstimated })),
    scheduledAt: scheduledAtOf(state),
    confirmedWarnings: state.confirmedWarnings,
    replyWithinDays: state.replyWithinDays,
    updatedAt: Date.now(),
  });
}

/**
 * Hands the draft to the outbox. On success the compose form starts over and the outbox shows, unfiltered, with
 * the new fax in it; on failure the draft stays exactly as it is and main's reason is returned.
 */
export async function sendDraft(): Promise<IpcError | null> {
  const state = composeStore.get();
  const result = await faxApi().sendFax({
    draftId: state.draftId,
    recipients: draftRecipients(state),
    subject: state.subject,
    notes: state.notes,
    coverId: state.coverId,
    fileIds: state.files.map((file) => file.id),
    scheduledAt: scheduledAtOf(state),
    ...(state.replyWithinDays !== null ? { replyWithinDays: state.replyWithinDays } : {}),
  });
  if (!result.ok) return result.error;
  resetCompose();
  announceQueued(result.value);
  showOutbox();
  return null;
}

/** Where the fax is: "uploading now" only when it is, never while offline or on hold. */
function queuedMessageId(submission: SubmissionView, status: AppStatus['kind']): MessageId {
  if (submission.state === 'scheduled') return 'compose.scheduledTheFaxWaits';
  if (submission.state === 'held' || submission.state === 'failed' || status === 'key_rejected' || status === 'signed_out') return 'compose.inTheOutboxHeld';
  if (submission.state === 'waiting' || status === 'offline' || status === 'starting' || status === 'connecting') return 'compose.inTheOutboxOffline';
  return 'compose.inTheOutboxUploading';
}

export function queuedMessage(submission: SubmissionView, status: AppStatus['kind']): string {
  return t(queuedMessageId(submission, status));
}

function announceQueued(submission: SubmissionView): void {
  const id = queuedMessageId(submission, statusStore.get().kind);
  toast(id === 'compose.inTheOutboxUploading' || id === 'compose.scheduledTheFaxWaits' ? 'success' : 'info', t(id));
}

export function problem(message: string): void {
  updateDraft((state) => ({ ...state, problems: [message, ...state.problems].slice(0, 6) }), { save: false });
}

export function dismissProblems(): void {
  updateDraft((state) => ({ ...state, problems: [] }), { save: false });
}

export function setReplyWithinDays(days: number | null): void {
  updateDraft((state) => ({ ...state, replyWithinDays: days }));
}

export function setField(field: 'subject' | 'notes' | 'coverId' | 'scheduleAt', value: string): void {
  updateDraft((state) => ({ ...state, [field]: value }));
}

/**
 * Files opened with the app (main staged them already) join the compose draft. Returns how many were offered,
 * so the caller can show compose.
 */
export async function takeOpenedFiles(beforeAdding: () => Promise<void> = () => Promise.resolve()): Promise<number> {
  const result = await faxApi().takeOpenedFiles();
  if (!result.ok) return 0;
  const { staged, rejected } = result.value;
  if (staged.length > 0) await beforeAdding();
  for (const rejection of rejected) problem(rejection.message);
  const room = Math.max(0, faxLimits.maxFiles - composeStore.get().files.length);
  const accepted = staged.slice(0, room);
  const overflow = staged.slice(room);
  for (const file of overflow) problem(t('compose.aFaxCanCarry2', { maxFiles: faxLimits.maxFiles, name: file.name }));
  if (overflow.length > 0) void faxApi().releaseStagedFiles({ ids: overflow.map((file) => file.id) });
  if (accepted.length > 0) updateDraft((current) => ({ ...current, files: [...current.files, ...accepted.map((file) => ({ ...file, source: null }))] }));
  return staged.length + rejected.length;
}

/** What the send will cost: pages per recipient (plus a cover page) times recipients. */
export function pageTotals(state: ComposeState): { perRecipient: number; recipients: number; total: number; estimated: boolean } {
  const perRecipient = state.files.reduce((sum, file) => sum + file.pages, 0) + (state.coverId.trim() ? 1 : 0);
  const recipients = state.recipients.filter((recipient) => recipient.e164).length;
  return { perRecipient, recipients, total: perRecipient * recipients, estimated: state.files.some((file) => file.pagesEstimated) };
}

/** Why the draft cannot be sent yet, or null. */
export function sendBlocker(state: ComposeState): string | null {
  // A draft from earlier is sent only once the user said it is the one they mean.
  if (state.notice?.kind === 'resumed') return t('compose.answerDraftQuestion');
  if (state.staging > 0) return t('compose.filesAreStillBeing');
  if (state.recipients.length === 0) return t('compose.addAtLeastOne');
  const invalid = state.recipients.find((recipient) => recipient.error);
  if (invalid) return `“${invalid.input}”: ${invalid.error ?? ''}`;
  if (state.files.length === 0 && !state.coverId.trim()) return t('compose.nothingToSendAdd');
  return null;
}

/** The read of the draft kept with main into compose while it is under way (at start, after unlocking). */
let restoring: Promise<void> | null = null;

export function restoreDraft(): Promise<void> {
  const reading = (async () => {
    const result = await faxApi().getDraft();
    if (!result.ok) return;
    draftLoaded = true;
    if (!result.value) return;
    loadDraft(result.value);
  })();
  restoring = reading;
  const done = (): void => {
    if (restoring === reading) restoring = null;
  };
  void reading.then(done, done);
  return reading;
}

/** Settles once the draft being read from main is in compose; null when no read is under way. */
export function draftBeingRestored(): Promise<void> | null {
  return restoring;
}

/** Puts a draft main holds into compose (restored at start, resumed from the ones set aside, a held fax to edit). */
export function loadDraft(draft: Draft, options: { notice?: DraftNotice | null } = {}): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  draftLoaded = true;
  composeStore.set({
    ...emptyCompose(),
    editedAt: draft.updatedAt,
    notice: options.notice ?? null,
    draftId: draft.id,
    recipients: draft.recipients.map((recipient) => recipientEntry(recipient.number, recipient.name ?? '')),
    subject: draft.subject,
    notes: draft.notes,
    coverId: draft.coverId,
    files: draft.files.map((file) => ({ ...file, source: null })),
    scheduleAt: draft.scheduledAt ? toLocalInput(draft.scheduledAt) : '',
    confirmedWarnings: draft.confirmedWarnings ?? [],
    replyWithinDays: draft.replyWithinDays ?? null,
  });
}

/** Drops a save still waiting to go (the draft is about to be replaced; what it held was saved or is not wanted). */
export function cancelScheduledSave(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
}

export function resetCompose(): void {
  if (saveTimer) clearTimeout(saveTimer);
  composeStore.set(emptyCompose());
}

/** On locking: the draft goes to main (encrypted on disk) and leaves the renderer's memory, files included. */
export async function stashDraftForLock(): Promise<void> {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  if (!draftLoaded) return;
  const saving = saveNow();
  composeStore.set(emptyCompose());
  draftLoaded = false;
  await saving;
}

export function toLocalInput(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Keeps the draft with main across the lock, and brings files opened with the app into compose — always after
 * the draft they join has been restored, never before (restoring replaces the compose state).
 */
/** Reads the recipients again as typed (the default country changed, or the settings arrived after the draft). */
function recheckRecipients(): void {
  const state = composeStore.get();
  if (state.recipients.length === 0) return;
  const recipients = state.recipients.map((recipient) => {
    const check = checkFaxNumber(recipient.input, numberOptions());
    const next = { ...recipient, e164: check.ok ? check.e164 : null, error: check.ok ? null : say(check.message) };
    return next.e164 === recipient.e164 && next.error === recipient.error ? recipient : next;
  });
  if (recipients.some((recipient, index) => recipient !== state.recipients[index])) composeStore.set({ ...state, recipients });
}

/**
 * `beforeOpenedFiles` runs before files opened with the app join the draft (a draft from earlier is set aside, so
 * they start a new fax).
 */
export function startCompose(beforeOpenedFiles: () => Promise<void> = () => Promise.resolve()): void {
  settingsStore.subscribe(recheckRecipients);
  let draftRestored: Promise<void> | null = null;
  const composeOpenedFiles = async () => {
    if (!draftRestored) return; // still starting or locked: taken when the draft is restored
    await draftRestored;
    if ((await takeOpenedFiles(beforeOpenedFiles)) > 0) navigate('compose');
  };
  onLockChange((locked) => {
    if (locked) {
      draftRestored = null;
      void stashDraftForLock();
    } else {
      draftRestored = restoreDraft();
      void composeOpenedFiles();
    }
  });
  faxApi().on('filesOpened', () => void composeOpenedFiles());
}
