/**
 * The misdirected-fax guard in compose: main checks the draft's recipients against the cached contacts and the
 * sent history whenever they change; the view shows what it found, with a one-click fix where there is one. A
 * draft with a warning the user has not confirmed is sent only after an explicit confirmation.
 */
import { numberKey } from '../../../preload/fax-number';
import type { DraftRecipient, RecipientWarning } from '../../../preload/models';
import { composeStore, draftRecipients, type ComposeState, type RecipientEntry } from './compose';
import { confirmWarnings, nameRecipients, replaceRecipient } from './compose-recipients';
import { faxApi, type IpcError } from './ipc';
import { settingsStore } from './settings';
import { createStore } from './store';

export interface GuardState {
  warnings: RecipientWarning[];
  /** The recipients the warnings are for (a check still running for newer ones leaves them as they are). */
  checkedFor: string;
}

export const guardStore = createStore<GuardState>({ warnings: [], checkedFor: '[]' });

let sequence = 0;

function recipientsSignature(state: ComposeState): string {
  return JSON.stringify(draftRecipients(state));
}

/** Checks the draft's recipients now; a reply for recipients that have since changed is dropped. */
export async function checkRecipientsNow(): Promise<{ warnings: RecipientWarning[] } | { error: IpcError }> {
  const state = composeStore.get();
  const signature = recipientsSignature(state);
  const recipients = draftRecipients(state);
  sequence += 1;
  const mine = sequence;
  if (recipients.length === 0) {
    guardStore.set({ warnings: [], checkedFor: signature });
    return { warnings: [] };
  }
  const result = await faxApi().checkRecipients({ recipients });
  if (!result.ok) return { error: result.error };
  if (mine === sequence) guardStore.set({ warnings: result.value, checkedFor: signature });
  // Numbers added without a name get their contact's name (checked once the guard has spoken).
  const unnamed = state.recipients.filter((recipient) => !recipient.name && recipient.e164 !== null).map((recipient) => recipient.e164 ?? '');
  if (unnamed.length > 0) {
    const names = await faxApi().contactNames({ numbers: unnamed });
    if (names.ok && names.value.length > 0) nameRecipients(names.value);
  }
  return { warnings: result.value };
}

/** The guard's findings about numbers outside compose (forwarding a fax). */
export async function checkNumbers(recipients: DraftRecipient[]): Promise<{ warnings: RecipientWarning[] } | { error: IpcError }> {
  const result = await faxApi().checkRecipients({ recipients });
  return result.ok ? { warnings: result.value } : { error: result.error };
}

export function unconfirmedWarnings(warnings: readonly RecipientWarning[], state: ComposeState): RecipientWarning[] {
  return warnings.filter((warning) => !state.confirmedWarnings.includes(warning.key));
}

/** The recipient a warning is about. */
export function recipientOf(warning: RecipientWarning, state: ComposeState): RecipientEntry | undefined {
  return state.recipients.find((recipient) => numberKey(recipient.e164 ?? recipient.input) === warning.number);
}

export function applySuggestion(warning: RecipientWarning): void {
  const state = composeStore.get();
  const recipient = recipientOf(warning, state);
  if (recipient && warning.suggestion) replaceRecipient(recipient.key, warning.suggestion);
}

export function confirmWarning(warning: RecipientWarning): void {
  confirmWarnings([warning.key]);
}

/**
 * Before sending: a fresh check (contacts may have synced since), and the warnings still to confirm. An error
 * means the check could not run; the caller does not send then.
 */
export async function warningsBeforeSend(): Promise<{ open: RecipientWarning[] } | { error: IpcError }> {
  const checked = await checkRecipientsNow();
  if ('error' in checked) return checked;
  return { open: unconfirmedWarnings(checked.warnings, composeStore.get()) };
}

/**
 * Re-checks whenever the recipients, the guard's settings or the cached faxes change (a fax just sent makes its
 * number known: a draft to the same number written meanwhile must stop calling it new).
 */
export function startRecipientGuard(): () => void {
  let last = recipientsSignature(composeStore.get());
  const stopCompose = composeStore.subscribe(() => {
    const next = recipientsSignature(composeStore.get());
    if (next === last) return;
    last = next;
    void checkRecipientsNow();
  });
  const stopSettings = settingsStore.subscribe(() => void checkRecipientsNow());
  const stopFaxes = faxApi().on('faxesChanged', ({ added, updated }) => {
    if (added.length + updated.length > 0 && composeStore.get().recipients.length > 0) void checkRecipientsNow();
  });
  return () => {
    stopCompose();
    stopSettings();
    stopFaxes();
  };
}
